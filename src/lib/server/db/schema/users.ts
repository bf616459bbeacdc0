/**
 * The users domain's own tables (written by src/lib/server/users only).
 *
 * session_devices: where each sign-in (a refresh-token family of oauth_refresh_tokens) came from, so
 * the sign-in method page can list sessions by device and address. Recorded when the token endpoint
 * issues or rotates tokens; the tokens themselves stay auth's.
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './core';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

export const sessionDevices = pgTable(
  'session_devices',
  {
    family_id: text().primaryKey(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    user_agent: text(),
    ip_address: text(),
    created_at: ts().defaultNow().notNull(),
    last_used_at: ts().defaultNow().notNull(),
  },
  (t) => [index('session_devices_user_idx').on(t.user_id)],
);
