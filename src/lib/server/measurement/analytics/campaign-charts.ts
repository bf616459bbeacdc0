/**
 * The series of the eight charts of /campaign/{id}/stats (marketplace-core §9): measured listens per day
 * and by app (Distributors), country and device, from the downloads of the episodes carrying the
 * campaign's aired ads since each aired (the aired ads and their listens are campaign-figures.ts'
 * airedAdsSql, so a chart's total is the Listens figure); ad releases per day; unique visitors per day;
 * listens per podcast (Creators: measured and self-reported apart).
 */
import { sql } from 'drizzle-orm';
import { type CampaignChartsData, daysBetween, type NamedCount, shiftDay } from '../../../analytics-types';
import { today as clockToday } from '../../clock';
import { getDb, downloadDays, podcasts, siteVisits, visitMatches } from '../../db';
import { airedAdsSql } from './campaign-figures';

/** Days the charts cover at least, and at most. */
const MIN_DAYS = 30;
const MAX_DAYS = 180;

const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);
const ranked = (map: Map<string, number>): NamedCount[] =>
  [...map].map(([name, downloads]) => ({ name, downloads })).sort((a, b) => b.downloads - a.downloads || a.name.localeCompare(b.name));

interface ChartReads {
  aired: Array<{ episode_id: number; aired_day: string | null; self_reported: boolean }>;
  downloads: Array<{ episode_id: number; day: string; app: string; country: string; device: string; downloads: number }>;
  visitors: Array<{ day: string; n: number }>;
  creators: Array<{ name: string; measured: number; self_reported: number }>;
}

/**
 * The chart data of one campaign, from its first aired ad (or the last 30 days) to today, read in one
 * statement: the aired ads, their episodes' downloads, the matched visitors and the listens per show,
 * each over the longest range the charts can show (MAX_DAYS), then cut to the campaign's range here.
 */
export async function campaignCharts(campaignId: number): Promise<CampaignChartsData> {
  const db = await getDb();
  const to = clockToday();
  const earliestStart = shiftDay(to, -(MAX_DAYS - 1));
  const { rows } = (await db.execute(sql`
    with aired as (select * from ${airedAdsSql(sql`${campaignId}`)} a)
    select
      (select coalesce(json_agg(json_build_object('episode_id', a.episode_id, 'aired_day', a.aired_day, 'self_reported', a.self_reported)), '[]') from aired a) as aired,
      (select coalesce(json_agg(json_build_object('episode_id', d.episode_id, 'day', d.day, 'app', d.app, 'country', d.country, 'device', d.device, 'downloads', d.downloads)), '[]')
        from ${downloadDays} d
        where d.episode_id in (select episode_id from aired where not self_reported)) as downloads,
      (select coalesce(json_agg(v), '[]') from (
        select m.day, count(distinct s.visitor_hash)::int as n
        from ${visitMatches} m inner join ${siteVisits} s on s.id = m.visit_id
        where m.campaign_id = ${campaignId} and m.day >= ${earliestStart}
        group by m.day) v) as visitors,
      (select coalesce(json_agg(c), '[]') from (
        select pc.title as name, sum(a.measured)::int as measured, sum(a.self_reported_listens)::int as self_reported
        from aired a inner join ${podcasts} pc on pc.id = a.podcast_id
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
  // An episode carrying two of the campaign's ads gives each of them a listen, as the listens figure does.
  let before = 0;
  for (const ad of aired) {
    if (ad.self_reported) continue;
    const airedDay = ad.aired_day ?? '';
    for (const r of reads.downloads) {
      if (r.episode_id !== ad.episode_id || r.day < airedDay) continue;
      if (r.day < from) {
        before += r.downloads;
        continue;
      }
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
    listens_before: before,
    first_aired:
      aired
        .map((a) => a.aired_day)
        .filter((d): d is string => d !== null)
        .sort()[0] ?? null,
    releases: days.map((d) => releases.get(d) ?? 0),
    visitors: days.map((d) => visitors.get(d) ?? 0),
    distributors: ranked(distributors),
    countries: ranked(countries),
    devices: ranked(devices),
    creators: reads.creators
      .map((c) => ({ name: c.name, measured: Number(c.measured), self_reported: Number(c.self_reported) }))
      .sort((a, b) => b.measured + b.self_reported - (a.measured + a.self_reported) || a.name.localeCompare(b.name)),
  };
}
