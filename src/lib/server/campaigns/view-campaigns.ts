/**
 * Campaign reads beyond the brand's own list: the v0 page-data calls (a brand sees its own; a
 * podcaster sees approved, active campaigns) and the campaigns a user has workrooms in.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, keyset, campaigns, discussionUsers, discussions, packages, podcasts } from '../db';
import { notFound } from '../http';
import type { SessionUser } from '../users';
import type { CampaignPayload } from '../../campaign-types';
import { paginate, type Paginated } from '../../paginate';
import { serializeCampaign, serializeCampaigns } from './serialize-campaign';
import { listCampaigns } from './list-campaigns';

export const v0Query = z.object({
  ajax: z.string().max(10).optional(),
  podcast_id: z.coerce.number().int().positive().optional(),
  search: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  cursor: z.string().max(2000).optional(),
});

/** Newest first, the id breaking ties (campaigns_visible_created_idx). */
const order = keyset([
  { column: campaigns.created_at, type: 'timestamp' },
  { column: campaigns.id, type: 'int' },
]);

async function ownPodcast(userId: number, podcastId: number | undefined): Promise<void> {
  if (!podcastId) return;
  const db = await getDb();
  const [row] = await db
    .select({ id: podcasts.id })
    .from(podcasts)
    .where(and(eq(podcasts.id, podcastId), eq(podcasts.user_id, userId)));
  if (!row) throw notFound();
}

const visibleToPodcasters = and(eq(campaigns.is_approved, true), eq(campaigns.status, 'active'));

/** GET /api/v0/campaigns: the brand's campaigns, or the campaigns open to a podcaster. */
export async function v0Campaigns(user: SessionUser, query: z.infer<typeof v0Query>): Promise<Paginated<CampaignPayload>> {
  if (user.type === 'BRAND')
    return listCampaigns(user.id, { status: 'all', search: query.search, page: query.page, per_page: 10, cursor: query.cursor }, '/api/v0/campaigns');
  await ownPodcast(user.id, query.podcast_id);
  const db = await getDb();
  const after = order.after(query.cursor);
  const [read, [total]] = await Promise.all([
    db
      .select({ campaign: campaigns, cursor_key: order.key })
      .from(campaigns)
      .where(and(visibleToPodcasters, after))
      .orderBy(...order.orderBy)
      .limit(11)
      .offset(after ? 0 : (query.page - 1) * 10),
    db.select({ n: count() }).from(campaigns).where(visibleToPodcasters),
  ]);
  const { rows, next_cursor } = order.page(read, 10);
  const result = paginate(await serializeCampaigns(rows.map((r) => r.campaign)), Number(total?.n ?? 0), query.page, 10, '/api/v0/campaigns');
  result.meta.next_cursor = next_cursor;
  return result;
}

/** GET /api/v0/campaigns/{id}: the brand's own campaign, or an approved active one for a podcaster. */
export async function v0Campaign(user: SessionUser, id: number, query: z.infer<typeof v0Query>): Promise<CampaignPayload> {
  const db = await getDb();
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!row) throw notFound();
  if (user.type === 'BRAND' && row.brand_user_id !== user.id) throw notFound();
  if (user.type === 'PODCASTER') {
    await ownPodcast(user.id, query.podcast_id);
    if (!row.is_approved || row.status !== 'active') throw notFound();
  }
  return serializeCampaign(row);
}

/** GET /api/discussions-campaigns: the campaigns the user has workrooms in (for the workroom filter). */
export async function discussionCampaigns(userId: number): Promise<{ id: number; title: string }[]> {
  const db = await getDb();
  return db
    .selectDistinct({ id: campaigns.id, title: campaigns.title })
    .from(discussionUsers)
    .innerJoin(discussions, eq(discussions.id, discussionUsers.discussion_id))
    .leftJoin(packages, eq(packages.id, discussions.package_id))
    .innerJoin(campaigns, sql`${campaigns.id} = coalesce(${discussions.campaign_id}, ${packages.campaign_id})`)
    .where(and(eq(discussionUsers.user_id, userId), eq(discussions.is_deleted, false)))
    .orderBy(asc(campaigns.title));
}
