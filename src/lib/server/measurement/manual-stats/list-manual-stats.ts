/** A podcast's manual stats submissions, for its owner. */
import { and, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { type Db, getDb, rowFromJson, podcastManualStats, podcasts, windowTotal } from '../../db';
import { findOwnedPodcast } from '../../podcasts';
import { paginate, type Paginated } from '../../../paginate';
import { isManualStatsExpired, serializeManualStats, type ManualStatsPayload } from './manual-stats';

/**
 * Every submission of the user's podcast, newest first, paginated: one statement (the rows, the total
 * and the ownership) when the page has rows; an empty page checks that the podcast is the user's.
 */
export async function listManualStats(userId: number, podcastId: number, page = 1, perPage = 10): Promise<Paginated<ManualStatsPayload>> {
  const db = await getDb();
  const rows = await db
    .select({ row: podcastManualStats, total: sql<number>`count(*) over ()` })
    .from(podcastManualStats)
    .innerJoin(podcasts, and(eq(podcasts.id, podcastManualStats.podcast_id), eq(podcasts.user_id, userId)))
    .where(eq(podcastManualStats.podcast_id, podcastId))
    .orderBy(desc(podcastManualStats.created_at), desc(podcastManualStats.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  if (!rows.length) await findOwnedPodcast(userId, podcastId);
  const total = await windowTotal(rows, page, async () =>
    Number((await db.select({ n: count() }).from(podcastManualStats).where(eq(podcastManualStats.podcast_id, podcastId)))[0]?.n ?? 0),
  );
  return paginate(
    rows.map((r) => serializeManualStats(r.row)),
    total,
    page,
    perPage,
    `/api/podcasts/${podcastId}/manual-stats-list`,
    { per_page: String(perPage) },
  );
}

/**
 * The first page of submissions of each of the user's podcasts named (a page showing every show's list,
 * shows-analytics.ts): each submission on a first page as JSON (`row`), with its podcast's total and its
 * place (`n`), for a read to nest as JSON. A podcast that is not the user's has none.
 */
export function firstManualStatsQuery(db: Db, userId: number, podcastIds: number[], perPage = 10) {
  const m = podcastManualStats;
  const ranked = db
    .select({
      podcast_id: m.podcast_id,
      row: sql<Record<string, unknown>>`to_json(${m})`.as('row'),
      total: sql<number>`count(*) over (partition by ${m.podcast_id})`.as('total'),
      n: sql<number>`row_number() over (partition by ${m.podcast_id} order by ${m.created_at} desc, ${m.id} desc)`.as('n'),
    })
    .from(m)
    .innerJoin(podcasts, and(eq(podcasts.id, m.podcast_id), eq(podcasts.user_id, userId)))
    .where(inArray(m.podcast_id, podcastIds))
    .as('ranked');
  return db.select().from(ranked).where(lte(ranked.n, perPage)).orderBy(ranked.podcast_id, ranked.n);
}

/** The pages of firstManualStatsQuery's rows, by podcast id (every podcast named has one), each as listManualStats would answer it. */
export function manualStatsPagesOf(
  podcastIds: number[],
  rows: Array<{ podcast_id: number; row: Record<string, unknown>; total: number | string }>,
  perPage = 10,
): Map<number, Paginated<ManualStatsPayload>> {
  const found = new Map<number, { items: ManualStatsPayload[]; total: number }>(podcastIds.map((id) => [id, { items: [], total: 0 }]));
  for (const r of rows) {
    const list = found.get(r.podcast_id);
    if (!list) continue;
    list.items.push(serializeManualStats(rowFromJson(podcastManualStats, r.row)));
    list.total = Number(r.total);
  }
  return new Map(
    [...found].map(([id, { items, total }]) => [
      id,
      paginate(items, total, 1, perPage, `/api/podcasts/${id}/manual-stats-list`, { per_page: String(perPage) }),
    ]),
  );
}

/** The submission that describes the podcast now: the newest one that has not expired, or null. */
export async function currentManualStats(userId: number, podcastId: number): Promise<ManualStatsPayload | null> {
  await findOwnedPodcast(userId, podcastId);
  const db = await getDb();
  const rows = await db
    .select()
    .from(podcastManualStats)
    .where(and(eq(podcastManualStats.podcast_id, podcastId)))
    .orderBy(desc(podcastManualStats.created_at), desc(podcastManualStats.id))
    .limit(5);
  const live = rows.find((r) => !isManualStatsExpired(r));
  return live ? serializeManualStats(live) : null;
}
