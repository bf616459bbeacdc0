/**
 * The discussion list of /workrooms and GET /api/discussions: search, archive filter, unread counts,
 * most recent activity first (each member's discussion_users.last_activity_at), paginated: a cursor (the
 * previous page's next_cursor) reads the page after it from discussion_users_activity_idx, a page number by offset.
 */
import type { WorkroomMember } from '../../workroom-types';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { statementCache } from '../cache';
import { keyset, windowTotal, getDb, qualified, brands, campaigns, discussionUsers, discussions, messages, podcasts } from '../db';
import { notFound } from '../http';
import { liveDiscussion, memberFromJson, membersJsonSql, membershipOn, type DiscussionRow, type MemberJson, type MembershipRow } from './membership';
import { messageFromJson, messageJsonSql, type MessageJson, type MessagePayload } from './message-payload';

export interface DiscussionPayload {
  id: number;
  type: string;
  podcast_id: number | null;
  package_id: number | null;
  opportunity_id: number | null;
  campaign_id: number | null;
  last_message_id: number | null;
  is_archived: boolean;
  is_unread: boolean;
  unread_count: number;
  is_deleted: boolean;
  /** What the list shows: the other side (podcast for a brand, brand for a podcaster) and the campaign. */
  title: string;
  subtitle: string;
  avatar: string | null;
  link: string;
  users: WorkroomMember[];
  last_message: MessagePayload | null;
  created_at: string;
  updated_at: string;
}

/** Messages from someone else (or the system) newer than the user's last read, per discussion. */
export const unreadCountSql = (userId: number) => sql<number>`(
  select count(*)::int from ${messages} m
  where m.discussion_id = ${qualified(discussions.id)}
    and (m.user_id is null or m.user_id <> ${userId})
    and (${qualified(discussionUsers.last_read_at)} is null or m.created_at > ${qualified(discussionUsers.last_read_at)})
)`;

const order = keyset([
  { column: discussionUsers.last_activity_at, type: 'timestamp' },
  { column: discussionUsers.discussion_id, type: 'int' },
]);

/** What discussionRelationsSql() evaluates to for one discussion. */
interface DiscussionRelations {
  members: MemberJson[];
  campaign_title: string | null;
  podcast: { title: string; avatar_url: string | null } | null;
  last_message: MessageJson | null;
}

/** The members, campaign title, podcast and latest message of the `discussions` row of the enclosing query, as one JSON expression. */
function discussionRelationsSql(): SQL<DiscussionRelations> {
  const d = qualified;
  return sql<DiscussionRelations>`json_build_object(
    'members', ${membersJsonSql()},
    'campaign_title', (select dc.title from ${campaigns} dc where dc.id = ${d(discussions.campaign_id)}),
    'podcast', (select json_build_object('title', dp.title, 'avatar_url', dp.avatar_url) from ${podcasts} dp where dp.id = ${d(discussions.podcast_id)}),
    'last_message', (
      select ${messageJsonSql('lm')} from ${messages} lm
      where lm.discussion_id = ${d(discussions.id)} order by lm.id desc limit 1
    )
  )`;
}

/** A member's discussion as the payload reads it: the discussion, their membership, their unread count and the relations. */
const discussionColumns = (userId: number) => ({
  discussion: discussions,
  membership: discussionUsers,
  unread: unreadCountSql(userId),
  relations: discussionRelationsSql(),
});

interface DiscussionResult {
  discussion: DiscussionRow;
  membership: MembershipRow;
  unread: number;
  relations: DiscussionRelations;
}

export interface ListOptions {
  search?: string;
  archived?: boolean;
  page?: number;
  perPage?: number;
  /** The previous page's next_cursor (a bad one is a CursorError: 422 on `cursor`). */
  cursor?: string;
}

/**
 * Pages of discussion lists, kept a few seconds per user and query and dropped at once when any table
 * the list reads is written (a new message, a read, an archive), here and in every other instance.
 * Not `users`: the list reads names, avatars and last_seen_at there (online dots), and every active
 * user writes last_seen_at once a minute; those show within the few seconds an entry lives.
 */
const pages = statementCache<Array<DiscussionResult & { total: number; cursor_key: string }>>('discussion-list', 5_000, { unwatched: ['users'] });

