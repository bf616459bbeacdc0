/**
 * The verified audience of shows (docs/measurement.md#figures): for each show, over the last 90 days, the
 * median of its episodes' downloads in their first 30 days, its downloads and listener-days, and its top
 * countries and apps — read from the counter's daily rollups (download_days, listener_days), never the
 * request log, in one statement for a list of shows.
 */
import { type SQL, sql } from 'drizzle-orm';
import { supplyFeedAudience } from '../../marketplace';
import { lastDays, type DateRange } from '../../../analytics-types';
import { FIRST_DAYS, TOP_COUNT, unmeasured, VERIFIED_DAYS, type VerifiedAudience } from '../../../verified-audience';
import { now as clockNow, today as clockToday } from '../../clock';
import { getDb, downloadDays, episodes, listenerDays, packageJobs, packages, podcastCategories } from '../../db';

/** The period the verified figures cover: the last 90 days up to today. */
export function verifiedRange(): DateRange {
  return lastDays(clockToday(), VERIFIED_DAYS);
}

/**
 * The verified median downloads per episode of the show `podcastId` (an SQL expression of the query it is
 * put in), as an integer, or null for a show the counter credited with no download in the range: the episodes published in the range, each counted on its downloads from
 * its publication day through its 30th day (up to the range's end), the median of those rounded.
 */
export function verifiedMedianSql(podcastId: SQL, range: DateRange = verifiedRange()): SQL<number | null> {
  return sql<number | null>`(
    select round(percentile_cont(0.5) within group (order by ep.n))::int
    from (
      select coalesce((
        select sum(d.downloads) from ${downloadDays} d
        where d.podcast_id = e.podcast_id and d.episode_id = e.id
          and d.day between (e.published_at at time zone 'UTC')::date
          and least((e.published_at at time zone 'UTC')::date + ${FIRST_DAYS - 1}::int, ${range.to}::date)
      ), 0) as n
      from ${episodes} e
      where e.podcast_id = ${podcastId} and e.published_at is not null
        and (e.published_at at time zone 'UTC')::date between ${range.from}::date and ${range.to}::date
        -- A show is measured when the counter credited it with downloads in the range.
        and exists (
          select 1 from ${downloadDays} m
          where m.podcast_id = e.podcast_id and m.episode_id > 0 and m.day between ${range.from}::date and ${range.to}::date
        )
    ) ep
  )`;
}

type Row = {
  id: number;
  median: number | null;
  episodes: number;
  downloads: number;
  listeners: number;
  countries: Array<{ name: string; downloads: number }> | null;
  apps: Array<{ name: string; downloads: number }> | null;
};

/** The verified audience of each show asked for, by podcast id (one statement for the whole list). */
export async function verifiedAudiences(podcastIds: readonly number[]): Promise<Map<number, VerifiedAudience>> {
  const range = verifiedRange();
  const ids = [...new Set(podcastIds)];
  const result = new Map<number, VerifiedAudience>();
  if (!ids.length) return result;
  const db = await getDb();
  const top = (column: SQL) => sql`(
    select json_agg(json_build_object('name', t.name, 'downloads', t.n) order by t.n desc, t.name)
    from (
      select ${column} as name, sum(d.downloads)::int as n from ${downloadDays} d
      where d.podcast_id = s.id and d.episode_id > 0 and d.day between ${range.from}::date and ${range.to}::date
      group by 1 order by 2 desc, 1 limit ${TOP_COUNT}
    ) t
  )`;
  const { rows } = await db.execute<Row>(sql`
    select s.id,
      ${verifiedMedianSql(sql`s.id`, range)} as median,
      (select count(*)::int from ${episodes} e where e.podcast_id = s.id and e.published_at is not null
        and (e.published_at at time zone 'UTC')::date between ${range.from}::date and ${range.to}::date) as episodes,
      (select coalesce(sum(d.downloads), 0)::int from ${downloadDays} d
        where d.podcast_id = s.id and d.episode_id > 0 and d.day between ${range.from}::date and ${range.to}::date) as downloads,
      (select coalesce(sum(l.listeners), 0)::int from ${listenerDays} l
        where l.podcast_id = s.id and l.day between ${range.from}::date and ${range.to}::date) as listeners,
      ${top(sql`d.country`)} as countries,
      ${top(sql`d.app`)} as apps
    from unnest(${sql.param(ids)}::int[]) as s(id)`);
  for (const r of rows) {
    const downloads = Number(r.downloads);
    if (downloads <= 0) {
      result.set(Number(r.id), unmeasured(Number(r.id), range.from, range.to));
      continue;
    }
    result.set(Number(r.id), {
      podcast_id: Number(r.id),
      measured: true,
      ...range,
      median_downloads: r.median === null ? null : Number(r.median),
      episodes: Number(r.episodes),
      downloads,
      listeners: Number(r.listeners),
      top_countries: (r.countries ?? []).map((c) => ({ name: c.name, downloads: Number(c.downloads) })),
      top_apps: (r.apps ?? []).map((c) => ({ name: c.name, downloads: Number(c.downloads) })),
    });
  }
  return result;
}

/**
 * The price guide of the `packages` row `packageId` as SQL (for sorting; the same arithmetic as
 * pricePerThousand in lib/verified-audience.ts): its billable, not declined jobs' fees × 1,000 ÷
 * (verified median × their number).
 */
export function pricePerThousandSql(packageId: SQL, median: SQL<number | null>): SQL<number | null> {
  return sql<number | null>`(
    select round(sum(j.fee) * 1000.0 / nullif(${median} * count(*), 0))
    from ${packageJobs} j
    where j.package_id = ${packageId} and j.is_episode and j.episodes = 1 and j.declined_at is null
  )`;
}

/**
 * The marketplace's median CPM of each category (docs/measurement.md#figures): over the proposals of
 * the last 90 days, pending or hired, to shows of the category with a verified median, the median of
 * their price guides, in integer cents. One statement for the categories asked for.
 */
export async function categoryMedianCpm(categoryIds: readonly number[]): Promise<Map<number, number>> {
  const ids = [...new Set(categoryIds)];
  if (!ids.length) return new Map();
  const db = await getDb();
  const since = new Date(clockNow().getTime() - VERIFIED_DAYS * 86_400_000).toISOString();
  const { rows } = await db.execute<{ category_id: number; cpm: number | null }>(sql`
    select g.category_id, round(percentile_cont(0.5) within group (order by g.cpm))::int as cpm
    from (
      select pc.category_id, ${pricePerThousandSql(sql`p.id`, verifiedMedianSql(sql`p.podcast_id`))} as cpm
      from ${packages} p inner join ${podcastCategories} pc on pc.podcast_id = p.podcast_id
      where pc.category_id = any(${sql.param(ids)}::int[]) and p.status in ('pending', 'hired') and p.created_at >= ${since}::timestamptz
    ) g
    where g.cpm is not null
    group by g.category_id`);
  return new Map(rows.filter((r) => r.cpm !== null).map((r) => [Number(r.category_id), Number(r.cpm)]));
}

/** Supplies the proposal feed (marketplace, below this domain) with these figures; runtime.ts calls it at boot. */
export function registerFeedAudience(): void {
  supplyFeedAudience({
    medianSql: (podcastId) => verifiedMedianSql(podcastId),
    pricePerThousandSql,
    audiences: (podcastIds, categoryIds) => Promise.all([verifiedAudiences(podcastIds), categoryMedianCpm(categoryIds)]),
  });
}
