/**
 * The queue engine: pg-boss, on PostgreSQL through its own small pool and on the embedded PGlite
 * through the process's one PGlite connection (pg-boss's `pglite` backend, LISTEN/NOTIFY in-process).
 * One engine serves both, so the embedded default and a scaled-out deployment run the same queue code.
 * The engine is started by the migrate step (it installs its own schema, `pgboss`) and stopped before
 * the database closes.
 */
import { PgBoss, fromPglite } from 'pg-boss';
import { config } from '../config';
import { dbHandle, onDbClose } from '../db';
import { DEAD_LETTER_QUEUE, LANES, type Lane } from './lanes';

export interface EngineRole {
  /** This process works jobs: it also supervises (expires dead leases, retries) and fires schedules. */
  worker: boolean;
}

const KEY = Symbol.for('cuepoint.jobs.engine');
interface EngineState {
  role: EngineRole;
  boss: Promise<PgBoss> | null;
}
function state(): EngineState {
  const g = globalThis as { [KEY]?: EngineState };
  g[KEY] ??= { role: { worker: false }, boss: null };
  return g[KEY];
}

/** Sets what this process does with the queue; call before the engine starts (boot does). */
export function setEngineRole(role: EngineRole): void {
  state().role = role;
}

/** The role this process was given. */
export function engineRole(): EngineRole {
  return state().role;
}

/** How often the supervisor looks for expired leases: a job whose process died is retried within this plus its heartbeat. */
const SUPERVISE_SECONDS = 10;

async function open(): Promise<PgBoss> {
  const { databaseUrl } = config();
  const handle = await dbHandle();
  const { worker } = state().role;
  const common = {
    schema: 'pgboss',
    useListenNotify: true,
    supervise: worker,
    schedule: worker,
    monitorIntervalSeconds: SUPERVISE_SECONDS,
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    instanceName: worker ? 'cuepoint-worker' : 'cuepoint-web',
    openTelemetry: { enabled: false },
  };
  const boss =
    handle.pglite && !databaseUrl
      ? new PgBoss({ ...common, db: fromPglite(handle.pglite), backend: 'pglite' })
      : new PgBoss({ ...common, connectionString: databaseUrl!, max: 4, application_name: 'cuepoint-jobs' });
  boss.on('error', (error: Error) => console.error(`[cuepoint] queue: ${error.message}`));
  await boss.start();
  // One queue per lane, created before anything is queued (a queue created inside a caller's
  // transaction would wait on PGlite's one connection, which that transaction holds).
  await createQueue(boss, DEAD_LETTER_QUEUE, null);
  for (const [name, lane] of Object.entries(LANES)) await createQueue(boss, name, lane);
  return boss;
}

/** The started engine of this process. */
/** True once the engine has been asked to start (boot and migrateWithQueue do it before any request). */
export function engineStarted(): boolean {
  return state().boss != null;
}

export function engine(): Promise<PgBoss> {
  const s = state();
  s.boss ??= open().catch((error: unknown) => {
    s.boss = null;
    throw error;
  });
  return s.boss;
}

/** Creates a lane's queue (or brings its options up to date) with its retries, lease and dead letters. */
async function createQueue(boss: PgBoss, name: string, lane: Lane | null): Promise<void> {
  const options = lane
    ? {
        retryLimit: lane.retryLimit,
        retryDelay: lane.retryDelay,
        retryBackoff: true,
        retryDelayMax: lane.retryDelayMax,
        expireInSeconds: lane.expireInSeconds,
        ...(lane.heartbeatSeconds ? { heartbeatSeconds: lane.heartbeatSeconds } : {}),
        deadLetter: DEAD_LETTER_QUEUE,
        notify: true,
      }
    : { retentionSeconds: 90 * 24 * 3600 };
  await boss.createQueue(name, options);
  // createQueue keeps an existing queue as it was: apply today's lane (a changed retry rule, a new heartbeat).
  if (lane) {
    const { notify: _notify, ...rest } = options as typeof options & { notify: boolean };
    await boss.updateQueue(name, rest);
  }
}

/** Stops the engine: workers finish their current job (up to `timeoutMs`), then it lets go of the database. */
export async function stopEngine(timeoutMs = 10_000): Promise<void> {
  const s = state();
  const pending = s.boss;
  s.boss = null;
  if (!pending) return;
  const boss = await pending.catch(() => null);
  await boss?.stop({ graceful: true, timeout: timeoutMs, close: true }).catch(() => undefined);
}

onDbClose(() => stopEngine(2_000));
