/**
 * Support conversations: a user opens one with a first message and reads their own; the team (admins)
 * reads everyone's. Someone else's conversation is a 404.
 */
import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, keyset, supportConversations, supportMessages } from '../db';
import { notFound } from '../http';
import { paginate, type Paginated } from '../../paginate';
import {
  type ConversationPayload,
  type ConversationRow,
  serializeConversation,
  serializeSupportMessage,
  type SupportMessagePayload,
} from './conversation-payload';
import { isSupportAgent } from './support-team';
import { unreadSql } from './support-unread';

export interface SupportViewer {
  id: number;
  type: 'BRAND' | 'PODCASTER' | 'ADMIN';
}

export const listConversationsSchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(50).default(20),
  status: z.enum(['open', 'closed', 'all']).default('all'),
  search: z.string().trim().max(100).default(''),
  cursor: z.string().max(2000).optional(),
});
export type ListConversationsInput = z.infer<typeof listConversationsSchema>;

const lastMessageSql = sql<number | null>`(select max(m.id) from ${supportMessages} m where m.conversation_id = "support_conversations"."id")`;

/** Newest activity first, the id breaking ties (support_conversations_user_recent_idx, support_conversations_latest_idx). */
const order = keyset([
  { column: supportConversations.last_message_at, type: 'timestamp' },
  { column: supportConversations.id, type: 'int' },
]);

/** The viewer's conversations (an admin: everyone's), newest activity first, with unread counts. */
export async function listConversations(viewer: SupportViewer, input: ListConversationsInput): Promise<Paginated<ConversationPayload>> {
  const db = await getDb();
  const asSupport = isSupportAgent(viewer);
  const filters = [
    asSupport ? undefined : eq(supportConversations.user_id, viewer.id),
    input.status === 'all' ? undefined : eq(supportConversations.status, input.status),
    input.search
      ? or(
          ilike(sql`${supportConversations.identity} ->> 'name'`, `%${input.search}%`),
          ilike(sql`${supportConversations.identity} ->> 'email'`, `%${input.search}%`),
        )
      : undefined,
  ];
  const where = and(...filters);
  const after = order.after(input.cursor);
  const [read, [total]] = await Promise.all([
    db
      .select({ conversation: supportConversations, unread: unreadSql(asSupport), last_id: lastMessageSql, cursor_key: order.key })
      .from(supportConversations)
      .where(and(where, after))
      .orderBy(...order.orderBy)
      .limit(input.per_page + 1)
      .offset(after ? 0 : (input.page - 1) * input.per_page),
    db.select({ n: sql<number>`count(*)::int` }).from(supportConversations).where(where),
  ]);
  const { rows, next_cursor } = order.page(read, input.per_page);
  const lastIds = rows.map((r) => r.last_id).filter((id): id is number => id !== null);
  const lasts = lastIds.length ? await db.select().from(supportMessages).where(inArray(supportMessages.id, lastIds)) : [];
  const items = rows.map((r) => serializeConversation(r.conversation, lasts.find((m) => m.id === Number(r.last_id)) ?? null, Number(r.unread)));
  const query: Record<string, string> = { per_page: String(input.per_page) };
  if (input.status !== 'all') query.status = input.status;
  if (input.search) query.search = input.search;
  const result = paginate(items, Number(total?.n ?? 0), input.page, input.per_page, '/api/support/conversations', query);
  result.meta.next_cursor = next_cursor;
  return result;
}

/** The conversation row when the viewer may see it (its user, or an admin); else 404. */
export async function findConversation(viewer: SupportViewer, id: number): Promise<ConversationRow> {
  const db = await getDb();
  const [row] = await db.select().from(supportConversations).where(eq(supportConversations.id, id));
  if (!row || (!isSupportAgent(viewer) && row.user_id !== viewer.id)) throw notFound();
  return row;
}

/** How many messages one conversation shows (the newest). */
export const THREAD_LIMIT = 500;

/** One conversation with its messages, oldest first, and the viewer's unread count before reading. */
export async function loadConversation(viewer: SupportViewer, id: number): Promise<{ conversation: ConversationPayload; messages: SupportMessagePayload[] }> {
  const row = await findConversation(viewer, id);
  const db = await getDb();
  const [rows, [unread]] = await Promise.all([
    db.select().from(supportMessages).where(eq(supportMessages.conversation_id, id)).orderBy(desc(supportMessages.id)).limit(THREAD_LIMIT),
    db
      .select({ n: unreadSql(isSupportAgent(viewer)) })
      .from(supportConversations)
      .where(eq(supportConversations.id, id)),
  ]);
  const messages = rows.reverse();
  return {
    conversation: serializeConversation(row, messages.at(-1) ?? null, Number(unread?.n ?? 0)),
    messages: messages.map((m) => serializeSupportMessage(m, row.identity)),
  };
}
