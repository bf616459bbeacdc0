/** A member's own state of a discussion: archived or not, read or unread, and which messages they have seen. */
import { and, eq, inArray, ne, or, isNull, sql } from 'drizzle-orm';
import { getDb, discussionUsers, discussions, messageViews, messages } from '../db';
import { notFound } from '../http';
import { publishDiscussionUpdated, publishMessagesViewed } from './events';
import { unreadCountSql } from './list-discussions';
import { liveDiscussion, memberDiscussion, membershipOn } from './membership';

async function setState(userId: number, discussionId: number, values: Partial<typeof discussionUsers.$inferInsert>): Promise<void> {
  await memberDiscussion(userId, discussionId);
  const db = await getDb();
  await db
    .update(discussionUsers)
    .set(values)
    .where(and(eq(discussionUsers.discussion_id, discussionId), eq(discussionUsers.user_id, userId)));
  await publishDiscussionUpdated(discussionId, [userId]);
}

/** Moves the discussion to the user's archive. */
export const archiveDiscussion = (userId: number, discussionId: number) => setState(userId, discussionId, { is_archived: true });
/** Brings the discussion back from the user's archive. */
export const unarchiveDiscussion = (userId: number, discussionId: number) => setState(userId, discussionId, { is_archived: false });
/** Marks everything in the discussion read for the user. */
export const markDiscussionRead = (userId: number, discussionId: number) => setState(userId, discussionId, { is_unread: false, last_read_at: new Date() });
/** Marks the discussion unread for the user (until they open or read it). */
export const markDiscussionUnread = (userId: number, discussionId: number) => setState(userId, discussionId, { is_unread: true });

/**
 * Records that the user has seen messages of others (all of them when no ids are given): message
 * views are counted, the discussion becomes read, and the authors see 'seen by'. Opening a room with
 * nothing new writes nothing (every open sends this), so the caches that read these tables stay.
 */
export async function viewMessages(userId: number, discussionId: number, messageIds?: number[]): Promise<number[]> {
  const db = await getDb();
  const [state] = await db
    .select({ membership: discussionUsers, unread: unreadCountSql(userId) })
    .from(discussions)
    .innerJoin(discussionUsers, membershipOn(userId))
    .where(liveDiscussion(discussionId));
  if (!state) throw notFound();
  const filters = [eq(messages.discussion_id, discussionId), or(isNull(messages.user_id), ne(messages.user_id, userId))];
  if (messageIds) filters.push(messageIds.length ? inArray(messages.id, messageIds) : sql`false`);
  // Without ids, only what the user has not seen yet (opening a room again does not recount everything).
  else filters.push(sql`not exists (select 1 from ${messageViews} v where v.message_id = ${messages.id} and v.user_id = ${userId})`);
  const seen = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(...filters));
  const ids = seen.map((m) => m.id);
  if (ids.length) {
    await db
      .insert(messageViews)
      .values(ids.map((message_id) => ({ message_id, user_id: userId, views: 1 })))
      .onConflictDoUpdate({ target: [messageViews.message_id, messageViews.user_id], set: { views: sql`${messageViews.views} + 1`, updated_at: new Date() } });
  }
  // Already read (not marked unread, nothing from others since the last read): moving last_read_at changes no count.
  if (ids.length || state.membership.is_unread || Number(state.unread) > 0) {
    await db
      .update(discussionUsers)
      .set({ is_unread: false, last_read_at: new Date() })
      .where(and(eq(discussionUsers.discussion_id, discussionId), eq(discussionUsers.user_id, userId)));
  }
  if (ids.length) await publishMessagesViewed(discussionId, userId, ids);
  await publishDiscussionUpdated(discussionId, [userId]);
  return ids;
}
