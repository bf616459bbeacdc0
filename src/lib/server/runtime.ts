/**
 * The process runtime: migrate, make sure the web client exists, seed an empty database, start the
 * queue worker. server/start.mjs calls boot() before it listens; the dev server boots lazily.
 */
import { config } from './config';
import { closeDb } from './db/client';
import { migrate } from './db/migrate';
import { ensureWebClient } from './auth/oauth-clients';
import { startWorker, stopWorker, workReady } from './jobs/queue';
import { isDatabaseEmpty, seedCatalogue, seedDemo } from './seed/demo';
import { getDb } from './db/client';
import './mail/send-mail';
import './files/process-audio';
import './campaigns/jobs';
import './workrooms/attachments';
import { startHostingSchedules, stopHostingSchedules } from './hosting/jobs';

const KEY = Symbol.for('cuepoint.boot');
type Holder = { [KEY]?: Promise<void> };

export interface BootOptions {
  /** Fill an empty database with demo data (npm start); off for tests' fresh databases. */
  seed?: boolean;
  /** Work the queue in this process. */
  worker?: boolean;
}

/** Prepares the database and background work; runs once per process. */
export function boot(options: BootOptions = {}): Promise<void> {
  const holder = globalThis as Holder;
  holder[KEY] ??= (async () => {
    config();
    await migrate();
    await ensureWebClient();
    // The ad types and categories are reference data every install needs, demo or not.
    await (await getDb()).transaction((tx) => seedCatalogue(tx));
    if ((options.seed ?? config().seedDemo) && (await isDatabaseEmpty())) {
      await seedDemo();
      console.log('[cuepoint] seeded demo data');
    }
    if (options.worker ?? true) {
      startWorker();
      startHostingSchedules();
    }
  })();
  return holder[KEY];
}

/** Boots with the defaults if nothing booted yet (the dev server). */
export function ensureBooted(): Promise<void> {
  return boot();
}

/** Stops background work and closes the database. */
export async function shutdown(): Promise<void> {
  stopWorker();
  stopHostingSchedules();
  await closeDb();
}

export { seedDemo, isDatabaseEmpty, workReady };
export { config } from './config';
export { DEMO_SIGN_INS, DEMO_PASSWORD } from './seed/demo';
export { attachServer } from './realtime/realtime';
