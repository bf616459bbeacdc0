/** A podcast's manual stats submissions, for its owner. */
import { and, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { type Db, encodeCursor, getDb, keyset, rowFromJson, podcastManualStats, podcasts, windowTotal } from '../../db';
import { findOwnedPodcast } from '../../podcasts';
import { paginate, type Paginated } from '../../../paginate';
import { isManualStatsExpired, serializeManualStats, type ManualStatsPayload } from './manual-stats';

/** Newest first, the id breaking ties (podcast_manual_stats_podcast_created_idx). */
const order = keyset([
  { column: podcastManualStats.created_at, type: 'timestamp' },
  { column: podcastManualStats.id, type: 'int' },
]);

/**
 * Every submission of the user's podcast, newest first, paginated: one statement (the rows, the total
 * and the ownership) when the page has rows; an empty page checks that the podcast is the user's.
 */
export async function listManualStats(userId: number, podcastId: number, page = 1, perPage = 10, cursor?: string): Promise<Paginated<ManualStatsPayload>> {
  const db = await getDb();
  const after = order.after(cursor);
  const read = await db
    .select({ row: podcastManualStats, total: sql<number>`count(*) over ()`, cursor_key: order.key })
    .from(podcastManualStats)
    .innerJoin(podcasts, and(eq(podcasts.id, podcastManualStats.podcast_id), eq(podcasts.user_id, userId)))
    .where(and(eq(podcastManualStats.podcast_id, podcastId), after))
    .orderBy(...order.orderBy)
    .limit(perPage + 1)
    .offset(after ? 0 : (page - 1) * perPage);
  const { rows, next_cursor } = order.page(read, perPage);
  if (!rows.length) await findOwnedPodcast(userId, podcastId);
  const countAll = async () =>
    Number((await db.select({ n: count() }).from(podcastManualStats).where(eq(podcastManualStats.podcast_id, podcastId)))[0]?.n ?? 0);
  // On a cursor page the window count holds only the rows after the cursor: the total is counted apart.
  const total = after ? await countAll() : await windowTotal(rows, page, countAll);
  const result = paginate(
    rows.map((r) => serializeManualStats(r.row)),
    total,
    page,
    perPage,
    `/api/podcasts/${podcastId}/manual-stats-list`,
    { per_page: String(perPage) },
  );
  result.meta.next_cursor = next_cursor;
  return result;
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
  const found = new Map<number, { items: ManualStatsPayload[]; total: number; last: Record<string, unknown> | null }>(
    podcastIds.map((id) => [id, { items: [], total: 0, last: null }]),
  );
  for (const r of rows) {
    const list = found.get(r.podcast_id);
    if (!list) continue;
    list.items.push(serializeManualStats(rowFromJson(podcastManualStats, r.row)));
    list.total = Number(r.total);
    list.last = r.row;
  }
  return new Map(
    [...found].map(([id, { items, total, last }]) => {
      const page = paginate(items, total, 1, perPage, `/api/podcasts/${id}/manual-stats-list`, { per_page: String(perPage) });
      // The cursor listManualStats gives its first page: the last row's key as the database wrote it (to_json keeps microseconds).
      page.meta.next_cursor = last && total > items.length ? encodeCursor([String(last.created_at), Number(last.id)]) : null;
      return [id, page];
    }),
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
