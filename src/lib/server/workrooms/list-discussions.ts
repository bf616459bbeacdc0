/** The discussion list of /workrooms and GET /api/discussions: search, archive filter, unread counts, paginated. */
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { getDb } from '../db/client';
import { brands, campaigns, discussionUsers, discussions, messages, podcasts } from '../db/schema';
import { memberDiscussion, membersOf, type DiscussionRow, type MemberPayload, type MembershipRow } from './membership';
import { messagePayloads, type MessagePayload } from './message-payload';

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
  users: MemberPayload[];
  last_message: MessagePayload | null;
  created_at: string;
  updated_at: string;
}

/** Messages from someone else (or the system) newer than the user's last read, per discussion. */
const unreadCountSql = (userId: number) => sql<number>`(
  select count(*)::int from ${messages} m
  where m.discussion_id = ${discussions.id}
    and (m.user_id is null or m.user_id <> ${userId})
    and (${discussionUsers.last_read_at} is null or m.created_at > ${discussionUsers.last_read_at})
)`;

const activitySql = sql`coalesce((select max(m.created_at) from ${messages} m where m.discussion_id = ${discussions.id}), ${discussions.created_at})`;

export interface ListOptions {
  search?: string;
  archived?: boolean;
  page?: number;
  perPage?: number;
}

/** The user's discussions, most recent activity first. */
export async function listDiscussions(
  userId: number,
  options: ListOptions = {},
): Promise<{ items: DiscussionPayload[]; total: number; page: number; perPage: number }> {
  const db = await getDb();
  const page = Math.max(1, options.page ?? 1);
  const perPage = Math.min(50, Math.max(1, options.perPage ?? 20));
  const filters: SQL[] = [eq(discussionUsers.user_id, userId), eq(discussions.is_deleted, false)];
  if (options.archived !== undefined) filters.push(eq(discussionUsers.is_archived, options.archived));
  const term = options.search?.trim();
  if (term) {
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(sql`(
      exists (select 1 from ${campaigns} c where c.id = ${discussions.campaign_id} and c.title ilike ${like})
      or exists (select 1 from ${podcasts} p where p.id = ${discussions.podcast_id} and p.title ilike ${like})
      or exists (select 1 from ${discussionUsers} du join ${brands} b on b.user_id = du.user_id where du.discussion_id = ${discussions.id} and b.name ilike ${like})
      or exists (select 1 from ${messages} m where m.discussion_id = ${discussions.id} and m.content ilike ${like})
    )`);
  }
  const where = and(...filters);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ discussion: discussions, membership: discussionUsers, unread: unreadCountSql(userId) })
      .from(discussions)
      .innerJoin(discussionUsers, eq(discussionUsers.discussion_id, discussions.id))
      .where(where)
      .orderBy(desc(activitySql), desc(discussions.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(discussions).innerJoin(discussionUsers, eq(discussionUsers.discussion_id, discussions.id)).where(where),
  ]);
  const items = await discussionPayloads(userId, rows);
  return { items, total: Number(totalRow?.n ?? 0), page, perPage };
}

/** One discussion's payload for a member (404 for anyone else). */
export async function discussionPayload(userId: number, discussionId: number): Promise<DiscussionPayload> {
  const { discussion, membership } = await memberDiscussion(userId, discussionId);
  const db = await getDb();
  const [row] = await db
    .select({ unread: unreadCountSql(userId) })
    .from(discussions)
    .innerJoin(discussionUsers, and(eq(discussionUsers.discussion_id, discussions.id), eq(discussionUsers.user_id, userId)))
    .where(eq(discussions.id, discussionId));
  return (await discussionPayloads(userId, [{ discussion, membership, unread: Number(row?.unread ?? 0) }]))[0]!;
}

async function discussionPayloads(
  userId: number,
  rows: { discussion: DiscussionRow; membership: MembershipRow; unread: number }[],
): Promise<DiscussionPayload[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const ids = rows.map((r) => r.discussion.id);
  const campaignIds = [...new Set(rows.map((r) => r.discussion.campaign_id).filter((x): x is number => x !== null))];
  const podcastIds = [...new Set(rows.map((r) => r.discussion.podcast_id).filter((x): x is number => x !== null))];
  const [members, campaignRows, podcastRows, lastRows] = await Promise.all([
    membersOf(ids),
    campaignIds.length
      ? db.select({ id: campaigns.id, title: campaigns.title }).from(campaigns).where(inArray(campaigns.id, campaignIds))
      : Promise.resolve([]),
    podcastIds.length
      ? db.select({ id: podcasts.id, title: podcasts.title, avatar_url: podcasts.avatar_url }).from(podcasts).where(inArray(podcasts.id, podcastIds))
      : Promise.resolve([]),
    db
      .selectDistinctOn([messages.discussion_id], { id: messages.id })
      .from(messages)
      .where(inArray(messages.discussion_id, ids))
      .orderBy(messages.discussion_id, desc(messages.id)),
  ]);
  const lastIds = lastRows.map((r) => r.id);
  const lastMessages = lastIds.length ? await messagePayloads(await db.select().from(messages).where(inArray(messages.id, lastIds))) : [];
  const campaignTitle = new Map(campaignRows.map((c) => [c.id, c.title]));
  const podcast = new Map(podcastRows.map((p) => [p.id, p]));
  return rows.map(({ discussion: d, membership, unread }) => {
    const users = members.get(d.id) ?? [];
    const others = users.filter((u) => u.id !== userId);
    const brand = users.find((u) => u.type === 'BRAND');
    const pod = d.podcast_id ? podcast.get(d.podcast_id) : undefined;
    const me = users.find((u) => u.id === userId);
    // A brand sees the show it talks to; a podcaster sees the brand.
    const title = me?.type === 'BRAND' ? (pod?.title ?? others[0]?.full_name ?? 'Workroom') : brand?.brand_name || brand?.full_name || pod?.title || 'Workroom';
    const campaign = d.campaign_id ? campaignTitle.get(d.campaign_id) : undefined;
    const last = lastMessages.find((m) => m.discussion_id === d.id) ?? null;
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
  });
}
