/**
 * The support chat's tables (written by the support domain only): one conversation per question a
 * user asks the support team (admins), and its messages. Read state is kept per side: the user's and
 * the team's last read time, so both get unread badges.
 */
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { SupportIdentity } from '../../../support-types';
import { users } from './core';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

export const supportConversations = pgTable(
  'support_conversations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    identity: jsonb().$type<SupportIdentity>().notNull(),
    /** open: waiting on either side; closed: the team marked it solved (a new message reopens it). */
    status: text().$type<'open' | 'closed'>().notNull().default('open'),
    last_message_at: ts().defaultNow().notNull(),
    user_read_at: ts(),
    support_read_at: ts(),
    created_at: ts().defaultNow().notNull(),
    updated_at: ts()
      .defaultNow()
      .notNull()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('support_conversations_user_idx').on(t.user_id, t.last_message_at),
    index('support_conversations_recent_idx').on(t.last_message_at),
    // Keyset pages of a user's and of the team's inbox: newest activity first, id breaking ties.
    index('support_conversations_user_recent_idx').on(t.user_id, t.last_message_at.desc(), t.id.desc()),
    index('support_conversations_latest_idx').on(t.last_message_at.desc(), t.id.desc()),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    conversation_id: integer()
      .notNull()
      .references(() => supportConversations.id, { onDelete: 'cascade' }),
    /** The author; null once that account is gone. */
    user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    /** True for the team's answers, false for the user's own messages. */
    from_support: boolean().notNull(),
    content: text().notNull(),
    created_at: ts().defaultNow().notNull(),
  },
  (t) => [index('support_messages_conversation_idx').on(t.conversation_id, t.id)],
);
