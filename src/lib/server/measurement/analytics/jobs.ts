/**
 * Measurement's continuous background work, on the queue: every ANALYTICS_COUNT_SECONDS (30 by default,
 * at most 60) the `analytics.measure` job writes the waiting log lines, counts downloads, refreshes the
 * listener stats of aired ads, matches site visits and forgets old daily secrets, then queues its next run.
 * One chain of runs exists across every instance: the next run time lives in analytics_state and only the
 * run that finds it due queues the next; a schedule (every minute, once across processes) restarts the
 * chain if it ever breaks (a lost job, a crash), and boot starts it.
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import { config } from '../../config';
import { now as clockNow } from '../../clock';
import { getDb, analyticsState } from '../../db';
import { enqueue, registerJob, registerSchedule } from '../../jobs';
import { matchVisits } from '../attribution';
import { activateHostedShows } from './connections';
import { countDownloads } from './count-downloads';
import { rereadFeedsOfWaitingWindows } from './feed-enclosures';
import { refreshListenerStats } from './listener-stats';
import { maintainLogPartitions } from './log-partitions';
import { flushRequestLog } from './request-log';
import { pruneSalts } from './salts';

export const MEASURE_JOB = 'analytics.measure';
const NEXT = 'measure.next';

export interface MeasureResult {
  lines: number;
  downloads: number;
  visits: number;
}

/** One pass of measurement: counting, listener stats, attribution. */
export async function runMeasurement(): Promise<MeasureResult> {
  // The pass's instant on the product's clock (the fixed TEST_CLOCK under tests), as visits and downloads are dated.
  const started = clockNow();
  await flushRequestLog();
  await activateHostedShows();
  const counted = await countDownloads();
  await refreshListenerStats(counted.episodeIds);
  const visits = await matchVisits(started);
  await pruneSalts(started);
  return { lines: counted.lines, downloads: counted.downloads, visits };
}

const intervalMs = () => config().analyticsCountSeconds * 1000;

/** Claims the next run (when it is due, or `staleAfterMs` overdue) and queues it; false when another run holds it. */
async function scheduleNext(staleAfterMs: number): Promise<boolean> {
  const db = await getDb();
  await db
    .insert(analyticsState)
    .values({ name: NEXT, updated_at: new Date(0) })
    .onConflictDoNothing();
  const runAt = new Date(Date.now() + intervalMs());
  const claimed = await db
    .update(analyticsState)
    .set({ updated_at: runAt })
    .where(and(eq(analyticsState.name, NEXT), lte(analyticsState.updated_at, sql`now() - ${`${Math.round(staleAfterMs / 1000)} seconds`}::interval`)))
    .returning();
  if (claimed.length) await enqueue(MEASURE_JOB, {}, { runAt, maxAttempts: 1 });
  return claimed.length > 0;
}

registerJob(MEASURE_JOB, async () => {
  try {
    const result = await runMeasurement();
    if (result.lines || result.visits)
      console.log(`[cuepoint] measured ${result.lines} request(s): ${result.downloads} download(s); ${result.visits} visit(s) matched`);
  } finally {
    // This run was due, so the next one is ours to queue (a second chain finds the time in the future and ends).
    await scheduleNext(-1000);
  }
});

/** A chain whose next run is this overdue is taken as broken and started again. */
const staleAfterMs = () => 2 * intervalMs() + 60_000;

registerSchedule('analytics.measure-watch', '* * * * *', async () => {
  await scheduleNext(staleAfterMs());
});

// A new episode of a show measured through the prefix is credited once its feed names it.
registerSchedule('analytics.reread-feeds', '*/5 * * * *', async () => {
  const read = await rereadFeedsOfWaitingWindows();
  if (read.length) console.log(`[cuepoint] read the feeds of ${read.length} show(s) whose listeners asked for addresses not counted yet`);
});

/** Starts the chain of measurement runs unless one is already going (boot calls it in processes that work the queue). */
/** Every hour: the request log's day partitions a week ahead, and the expired ones dropped (log-partitions.ts). */
registerSchedule('analytics.log-partitions', '7 * * * *', async () => {
  const report = await maintainLogPartitions();
  if (report.dropped.length || report.expired)
    console.log(`[cuepoint] request log: dropped ${report.dropped.length} day partition(s) and ${report.expired} expired row(s)`);
});

export async function startMeasurement(): Promise<void> {
  await maintainLogPartitions().catch((error: unknown) => console.error('[cuepoint] request-log partitions failed', error));
  await scheduleNext(staleAfterMs()).catch((error: unknown) => console.error('[cuepoint] measurement schedule failed', error));
}
