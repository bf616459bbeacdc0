/**
 * What a site's page says about its tracking: the snippet to install, when we last heard from the site
 * (the install check: "We saw your site 2 minutes ago"), its visits of the last 30 days, and the visitors
 * and hits attributed to each of its campaigns.
 */
import { eq, sql } from 'drizzle-orm';
import { getDb, attributionSiteCampaigns, attributionSites, siteEvents, siteVisits, visitMatches } from '../../db';
import { now as clockNow } from '../../clock';
import { campaignsFigures } from '../analytics';
import { QUEUE_SNIPPET, snippetOf } from './pixel';
import { findSite } from './sites';
import type { SiteActivity } from '../../../analytics-types';

/** The activity of one of the user's sites (a 404 for anyone else's). */
export async function siteActivity(userId: number, siteId: number): Promise<SiteActivity> {
  const site = await findSite(userId, siteId);
  const db = await getDb();
  // The last 30 days from the start of this minute: the same statement for a minute, so the page-read cache can answer it.
  const since = new Date(Math.floor(clockNow().getTime() / 60_000) * 60_000 - 30 * 86_400_000);
  // One statement: when the site was last heard from, its visits of the 30 days (and how many were attributed), its campaigns.
  const [row] = await db
    .select({
      seen: sql<
        string | null
      >`(select to_char(max(e.last_occurred) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from ${siteEvents} e where e.site_id = ${site.id})`,
      events: sql<number>`(select count(*)::int from ${siteVisits} v where v.site_id = ${site.id} and v.occurred_at >= ${since})`,
      attributed: sql<number>`(select count(*)::int from ${siteVisits} v
        where v.site_id = ${site.id} and v.occurred_at >= ${since} and exists (select 1 from ${visitMatches} m where m.visit_id = v.id))`,
      linked: sql<number[] | null>`(select array_agg(c.campaign_id order by c.campaign_id) from ${attributionSiteCampaigns} c where c.site_id = ${site.id})`,
    })
    .from(attributionSites)
    .where(eq(attributionSites.id, site.id));
  const seen = row?.seen ? new Date(row.seen) : null;
  const linked = (row?.linked ?? []).map((id) => ({ id: Number(id) }));
  const figures = await campaignsFigures(linked.map((l) => l.id));
  return {
    snippet: snippetOf(site.pid),
    queue_snippet: QUEUE_SNIPPET,
    last_seen_at: seen?.toISOString() ?? null,
    events_30d: Number(row?.events ?? 0),
    attributed_30d: Number(row?.attributed ?? 0),
    campaigns: [...figures].map(([id, f]) => ({ id, visitors: f.visitors, hits: f.hits })),
    now: clockNow().toISOString(),
  };
}
