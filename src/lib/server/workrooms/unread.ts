/** How many of a user's workrooms hold something new for them: one rule for the shell's badge and the workroom events. */
import { sql, type SQL } from 'drizzle-orm';
import { getDb, discussionUsers, discussions, messages } from '../db';

/**
 * Workrooms with something new for the user: marked unread, or holding a message from someone else
 * newer than the user's last read (every message counts when they never read the room). An SQL count.
 */
export function unreadWorkroomsSql(userId: number): SQL {
  return sql`(
    select count(*)::int from ${discussionUsers}
      inner join ${discussions} on ${discussions.id} = ${discussionUsers.discussion_id}
    where ${discussionUsers.user_id} = ${userId} and ${discussions.is_deleted} = false
      and (${discussionUsers.is_unread} = true or exists (
        select 1 from ${messages}
        where ${messages.discussion_id} = ${discussionUsers.discussion_id}
          and (${messages.user_id} is null or ${messages.user_id} <> ${userId})
          and (${discussionUsers.last_read_at} is null or ${messages.created_at} > ${discussionUsers.last_read_at})
      ))
  )`;
}

/** The count of workrooms with something new for the user (one statement). */
export async function countUnreadWorkrooms(userId: number): Promise<number> {
  const db = await getDb();
  const { rows } = await db.execute<{ n: number }>(sql`select ${unreadWorkroomsSql(userId)} as n`);
  return Number(rows[0]?.n ?? 0);
}
