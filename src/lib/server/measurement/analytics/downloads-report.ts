/**
 * A show's downloads over a date range, read from the counter's aggregates (download_days and
 * listener_days): /hosting/reports, the #analytics section of manage-podcasts, GET
 * /api/podcasts/{id}/analytics and the hosting dashboard's last-30-days panel.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { daysBetween, type DateRange, type DownloadsReport, lastDays, MAX_RANGE_DAYS, type NamedCount } from '../../../analytics-types';
import { today as clockToday } from '../../clock';
import { getDb, downloadDays, episodes, listenerDays } from '../../db';
import { fieldError, HttpError, validate } from '../../http';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'The date must be a date (YYYY-MM-DD).');

/** The range asked for by `from` and `to` (YYYY-MM-DD, both optional: the last 30 days up to today). */
export function parseDateRange(query: { from?: string | null; to?: string | null }): DateRange {
  const parsed = validate(z.object({ from: day.optional(), to: day.optional() }), {
    from: query.from || undefined,
    to: query.to || undefined,
  });
  const to = parsed.to ?? clockToday();
  const from = parsed.from ?? lastDays(to, 30).from;
  if (Number.isNaN(Date.parse(from))) throw fieldError('from', 'The from date is not a real day.');
  if (Number.isNaN(Date.parse(to))) throw fieldError('to', 'The to date is not a real day.');
  if (from > to) throw fieldError('from', 'The from date must be on or before the to date.');
  if (daysBetween(from, to).length > MAX_RANGE_DAYS) throw fieldError('from', `A report covers at most ${MAX_RANGE_DAYS} days.`);
  return { from, to };
}

const named = (rows: Array<{ name: string; n: number }>): NamedCount[] =>
  rows.map((r) => ({ name: r.name, downloads: Number(r.n) })).sort((a, b) => b.downloads - a.downloads || a.name.localeCompare(b.name));

type ReportRow = {
  dim: 'day' | 'episode' | 'app' | 'device' | 'os' | 'country' | 'listeners';
  name: string;
  n: number;
  hash_id: string | null;
  title: string | null;
  /** ISO 8601 in UTC. */
  published_at: string | null;
};

/**
 * The show's downloads between two days, both included, in one statement: every breakdown is a
 * grouping set of one scan of download_days, each row named by its `dim`; the listener-days and the
 * titles of the episodes downloaded come along in the same answer.
 */
export async function podcastDownloads(podcastId: number, range: DateRange): Promise<DownloadsReport> {
  const db = await getDb();
  const { rows } = await db.execute<ReportRow>(sql`
    with grouped as (
      select
        case
          when grouping(d.day) = 0 then 'day'
          when grouping(d.episode_id) = 0 then 'episode'
          when grouping(d.app) = 0 then 'app'
          when grouping(d.device) = 0 then 'device'
          when grouping(d.os) = 0 then 'os'
          else 'country'
        end as dim,
        coalesce(d.day::text, d.episode_id::text, d.app, d.device, d.os, d.country) as name,
        d.episode_id,
        sum(d.downloads)::int as n
      from ${downloadDays} d
      -- Episode 0 held audio the feed did not name, counted before such requests stopped being downloads.
      where d.podcast_id = ${podcastId} and d.episode_id > 0 and d.day between ${range.from} and ${range.to}
      group by grouping sets ((d.day), (d.episode_id), (d.app), (d.device), (d.os), (d.country))
    )
    select g.dim, g.name, g.n, e.hash_id, e.title, to_char(e.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as published_at
    from grouped g left join ${episodes} e on e.id = g.episode_id and g.episode_id > 0
    union all
    select 'listeners', l.day::text, l.listeners, null, null, null
    from ${listenerDays} l
    where l.podcast_id = ${podcastId} and l.day between ${range.from} and ${range.to}`);
  const of = (dim: ReportRow['dim']) => rows.filter((r) => r.dim === dim);
  const byDay = new Map(of('day').map((d) => [d.name, Number(d.n)]));
  const listenersByDay = new Map(of('listeners').map((d) => [d.name, Number(d.n)]));
  const by_day = daysBetween(range.from, range.to).map((date) => ({ date, downloads: byDay.get(date) ?? 0, listeners: listenersByDay.get(date) ?? 0 }));
  const by_episode = of('episode')
    .map((e) => ({
      id: e.title === null ? null : Number(e.name),
      hash_id: e.hash_id,
      title: e.title ?? 'A deleted episode',
      published_at: e.published_at,
      downloads: Number(e.n),
    }))
    .sort((a, b) => b.downloads - a.downloads || (b.published_at ?? '').localeCompare(a.published_at ?? ''));
  return {
    ...range,
    total: by_day.reduce((s, d) => s + d.downloads, 0),
    listeners: by_day.reduce((s, d) => s + d.listeners, 0),
    by_day,
    by_episode,
    by_app: named(of('app')),
    by_device: named(of('device')),
    by_os: named(of('os')),
    by_country: named(of('country')),
  };
}

export interface DownloadsSummary {
  from: string;
  to: string;
  downloads: number;
  listeners: number;
  by_day: Array<{ date: string; downloads: number }>;
  top_episode: { title: string; hash_id: string | null; downloads: number } | null;
}

/** The hosting dashboard's panel: downloads and listeners of the range, per day, and the most downloaded episode. */
export async function downloadsSummary(podcastId: number, range: DateRange): Promise<DownloadsSummary> {
  const report = await podcastDownloads(podcastId, range);
  const top = report.by_episode[0];
  return {
    ...range,
    downloads: report.total,
    listeners: report.listeners,
    by_day: report.by_day.map(({ date, downloads }) => ({ date, downloads })),
    top_episode: top ? { title: top.title, hash_id: top.hash_id, downloads: top.downloads } : null,
  };
}

/** A page's report: the range of its ?from=&to= query, or the last 30 days with the reason when that range is refused. */
export async function pageDownloads(podcastId: number, url: URL): Promise<{ report: DownloadsReport; error: string | null }> {
  let range: DateRange;
  let error: string | null = null;
  try {
    range = parseDateRange({ from: url.searchParams.get('from'), to: url.searchParams.get('to') });
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    error = err.message;
    range = parseDateRange({});
  }
  return { report: await podcastDownloads(podcastId, range), error };
}
