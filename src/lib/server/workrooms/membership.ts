/**
 * Who belongs to a workroom. Every workroom call goes through memberDiscussion(): a discussion the
 * user is not a member of answers 404, never its data.
 */
import type { WorkroomMember } from '../../workroom-types';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { getDb, type Db, type Tx, qualified, brands, discussionUsers, discussions, messages, users } from '../db';
import { notFound } from '../http';
import { isOnline } from '../users';

export type DiscussionRow = typeof discussions.$inferSelect;
export type MembershipRow = typeof discussionUsers.$inferSelect;

/** The kinds of workroom, the first segment of /workrooms/{type}/{id}. */
export const WORKROOM_TYPES = ['package', 'sponsorship', 'podcast'] as const;
export type WorkroomType = (typeof WORKROOM_TYPES)[number];

/** Joins `discussion_users` to `discussions` on the user's own membership: no row for anyone outside. */
export const membershipOn = (userId: number): SQL => and(eq(discussionUsers.discussion_id, discussions.id), eq(discussionUsers.user_id, userId))!;

/** The discussion by id, unless it is deleted. */
export const liveDiscussion = (discussionId: number): SQL => and(eq(discussions.id, discussionId), eq(discussions.is_deleted, false))!;

/** The discussion with the user's membership, or 404 when it does not exist, is deleted or the user is not in it. */
export async function memberDiscussion(userId: number, discussionId: number, db?: Db | Tx): Promise<{ discussion: DiscussionRow; membership: MembershipRow }> {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select({ discussion: discussions, membership: discussionUsers })
    .from(discussions)
    .innerJoin(discussionUsers, membershipOn(userId))
    .where(liveDiscussion(discussionId));
  if (!row) throw notFound();
  return row;
}

/** True when the user belongs to the discussion: the realtime server asks this before letting them join its channels. */
export async function mayJoinWorkroom(userId: number, discussionId: number): Promise<boolean> {
  const db = await getDb();
  const [member] = await db
    .select({ id: discussionUsers.user_id })
    .from(discussionUsers)
    .where(and(eq(discussionUsers.discussion_id, discussionId), eq(discussionUsers.user_id, userId)));
  return !!member;
}

/** The user ids of a discussion. */
export async function memberIds(discussionId: number, db?: Db | Tx): Promise<number[]> {
  const conn = db ?? (await getDb());
  const rows = await conn.select({ id: discussionUsers.user_id }).from(discussionUsers).where(eq(discussionUsers.discussion_id, discussionId));
  return rows.map((r) => r.id);
}

/** What memberJsonSql() evaluates to: the user's columns a workroom shows, and their brand's name. */
export interface MemberJson {
  id: number;
  first_name: string;
  last_name: string;
  avatar: string | null;
  type: WorkroomMember['type'];
  last_seen_at: string | null;
  brand_name: string | null;
}

/**
 * The user `userId` (an SQL expression of the enclosing query) as JSON with their brand's name, or null:
 * what memberFromJson() reads, so a statement can carry the people of a workroom.
 */
export function memberJsonSql(userId: SQL): SQL<MemberJson | null> {
  return sql<MemberJson | null>`(
    select json_build_object(
      'id', mu.id, 'first_name', mu.first_name, 'last_name', mu.last_name, 'avatar', mu.avatar,
      'type', mu.type, 'last_seen_at', mu.last_seen_at, 'brand_name', mb.name
    )
    from ${users} mu left join ${brands} mb on mb.user_id = mu.id
    where mu.id = ${userId}
    limit 1
  )`;
}

/** The members of the `discussions` row of the enclosing query, as a JSON array of memberJsonSql() (by user id). */
export function membersJsonSql(): SQL<MemberJson[]> {
  return sql<MemberJson[]>`(
    select coalesce(json_agg(${memberJsonSql(sql`du.user_id`)} order by du.user_id), '[]')
    from ${discussionUsers} du
    where du.discussion_id = ${qualified(discussions.id)}
  )`;
}

/** A user as a workroom shows them: name, avatar, role and the online dot. */
export function memberFromJson(user: MemberJson): WorkroomMember {
  const lastSeen = user.last_seen_at === null ? null : new Date(user.last_seen_at);
  return {
    id: user.id,
    full_name: `${user.first_name} ${user.last_name}`.trim(),
    first_name: user.first_name,
    avatar: user.avatar,
    type: user.type,
    brand_name: user.brand_name,
    last_seen_at: lastSeen?.toISOString() ?? null,
    is_online: isOnline(lastSeen),
  };
}

/** Adds users to a discussion (idempotent), with its latest activity. */
export async function addMembers(discussionId: number, userIds: number[], db: Db | Tx): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(discussionUsers)
    .values([...new Set(userIds)].map((user_id) => ({ discussion_id: discussionId, user_id })))
    .onConflictDoNothing();
  await touchActivity(discussionId, db);
}

/**
 * THE latest activity of a discussion: its newest message, else its opening. Each member's row keeps it
 * (discussion_users.last_activity_at), so a member's list reads most recent first from an index; every
 * write that adds a message or a member sets it again here (migration 0025 filled it the same way).
 */
export async function touchActivity(discussionId: number, db: Db | Tx): Promise<void> {
  await db
    .update(discussionUsers)
    .set({
      last_activity_at: sql`coalesce((select max(m.created_at) from ${messages} m where m.discussion_id = ${discussionId}), (select d.created_at from ${discussions} d where d.id = ${discussionId}))`,
    })
    .where(eq(discussionUsers.discussion_id, discussionId));
}
