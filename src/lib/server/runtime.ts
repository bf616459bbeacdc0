/**
 * The process runtime: migrate, make sure the web client exists, seed an empty database, start the
 * queue worker. server/start.mjs calls boot() before it listens; the dev server boots lazily.
 */
import { config } from './config';
import { closeDb } from './db/client';
import { migrate } from './db/migrate';
import { ensureWebClient } from './auth/oauth-clients';
import { prepareSignIn } from './auth/sign-in';
import { revocationsReady, stopRevocationSync } from './session/revocations';
import { prepareQueues, startWorker, stopWorker, workReady } from './jobs/queue';
import { setEngineRole, stopEngine } from './jobs/engine';
import { isDatabaseEmpty, seedCatalogue, seedDemo } from './seed/demo';
import { getDb } from './db/client';
import './mail/send-mail';
import './files/process-audio';
import './files/jobs';
import './campaigns/jobs';
import './payments/jobs';
import './delivery/jobs';
import './workrooms/attachments';
import './hosting/jobs';
import './ads/jobs';
import { startMeasurement } from './analytics/jobs';
import { flushRequestLog } from './analytics/request-log';

const KEY = Symbol.for('cuepoint.boot');
type Holder = { [KEY]?: Promise<void> };

export interface BootOptions {
  /** Fill an empty database with demo data (npm start); off for tests' fresh databases. */
  seed?: boolean;
  /** Work the queue in this process (default: QUEUE_WORKER, true unless set to false). */
  worker?: boolean;
}

/** Prepares the database and background work; runs once per process. */
export function boot(options: BootOptions = {}): Promise<void> {
  const holder = globalThis as Holder;
  holder[KEY] ??= (async () => {
    const worker = options.worker ?? config().queueWorker;
    setEngineRole({ worker });
    await migrate();
    await prepareQueues();
    await ensureWebClient();
    void prepareSignIn();
    // The ad types and categories are reference data every install needs, demo or not.
    await (await getDb()).transaction((tx) => seedCatalogue(tx));
    if ((options.seed ?? config().seedDemo) && (await isDatabaseEmpty())) {
      await seedDemo();
      console.log('[cuepoint] seeded demo data');
    }
    if (worker) {
      await startWorker();
      await startMeasurement();
    }
    // Revoked sessions are known before the first request, which then reads only its own.
    await revocationsReady();
  })();
  return holder[KEY];
}

/** Boots with the defaults if nothing booted yet (the dev server). */
export function ensureBooted(): Promise<void> {
  return boot();
}

/** Stops background work and closes the database. */
export async function shutdown(): Promise<void> {
  // Measurement's log lines still in memory are written first.
  await flushRequestLog();
  stopRevocationSync();
  await stopWorker();
  await stopEngine();
  await closeDb();
}

export { seedDemo, isDatabaseEmpty, workReady };
export { rebuildDownloads } from './analytics/count-downloads';
export { refreshListenerStats } from './analytics/listener-stats';
export { closeDb };
export { backupName, backupToken, createBackup } from './backup/create-backup';
export { restoreBackup } from './backup/restore-backup';
export { config } from './config';
export { isApiPath } from './api-paths';
export { bodyTooLargeMessage, requestBodyLimit } from './body-limits';
export { DEMO_SIGN_INS, DEMO_PASSWORD } from './seed/demo';
export { attachServer } from './realtime/realtime';
export { copyLocalFilesToBucket } from './storage/copy-to-bucket';
export { reconcilePayments } from './payments';