/** The user's discussions, most recent activity first (one statement, none while the cached page holds). */
export async function listDiscussions(
  userId: number,
  options: ListOptions = {},
): Promise<{ items: DiscussionPayload[]; total: number; page: number; perPage: number; next_cursor: string | null }> {
  const db = await getDb();
  const page = Math.max(1, options.page ?? 1);
  const perPage = Math.min(50, Math.max(1, options.perPage ?? 20));
  const filters: SQL[] = [eq(discussionUsers.user_id, userId), eq(discussions.is_deleted, false)];
  if (options.archived !== undefined) filters.push(eq(discussionUsers.is_archived, options.archived));
  const term = options.search?.trim();
  if (term) {
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(sql`(
      exists (select 1 from ${campaigns} c where c.id = ${qualified(discussions.campaign_id)} and c.title ilike ${like})
      or exists (select 1 from ${podcasts} p where p.id = ${qualified(discussions.podcast_id)} and p.title ilike ${like})
      or exists (select 1 from ${discussionUsers} du join ${brands} b on b.user_id = du.user_id where du.discussion_id = ${qualified(discussions.id)} and b.name ilike ${like})
      or exists (select 1 from ${messages} m where m.discussion_id = ${qualified(discussions.id)} and m.content ilike ${like})
    )`);
  }
  const where = and(...filters);
  // One statement: the page, what each discussion shows, and the total (a window count over the filter).
  const after = order.after(options.cursor);
  const statement = db
    .select({ ...discussionColumns(userId), total: sql<number>`count(*) over ()`, cursor_key: order.key })
    .from(discussions)
    .innerJoin(discussionUsers, eq(discussionUsers.discussion_id, discussions.id))
    .where(and(where, after))
    .orderBy(...order.orderBy)
    .limit(perPage + 1)
    .offset(after ? 0 : (page - 1) * perPage);
  const counted = async () => {
    const [row] = await db.select({ n: count() }).from(discussions).innerJoin(discussionUsers, eq(discussionUsers.discussion_id, discussions.id)).where(where);
    return Number(row?.n ?? 0);
  };
  const read = await pages.get(userId, statement);
  // Without a cursor the window's count is the whole list's; after one it counts only what follows.
  const total = after ? await counted() : await windowTotal(read, page, counted);
  const { rows, next_cursor } = order.page(read, perPage);
  return { items: rows.map((r) => discussionPayloadOf(userId, r)), total, page, perPage, next_cursor };
}

/**
 * Open workrooms (a member's view of one discussion and a page of its messages), kept and dropped like
 * the list: a reload or a second tab does not read the thread again until something in it is written.
 */
const rooms = statementCache<Record<string, unknown>[]>('workroom', 5_000, { unwatched: ['users'] });

/**
 * The member's discussion read with `extra` columns in the same statement (404 for anyone else, and
 * for a deleted discussion). `cached` may answer from the workroom cache: for what is shown, never for
 * a check before a write.
 */
export async function memberDiscussionPayload<E extends Record<string, SQL>>(
  userId: number,
  discussionId: number,
  extra: E,
  { cached = false } = {},
): Promise<{ discussion: DiscussionPayload } & { [K in keyof E]: E[K] extends SQL<infer T> ? T : never }> {
  const db = await getDb();
  const statement = db
    .select({ ...discussionColumns(userId), ...extra })
    .from(discussions)
    .innerJoin(discussionUsers, membershipOn(userId))
    .where(liveDiscussion(discussionId));
  const [row] = cached ? await rooms.get(userId, statement) : await statement;
  if (!row) throw notFound();
  const { discussion, membership, unread, relations, ...rest } = row as unknown as DiscussionResult & Record<string, unknown>;
  return { discussion: discussionPayloadOf(userId, { discussion, membership, unread, relations }), ...rest } as never;
}

/** One discussion's payload for a member (404 for anyone else; one statement). */
export async function discussionPayload(userId: number, discussionId: number): Promise<DiscussionPayload> {
  return (await memberDiscussionPayload(userId, discussionId, {})).discussion;
}

function discussionPayloadOf(userId: number, { discussion: d, membership, unread, relations }: DiscussionResult): DiscussionPayload {
  const users = relations.members.map(memberFromJson);
  const others = users.filter((u) => u.id !== userId);
  const brand = users.find((u) => u.type === 'BRAND');
  const pod = relations.podcast ?? undefined;
  const me = users.find((u) => u.id === userId);
  // A brand sees the show it talks to; a podcaster sees the brand.
  const title = me?.type === 'BRAND' ? (pod?.title ?? others[0]?.full_name ?? 'Workroom') : brand?.brand_name || brand?.full_name || pod?.title || 'Workroom';
  const campaign = relations.campaign_title ?? undefined;
  const last = relations.last_message ? messageFromJson(relations.last_message) : null;
  return {
    id: d.id,
    type: d.type,
    podcast_id: d.podcast_id,
    package_id: d.package_id,
    opportunity_id: d.opportunity_id,
    campaign_id: d.campaign_id,
    last_message_id: last?.id ?? d.last_message_id,
    is_archived: membership.is_archived,
    is_unread: membership.is_unread || unread > 0,
    unread_count: Number(unread),
    is_deleted: d.is_deleted,
    title,
    subtitle: campaign ?? (me?.type === 'BRAND' ? 'Direct conversation' : (pod?.title ?? '')),
    avatar: me?.type === 'BRAND' ? (pod?.avatar_url ?? null) : (brand?.avatar ?? null),
    link: `/workrooms/${d.type}/${d.id}`,
    users,
    last_message: last,
    created_at: d.created_at.toISOString(),
    updated_at: d.updated_at.toISOString(),
  };
}
