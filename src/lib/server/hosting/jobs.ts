/** The background work of hosting: the feed import job, the stale check every minute and the redirect re-check every hour, each once across all processes. */
import { registerJob, registerSchedule } from '../jobs';
import { importHostedFeed } from './import-feed';
import { markMigrationFailed, markStaleMigrations } from './migration-state';
import { recheckRedirects } from './check-redirecting';
import { IMPORT_JOB } from './start-migration';

declare module '../jobs/queue' {
  interface JobPayloads {
    'hosting.import-feed': { hosted_id: number };
  }
}

/** Registers this work with the queue; boot (src/lib/server/runtime.ts) calls it once per process. */
export function registerHostingJobs(): void {
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

  registerSchedule('hosting.mark-stale', '* * * * *', async () => {
    await markStaleMigrations();
  });

  // Keeps redirecting_at fresh while old feeds still redirect here (hosting §3's 2-day rule).
  registerSchedule('hosting.recheck-redirects', '17 * * * *', async () => {
    await recheckRedirects();
  });
}
