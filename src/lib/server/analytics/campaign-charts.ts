/**
 * The series of the eight charts of /campaign/{id}/stats (marketplace-core §9): listens per day and by
 * app (Distributors), country and device, from the downloads of the episodes carrying the campaign's
 * aired ads since each aired; ad releases per day; unique visitors per day; listens per podcast (Creators,
 * with self-reported listens of shows without analytics).
 */
import { sql } from 'drizzle-orm';
import { type CampaignChartsData, daysBetween, type NamedCount, shiftDay, utcToday } from '../../analytics-types';
import { getDb } from '../db/client';
import { downloadDays, listenerStats, packageJobs, packages, podcasts, siteVisits, visitMatches } from '../db/schema';

/** Days the charts cover at least, and at most. */
const MIN_DAYS = 30;
const MAX_DAYS = 180;

const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);
const ranked = (map: Map<string, number>): NamedCount[] =>
  [...map].map(([name, downloads]) => ({ name, downloads })).sort((a, b) => b.downloads - a.downloads || a.name.localeCompare(b.name));

interface ChartReads {
  aired: Array<{ episode_id: number; aired_day: string | null }>;
  downloads: Array<{ episode_id: number; day: string; app: string; country: string; device: string; downloads: number }>;
  visitors: Array<{ day: string; n: number }>;
  creators: Array<{ name: string; n: number; self: boolean }>;
}

/**
 * The chart data of one campaign, from its first aired ad (or the last 30 days) to today, read in one
 * statement: the aired ads, their episodes' downloads, the matched visitors and the listens per show,
 * each over the longest range the charts can show (MAX_DAYS), then cut to the campaign's range here.
 */
export async function campaignCharts(campaignId: number): Promise<CampaignChartsData> {
  const db = await getDb();
  const to = utcToday();
  const earliestStart = shiftDay(to, -(MAX_DAYS - 1));
  const { rows } = (await db.execute(sql`
    with aired as (
      select pj.aired_episode_id as episode_id, to_char(pj.aired_at at time zone 'UTC', 'YYYY-MM-DD') as aired_day
      from ${packageJobs} pj inner join ${packages} p on p.id = pj.package_id
      where p.campaign_id = ${campaignId} and pj.aired_episode_id is not null
    )
    select
      (select coalesce(json_agg(a), '[]') from aired a) as aired,
      (select coalesce(json_agg(json_build_object('episode_id', d.episode_id, 'day', d.day, 'app', d.app, 'country', d.country, 'device', d.device, 'downloads', d.downloads)), '[]')
        from ${downloadDays} d
        where d.episode_id in (select episode_id from aired) and d.day >= ${earliestStart}) as downloads,
      (select coalesce(json_agg(v), '[]') from (
        select m.day, count(distinct s.visitor_hash)::int as n
        from ${visitMatches} m inner join ${siteVisits} s on s.id = m.visit_id
        where m.campaign_id = ${campaignId} and m.day >= ${earliestStart}
        group by m.day) v) as visitors,
      (select coalesce(json_agg(c), '[]') from (
        select pc.title as name, sum(ls.avg)::int as n, bool_or(ls.is_self_reported) as self
        from ${listenerStats} ls
          inner join ${packages} p on p.id = ls.package_id
          inner join ${podcasts} pc on pc.id = p.podcast_id
        where p.campaign_id = ${campaignId}
        group by pc.title) c) as creators`)) as unknown as { rows: ChartReads[] };
  const reads = rows[0]!;
  const aired = reads.aired;
  const firstAired = aired.map((a) => a.aired_day ?? to).sort()[0] ?? to;
  const latestStart = shiftDay(to, -(MIN_DAYS - 1));
  // From the first airing (at least 30 days, at most 180), days compared as YYYY-MM-DD text.
  const start = [firstAired, latestStart].sort()[0]!;
  const from = [start, earliestStart].sort()[1]!;
  const days = daysBetween(from, to);

  const listens = new Map<string, number>();
  const distributors = new Map<string, number>();
  const countries = new Map<string, number>();
  const devices = new Map<string, number>();
  // An episode carrying two of the campaign's ads gives each of them a listen, as the listener stats do.
  for (const ad of aired) {
    const airedDay = ad.aired_day ?? '';
    for (const r of reads.downloads) {
      if (r.episode_id !== ad.episode_id || r.day < from || r.day < airedDay || r.day > to) continue;
      add(listens, r.day, r.downloads);
      add(distributors, r.app, r.downloads);
      add(countries, r.country, r.downloads);
      add(devices, r.device, r.downloads);
    }
  }

  const releases = new Map<string, number>();
  for (const ad of aired) if (ad.aired_day) add(releases, ad.aired_day, 1);

  const visitors = new Map(reads.visitors.filter((v) => v.day >= from).map((v) => [v.day, Number(v.n)]));

  return {
    days,
    listens: days.map((d) => listens.get(d) ?? 0),
    releases: days.map((d) => releases.get(d) ?? 0),
    visitors: days.map((d) => visitors.get(d) ?? 0),
    distributors: ranked(distributors),
    countries: ranked(countries),
    devices: ranked(devices),
    creators: reads.creators
      .map((c) => ({ name: c.name, downloads: Number(c.n), self_reported: Boolean(c.self) }))
      .sort((a, b) => b.downloads - a.downloads || a.name.localeCompare(b.name)),
  };
}
