/**
 * The matcher: a site visit is attributed to a campaign when the same household (the address, hashed
 * with each daily secret of the month) downloaded an episode carrying that campaign's aired ad in the 30
 * days before the visit — the method of Podscribe and Podsights. Where an address is shared by many
 * listeners (more than four in the month: an office, a campus, a carrier), the visitor's operating system
 * must also be the one the episode was downloaded on. Each visit is matched once, after the counter has
 * counted the downloads before it, and its address hashes are then deleted.
 */
import { and, asc, between, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { getDb, analyticsState, attributionSiteCampaigns, downloadWindows, packageJobs, packages, siteEvents, siteVisits, visitMatches } from '../../db';

export const ATTRIBUTION_DAYS = 30;
const BUSY_HOUSEHOLD = 4;
const BATCH = 500;
const DAY_MS = 86_400_000;

interface AiredAd {
  site_id: number;
  campaign_id: number;
  podcast_id: number;
  episode_id: number | null;
  aired_at: Date | null;
}

interface HouseholdDownload {
  episode_id: number | null;
  counted_at: Date | null;
  listener_hash: string;
  os: string;
}

/** The campaigns a visit is attributed to, from its household's downloads (pure: the rule itself). */
export function attributedCampaigns(visit: { occurred_at: Date; os: string }, ads: AiredAd[], downloads: HouseholdDownload[]): AiredAd[] {
  const from = visit.occurred_at.getTime() - ATTRIBUTION_DAYS * DAY_MS;
  const inWindow = downloads.filter((d) => d.counted_at && d.counted_at.getTime() >= from && d.counted_at <= visit.occurred_at);
  const busy = new Set(inWindow.map((d) => d.listener_hash)).size > BUSY_HOUSEHOLD;
  const heard = busy ? inWindow.filter((d) => d.os === visit.os) : inWindow;
  const matched = new Map<number, AiredAd>();
  for (const ad of ads) {
    if (matched.has(ad.campaign_id)) continue;
    const aired = ad.aired_at?.getTime() ?? 0;
    if (heard.some((d) => d.episode_id === ad.episode_id && d.counted_at!.getTime() >= aired)) matched.set(ad.campaign_id, ad);
  }
  return [...matched.values()];
}

/** Matches the visits received up to `before` (the start of the pass); answers how many were matched (attributed or not). */
export async function matchVisits(before: Date): Promise<number> {
  const db = await getDb();
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      await tx.insert(analyticsState).values({ name: 'matcher' }).onConflictDoNothing();
      await tx.select().from(analyticsState).where(eq(analyticsState.name, 'matcher')).for('update');
      const visits = await tx
        .select()
        .from(siteVisits)
        .where(and(isNull(siteVisits.matched_at), lte(siteVisits.occurred_at, before)))
        .orderBy(asc(siteVisits.id))
        .limit(BATCH);
      if (!visits.length) return 0;
      const ads: AiredAd[] = await tx
        .select({
          site_id: attributionSiteCampaigns.site_id,
          campaign_id: packages.campaign_id,
          podcast_id: packages.podcast_id,
          episode_id: packageJobs.aired_episode_id,
          aired_at: packageJobs.aired_at,
        })
        .from(attributionSiteCampaigns)
        .innerJoin(packages, eq(packages.campaign_id, attributionSiteCampaigns.campaign_id))
        .innerJoin(packageJobs, eq(packageJobs.package_id, packages.id))
        .where(and(inArray(attributionSiteCampaigns.site_id, [...new Set(visits.map((v) => v.site_id))]), isNotNull(packageJobs.aired_episode_id)));
      for (const visit of visits) {
        const siteAds = ads.filter((a) => a.site_id === visit.site_id);
        const keys = visit.household_keys ?? [];
        if (siteAds.length && keys.length) {
          const downloads = await tx
            .select({
              episode_id: downloadWindows.episode_id,
              counted_at: downloadWindows.counted_at,
              listener_hash: downloadWindows.listener_hash,
              os: downloadWindows.os,
            })
            .from(downloadWindows)
            .where(
              and(
                sql`${downloadWindows.household_hash} = any(${sql.param(keys)}::text[])`,
                inArray(downloadWindows.episode_id, [...new Set(siteAds.map((a) => a.episode_id!))]),
                between(downloadWindows.counted_at, new Date(visit.occurred_at.getTime() - ATTRIBUTION_DAYS * DAY_MS), visit.occurred_at),
              ),
            );
          const matched = attributedCampaigns(visit, siteAds, downloads);
          if (matched.length) {
            await tx
              .insert(visitMatches)
              .values(
                matched.map((ad) => ({
                  visit_id: visit.id,
                  campaign_id: ad.campaign_id,
                  podcast_id: ad.podcast_id,
                  episode_id: ad.episode_id,
                  day: visit.occurred_at.toISOString().slice(0, 10),
                })),
              )
              .onConflictDoNothing();
          }
        }
      }
      await tx
        .update(siteVisits)
        .set({ matched_at: new Date(), household_keys: null })
        .where(
          inArray(
            siteVisits.id,
            visits.map((v) => v.id),
          ),
        );
      const eventIds = [...new Set(visits.map((v) => v.event_id))];
      await tx
        .update(siteEvents)
        .set({
          attributed: sql`(select count(distinct m.visit_id)::int from ${visitMatches} m join ${siteVisits} v on v.id = m.visit_id where v.event_id = ${siteEvents.id})`,
        })
        .where(inArray(siteEvents.id, eventIds));
      return visits.length;
    });
    total += n;
    if (n < BATCH) return total;
  }
}
