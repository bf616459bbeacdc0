/**
 * What a site's page says about its tracking: the snippet to install, when we last heard from the site
 * (the install check: "We saw your site 2 minutes ago"), its visits of the last 30 days, and the visitors
 * and hits attributed to each of its campaigns.
 */
import { and, eq, gte, max, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { attributionSiteCampaigns, siteEvents, siteVisits, visitMatches } from '../db/schema';
import { campaignsFigures } from '../analytics/campaign-figures';
import { QUEUE_SNIPPET, snippetOf } from './pixel';
import { findSite } from './sites';
import type { SiteActivity } from '../../analytics-types';

/** The activity of one of the user's sites (a 404 for anyone else's). */
export async function siteActivity(userId: number, siteId: number): Promise<SiteActivity> {
  const site = await findSite(userId, siteId);
  const db = await getDb();
  const since = new Date(Date.now() - 30 * 86_400_000);
  const [[seen], [counts], linked] = await Promise.all([
    db
      .select({ at: max(siteEvents.last_occurred) })
      .from(siteEvents)
      .where(eq(siteEvents.site_id, site.id)),
    db
      .select({
        events: sql<number>`count(*)::int`,
        attributed: sql<number>`count(*) filter (where exists (select 1 from ${visitMatches} m where m.visit_id = ${siteVisits.id}))::int`,
      })
      .from(siteVisits)
      .where(and(eq(siteVisits.site_id, site.id), gte(siteVisits.occurred_at, since))),
    db.select({ id: attributionSiteCampaigns.campaign_id }).from(attributionSiteCampaigns).where(eq(attributionSiteCampaigns.site_id, site.id)),
  ]);
  const figures = await campaignsFigures(linked.map((l) => l.id));
  return {
    snippet: snippetOf(site.pid),
    queue_snippet: QUEUE_SNIPPET,
    last_seen_at: seen?.at?.toISOString() ?? null,
    events_30d: Number(counts?.events ?? 0),
    attributed_30d: Number(counts?.attributed ?? 0),
    campaigns: [...figures].map(([id, f]) => ({ id, visitors: f.visitors, hits: f.hits })),
  };
}
