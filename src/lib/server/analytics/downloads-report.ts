/**
 * A show's downloads over a date range, read from the counter's aggregates (download_days and
 * listener_days): /hosting/reports, the #analytics section of manage-podcasts, GET
 * /api/podcasts/{id}/analytics and the hosting dashboard's last-30-days panel.
 */
import { and, between, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { daysBetween, type DateRange, type DownloadsReport, lastDays, MAX_RANGE_DAYS, type NamedCount, utcToday } from '../../analytics-types';
import { getDb } from '../db/client';
import { downloadDays, episodes, listenerDays } from '../db/schema';
import { fieldError, HttpError, validate } from '../http';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'The date must be a date (YYYY-MM-DD).');

/** The range asked for by `from` and `to` (YYYY-MM-DD, both optional: the last 30 days up to today). */
export function parseDateRange(query: { from?: string | null; to?: string | null }): DateRange {
  const parsed = validate(z.object({ from: day.optional(), to: day.optional() }), {
    from: query.from || undefined,
    to: query.to || undefined,
  });
  const to = parsed.to ?? utcToday();
  const from = parsed.from ?? lastDays(to, 30).from;
  if (Number.isNaN(Date.parse(from))) throw fieldError('from', 'The from date is not a real day.');
  if (Number.isNaN(Date.parse(to))) throw fieldError('to', 'The to date is not a real day.');
  if (from > to) throw fieldError('from', 'The from date must be on or before the to date.');
  if (daysBetween(from, to).length > MAX_RANGE_DAYS) throw fieldError('from', `A report covers at most ${MAX_RANGE_DAYS} days.`);
  return { from, to };
}

const named = (rows: Array<{ name: string; n: number }>): NamedCount[] =>
  rows.map((r) => ({ name: r.name, downloads: Number(r.n) })).sort((a, b) => b.downloads - a.downloads || a.name.localeCompare(b.name));

/** The show's downloads between two days, both included. */
export async function podcastDownloads(podcastId: number, range: DateRange): Promise<DownloadsReport> {
  const db = await getDb();
  const where = and(eq(downloadDays.podcast_id, podcastId), between(downloadDays.day, range.from, range.to));
  const n = sql<number>`sum(${downloadDays.downloads})::int`;
  const by = (column: typeof downloadDays.app | typeof downloadDays.device | typeof downloadDays.os | typeof downloadDays.country) =>
    db.select({ name: column, n }).from(downloadDays).where(where).groupBy(column);
  const [days, listeners, perEpisode, apps, devices, oses, countries] = await Promise.all([
    db.select({ day: downloadDays.day, n }).from(downloadDays).where(where).groupBy(downloadDays.day),
    db
      .select({ day: listenerDays.day, n: listenerDays.listeners })
      .from(listenerDays)
      .where(and(eq(listenerDays.podcast_id, podcastId), between(listenerDays.day, range.from, range.to))),
    db.select({ id: downloadDays.episode_id, n }).from(downloadDays).where(where).groupBy(downloadDays.episode_id),
    by(downloadDays.app),
    by(downloadDays.device),
    by(downloadDays.os),
    by(downloadDays.country),
  ]);
  const ids = perEpisode.map((e) => e.id).filter((id) => id > 0);
  const titles = ids.length
    ? await db
        .select({ id: episodes.id, hash_id: episodes.hash_id, title: episodes.title, published_at: episodes.published_at })
        .from(episodes)
        .where(inArray(episodes.id, ids))
    : [];
  const byDay = new Map(days.map((d) => [d.day, Number(d.n)]));
  const listenersByDay = new Map(listeners.map((d) => [d.day, Number(d.n)]));
  const by_day = daysBetween(range.from, range.to).map((date) => ({ date, downloads: byDay.get(date) ?? 0, listeners: listenersByDay.get(date) ?? 0 }));
  const by_episode = perEpisode
    .map((e) => {
      const ep = titles.find((t) => t.id === e.id);
      return {
        id: ep?.id ?? null,
        hash_id: ep?.hash_id ?? null,
        title: ep?.title ?? 'Audio that is not an episode of the feed',
        published_at: ep?.published_at?.toISOString() ?? null,
        downloads: Number(e.n),
      };
    })
    .sort((a, b) => b.downloads - a.downloads || (b.published_at ?? '').localeCompare(a.published_at ?? ''));
  return {
    ...range,
    total: by_day.reduce((s, d) => s + d.downloads, 0),
    listeners: by_day.reduce((s, d) => s + d.listeners, 0),
    by_day,
    by_episode,
    by_app: named(apps),
    by_device: named(devices),
    by_os: named(oses),
    by_country: named(countries),
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
