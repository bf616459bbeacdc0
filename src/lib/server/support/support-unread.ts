/**
 * Unread support messages, per side: a user has unread answers from the team; the team has
 * conversations with user messages no admin has read yet.
 */
import { sql, type SQL } from 'drizzle-orm';
import { getDb, supportConversations, supportMessages } from '../db';
import { isSupportAgent } from './support-team';

/** SQL: this conversation's messages from the other side that the viewer has not read. */
export function unreadSql(asSupport: boolean) {
  // Qualified by hand: in a one-table query Drizzle leaves column names bare, which inside the
  // subquery would name the message's own columns.
  const readAt = sql.raw(`"support_conversations"."${asSupport ? 'support_read_at' : 'user_read_at'}"`);
  return sql<number>`(
    select count(*)::int from ${supportMessages} m
    where m.conversation_id = "support_conversations"."id"
      and m.from_support = ${!asSupport}
      and (${readAt} is null or m.created_at > ${readAt})
  )`;
}

/** SQL: the badge count, a user's unread answers or (for admins) the conversations waiting to be read (the shell reads it in its one statement). */
export function supportUnreadSql(viewer: { id: number; type: string }): SQL<number> {
  if (isSupportAgent(viewer)) return sql<number>`(select count(*)::int from ${supportConversations} where ${unreadSql(true)} > 0)`;
  return sql<number>`(
    select coalesce(sum(${unreadSql(false)}), 0)::int from ${supportConversations}
    where ${supportConversations.user_id} = ${viewer.id}
  )`;
}

/** The badge count: a user's unread answers, or (for admins) the conversations waiting to be read. */
export async function countSupportUnread(viewer: { id: number; type: string }): Promise<number> {
  const db = await getDb();
  const { rows } = await db.execute<{ n: number }>(sql`select ${supportUnreadSql(viewer)} as n`);
  return Number(rows[0]?.n ?? 0);
}
