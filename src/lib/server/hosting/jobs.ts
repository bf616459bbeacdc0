/** The background work of hosting: the feed import job and the scheduled stale check. */
import { registerJob } from '../jobs/queue';
import { importHostedFeed } from './import-feed';
import { markMigrationFailed, markStaleMigrations } from './migration-state';
import { IMPORT_JOB } from './start-migration';

const KEY = Symbol.for('cuepoint.hosting.schedules');

registerJob(IMPORT_JOB, async (payload) => {
  const hostedId = Number(payload.hosted_id);
  try {
    await importHostedFeed(hostedId);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`[cuepoint] migration of hosted podcast ${hostedId} failed: ${reason}`);
    await markMigrationFailed(hostedId, reason);
  }
});

/** Runs the stale check every minute in this process (idempotent, so several instances may run it). */
export function startHostingSchedules(intervalMs = 60_000): void {
  const g = globalThis as { [KEY]?: NodeJS.Timeout };
  if (g[KEY]) return;
  g[KEY] = setInterval(() => void markStaleMigrations().catch((error: unknown) => console.error('[cuepoint] stale check failed', error)), intervalMs);
  g[KEY].unref();
}

/** Stops the schedule (shutdown). */
export function stopHostingSchedules(): void {
  const g = globalThis as { [KEY]?: NodeJS.Timeout };
  if (g[KEY]) clearInterval(g[KEY]);
  g[KEY] = undefined;
}
