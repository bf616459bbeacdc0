/**
 * Who belongs to a workroom. Every workroom call goes through memberDiscussion(): a discussion the
 * user is not a member of answers 404, never its data.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { getDb, type Db, type Tx } from '../db/client';
import { brands, discussionUsers, discussions, users } from '../db/schema';
import { notFound } from '../http';
import { isOnline } from '../users/session-user';

export type DiscussionRow = typeof discussions.$inferSelect;
export type MembershipRow = typeof discussionUsers.$inferSelect;

/** The kinds of workroom, the first segment of /workrooms/{type}/{id}. */
export const WORKROOM_TYPES = ['package', 'sponsorship', 'podcast'] as const;
export type WorkroomType = (typeof WORKROOM_TYPES)[number];

/** The discussion with the user's membership, or 404 when it does not exist, is deleted or the user is not in it. */
export async function memberDiscussion(userId: number, discussionId: number, db?: Db | Tx): Promise<{ discussion: DiscussionRow; membership: MembershipRow }> {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select({ discussion: discussions, membership: discussionUsers })
    .from(discussions)
    .innerJoin(discussionUsers, and(eq(discussionUsers.discussion_id, discussions.id), eq(discussionUsers.user_id, userId)))
    .where(and(eq(discussions.id, discussionId), eq(discussions.is_deleted, false)));
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

export interface MemberPayload {
  id: number;
  full_name: string;
  first_name: string;
  avatar: string | null;
  type: 'BRAND' | 'PODCASTER' | 'ADMIN';
  brand_name: string | null;
  last_seen_at: string | null;
  is_online: boolean;
}

/** The members of several discussions, keyed by discussion id. */
export async function membersOf(discussionIds: number[]): Promise<Map<number, MemberPayload[]>> {
  const out = new Map<number, MemberPayload[]>();
  if (discussionIds.length === 0) return out;
  const db = await getDb();
  const rows = await db
    .select({ discussion_id: discussionUsers.discussion_id, user: users, brand_name: brands.name })
    .from(discussionUsers)
    .innerJoin(users, eq(users.id, discussionUsers.user_id))
    .leftJoin(brands, eq(brands.user_id, users.id))
    .where(inArray(discussionUsers.discussion_id, discussionIds));
  for (const r of rows) {
    const list = out.get(r.discussion_id) ?? [];
    list.push(memberPayload(r.user, r.brand_name));
    out.set(r.discussion_id, list);
  }
  return out;
}

/** A user as a workroom shows them: name, avatar, role and the online dot. */
export function memberPayload(user: typeof users.$inferSelect, brandName: string | null): MemberPayload {
  return {
    id: user.id,
    full_name: `${user.first_name} ${user.last_name}`.trim(),
    first_name: user.first_name,
    avatar: user.avatar,
    type: user.type,
    brand_name: brandName,
    last_seen_at: user.last_seen_at?.toISOString() ?? null,
    is_online: isOnline(user.last_seen_at),
  };
}

/** Adds users to a discussion (idempotent). */
export async function addMembers(discussionId: number, userIds: number[], db: Db | Tx): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(discussionUsers)
    .values([...new Set(userIds)].map((user_id) => ({ discussion_id: discussionId, user_id })))
    .onConflictDoNothing();
}
