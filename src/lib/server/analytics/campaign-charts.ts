/**
 * The series of the eight charts of /campaign/{id}/stats (marketplace-core §9): listens per day and by
 * app (Distributors), country and device, from the downloads of the episodes carrying the campaign's
 * aired ads since each aired; ad releases per day; unique visitors per day; listens per podcast (Creators,
 * with self-reported listens of shows without analytics).
 */
import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { type CampaignChartsData, daysBetween, type NamedCount, shiftDay, utcToday } from '../../analytics-types';
import { getDb } from '../db/client';
import { downloadDays, listenerStats, packageJobs, packages, podcasts, siteVisits, visitMatches } from '../db/schema';

/** Days the charts cover at least, and at most. */
const MIN_DAYS = 30;
const MAX_DAYS = 180;

const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);
const ranked = (map: Map<string, number>): NamedCount[] =>
  [...map].map(([name, downloads]) => ({ name, downloads })).sort((a, b) => b.downloads - a.downloads || a.name.localeCompare(b.name));

/** The chart data of one campaign, from its first aired ad (or the last 30 days) to today. */
export async function campaignCharts(campaignId: number): Promise<CampaignChartsData> {
  const db = await getDb();
  const aired = await db
    .select({ job_id: packageJobs.id, episode_id: packageJobs.aired_episode_id, aired_at: packageJobs.aired_at })
    .from(packageJobs)
    .innerJoin(packages, eq(packages.id, packageJobs.package_id))
    .where(and(eq(packages.campaign_id, campaignId), isNotNull(packageJobs.aired_episode_id)));
  const to = utcToday();
  const firstAired = aired.map((a) => a.aired_at?.toISOString().slice(0, 10) ?? to).sort()[0] ?? to;
  const latestStart = shiftDay(to, -(MIN_DAYS - 1));
  const earliestStart = shiftDay(to, -(MAX_DAYS - 1));
  // From the first airing (at least 30 days, at most 180), days compared as YYYY-MM-DD text.
  const start = [firstAired, latestStart].sort()[0]!;
  const from = [start, earliestStart].sort()[1]!;
  const days = daysBetween(from, to);

  const listens = new Map<string, number>();
  const distributors = new Map<string, number>();
  const countries = new Map<string, number>();
  const devices = new Map<string, number>();
  const episodeIds = [...new Set(aired.map((a) => a.episode_id!))];
  const rows = episodeIds.length
    ? await db
        .select()
        .from(downloadDays)
        .where(and(inArray(downloadDays.episode_id, episodeIds), gte(downloadDays.day, from)))
    : [];
  // An episode carrying two of the campaign's ads gives each of them a listen, as the listener stats do.
  for (const ad of aired) {
    const airedDay = ad.aired_at?.toISOString().slice(0, 10) ?? '';
    for (const r of rows) {
      if (r.episode_id !== ad.episode_id || r.day < airedDay || r.day > to) continue;
      add(listens, r.day, r.downloads);
      add(distributors, r.app, r.downloads);
      add(countries, r.country, r.downloads);
      add(devices, r.device, r.downloads);
    }
  }

  const releases = new Map<string, number>();
  for (const ad of aired) if (ad.aired_at) add(releases, ad.aired_at.toISOString().slice(0, 10), 1);

  const visitorRows = await db
    .select({ day: visitMatches.day, n: sql<number>`count(distinct ${siteVisits.visitor_hash})::int` })
    .from(visitMatches)
    .innerJoin(siteVisits, eq(siteVisits.id, visitMatches.visit_id))
    .where(and(eq(visitMatches.campaign_id, campaignId), gte(visitMatches.day, from)))
    .groupBy(visitMatches.day);
  const visitors = new Map(visitorRows.map((v) => [v.day, Number(v.n)]));

  const creatorRows = await db
    .select({ name: podcasts.title, n: sql<number>`sum(${listenerStats.avg})::int`, self: sql<boolean>`bool_or(${listenerStats.is_self_reported})` })
    .from(listenerStats)
    .innerJoin(packages, eq(packages.id, listenerStats.package_id))
    .innerJoin(podcasts, eq(podcasts.id, packages.podcast_id))
    .where(eq(packages.campaign_id, campaignId))
    .groupBy(podcasts.title);

  return {
    days,
    listens: days.map((d) => listens.get(d) ?? 0),
    releases: days.map((d) => releases.get(d) ?? 0),
    visitors: days.map((d) => visitors.get(d) ?? 0),
    distributors: ranked(distributors),
    countries: ranked(countries),
    devices: ranked(devices),
    creators: creatorRows
      .map((c) => ({ name: c.name, downloads: Number(c.n), self_reported: Boolean(c.self) }))
      .sort((a, b) => b.downloads - a.downloads || a.name.localeCompare(b.name)),
  };
}
