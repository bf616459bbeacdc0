/** The brand's campaigns, filtered by status and search, newest first, paginated. */
import { and, count, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { statementCache } from '../cache';
import { keyset, windowTotal, getDb, campaigns } from '../db';
import type { CampaignPayload } from '../../campaign-types';
import { paginate, type Paginated } from '../../paginate';
import { type CampaignRelations, campaignPayload, campaignRelationsSql } from './serialize-campaign';

export const CAMPAIGN_FILTERS = ['all', 'draft', 'pending', 'active', 'paused', 'expired', 'closed'] as const;
export const campaignListQuery = z.object({
  status: z.enum(CAMPAIGN_FILTERS).default('all'),
  search: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(50).default(10),
  cursor: z.string().max(2000).optional(),
});

/** Newest first, the id breaking ties: campaigns_brand_created_idx reads it page after page. */
const order = keyset([
  { column: campaigns.created_at, type: 'timestamp' },
  { column: campaigns.id, type: 'int' },
]);
export type CampaignListQuery = z.infer<typeof campaignListQuery>;

function statusFilter(status: CampaignListQuery['status']): SQL | undefined {
  switch (status) {
    case 'all':
      return undefined;
    case 'draft':
      return isNull(campaigns.submitted_at);
    case 'pending':
      return and(isNotNull(campaigns.submitted_at), eq(campaigns.is_approved, false));
    default:
      return and(eq(campaigns.is_approved, true), eq(campaigns.status, status));
  }
}

/**
 * Pages of campaign lists, kept a few seconds per brand and query and dropped at once when any table
 * the list reads is written (its figures included): a brand who reloads /campaigns or polls
 * GET /api/campaigns does not recompute every campaign's figures each time.
 */
const pages = statementCache<Array<{ campaign: typeof campaigns.$inferSelect; relations: CampaignRelations; total: number; cursor_key: string }>>(
  'campaign-list',
  5_000,
);

/** Lists the brand's campaigns. */
export async function listCampaigns(brandUserId: number, query: CampaignListQuery, path = '/api/campaigns'): Promise<Paginated<CampaignPayload>> {
  const db = await getDb();
  const term = query.search.replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = and(
    eq(campaigns.brand_user_id, brandUserId),
    statusFilter(query.status),
    term ? or(ilike(campaigns.title, `%${term}%`), ilike(campaigns.description, `%${term}%`)) : undefined,
  );
  // With a cursor: the rows after it (keyset). Without: page `page` (one statement: the page, what each
  // campaign shows, and the total as a window count over the filter).
  const after = order.after(query.cursor);
  const countAll = async () => Number((await db.select({ n: count() }).from(campaigns).where(where))[0]?.n ?? 0);
  const statement = () =>
    db
      .select({ campaign: campaigns, relations: campaignRelationsSql(), total: sql<number>`count(*) over ()`, cursor_key: order.key })
      .from(campaigns)
      .where(and(where, after))
      .orderBy(...order.orderBy)
      .limit(query.per_page + 1)
      .offset(after ? 0 : (query.page - 1) * query.per_page);
  const key = [brandUserId, query.status, query.page, query.per_page, query.search, query.cursor ?? ''].join('\n');
  const read = order.page(await pages.getBy(key, statement), query.per_page);
  const rows = read.rows;
  const total = after ? await countAll() : await windowTotal(rows, query.page, countAll);
  const q: Record<string, string> = {};
  if (query.status !== 'all') q.status = query.status;
  if (query.search) q.search = query.search;
  const result = paginate(
    rows.map((r) => campaignPayload(r.campaign, r.relations)),
    total,
    query.page,
    query.per_page,
    path,
    q,
  );
  result.meta.next_cursor = read.next_cursor;
  return result;
}
