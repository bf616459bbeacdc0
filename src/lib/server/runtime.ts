/**
 * The process runtime: migrate, make sure the web client exists, seed an empty database, start the
 * queue worker. server/start.mjs calls boot() before it listens; the dev server boots lazily.
 */
import { config } from './config';
import { closeDb, migrate, getDb } from './db';
import { ensureWebClient, prepareSignIn, revocationsReady, stopRevocationSync } from './users';
import { prepareQueues, startWorker, stopWorker, workReady, setEngineRole, stopEngine } from './jobs';
import { isDatabaseEmpty, seedCatalogue, seedDemo } from './seed';
import { registerDeliveryJobs, registerJobSteps, registerProposalJobsStep } from './delivery';
import { registerAudioProcessing, registerFileJobs } from './files';
import { registerPaymentJobs } from './payments';
import { registerCampaignMeasures, registerFeedAudience } from './measurement';
import { registerCampaignJobs } from './campaigns';
import { registerAdFeedChapters, registerAdJobs } from './ads';
import { registerHostingJobs } from './hosting';
import { registerAttachmentViewRule, registerDealThread } from './workrooms';
// Infrastructure: the mail queue registers its one job as it loads.
import './mail';
import { startMeasurement, flushRequestLog } from './measurement';

const KEY = Symbol.for('cuepoint.boot');
type Holder = { [KEY]?: Promise<void> };

export interface BootOptions {
  /** Fill an empty database with demo data (npm start); off for tests' fresh databases. */
  seed?: boolean;
  /** Work the queue in this process (default: QUEUE_WORKER, true unless set to false). */
  worker?: boolean;
}

/** The domains' background jobs and file rules, registered before the queue or a request needs them. */
function registerDomainWork(): void {
  registerDeliveryJobs();
  // Delivery owns the jobs: it writes a proposal's (marketplace), starts them when funded (payments) and
  // ends them when an item is declined or a hire cancelled (marketplace), in the caller's transaction.
  registerProposalJobsStep();
  registerJobSteps();
  registerAudioProcessing();
  registerFileJobs();
  registerPaymentJobs();
  registerCampaignJobs();
  registerAdJobs();
  // The hosted feed links ad breaks as chapters: hosting asks, ads (above it) answers.
  registerAdFeedChapters();
  registerHostingJobs();
  registerAttachmentViewRule();
  // The workrooms post each step of a deal that the domains below them announce.
  registerDealThread();
  // The proposal feed (marketplace) shows verified audiences and sorts by them: measurement (above it) answers.
  registerFeedAudience();
  // Every campaign's figures and its site link: campaigns asks, measurement (above it) answers.
  registerCampaignMeasures();
}

/** Prepares the database and background work; runs once per process. */
export function boot(options: BootOptions = {}): Promise<void> {
  const holder = globalThis as Holder;
  holder[KEY] ??= (async () => {
    const worker = options.worker ?? config().queueWorker;
    setEngineRole({ worker });
    registerDomainWork();
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
export { maintainLogPartitions, rebuildDownloads, refreshListenerStats } from './measurement';
// For server/seed-scale.mjs: the scale dataset is written through the product's schema on its own connection.
export { getDb } from './db';
export { hashPassword } from './users';
export { closeDb };
export {
  backupName,
  backupToken,
  createBackup,
  restoreBackup,
} from './backup';
export { config } from './config';
export { isApiPath } from './api-paths';
export { bodyTooLargeMessage, requestBodyLimit } from './body-limits';
export { DEMO_SIGN_INS, DEMO_PASSWORD } from './seed';
export { attachServer } from './realtime';
export { copyLocalFilesToBucket } from './storage';
export { reconcilePayments } from './payments';
