/**
 * The job queue every domain uses: `registerJob(name, handler)` where the work is defined,
 * `enqueue(name, payload, {runAt, maxAttempts, db})` where it is asked for (inside the caller's
 * transaction when `db` is one, so a job exists exactly when the change that asked for it commits).
 * Jobs run on pg-boss (engine.ts) in lanes (lanes.ts): each lane is one pg-boss queue with its own
 * workers, so mail never waits behind an import; retries with exponential backoff, a lease renewed by a
 * heartbeat so a job whose process died is run again, and a dead-letter queue for jobs that failed every
 * attempt (shown to admins at /admin/jobs). A job is stored as `{kind, payload}` in its lane's queue. Recurring work
 * is declared with `registerSchedule` and fires once across every process, however many run.
 *
 * Payloads are typed per job name: a domain declares its payload by augmenting JobPayloads,
 *   declare module '../jobs/queue' { interface JobPayloads { 'mail.send': MailMessage } }
 * and `registerJob`/`enqueue` of that name then check it. Names not declared take a plain object.
 */
import { sql } from 'drizzle-orm';
import { fromDrizzle, type Job } from 'pg-boss';
import type { Db, Tx } from '../db';
import { engine, engineRole, engineStarted } from './engine';
import { LANES, laneOf, type LaneName } from './lanes';

/** Payload types by job name (augmented by the domains that own the jobs). */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by module augmentation
export interface JobPayloads {}

export type PayloadOf<N extends string> = N extends keyof JobPayloads ? JobPayloads[N] : Record<string, unknown>;

export interface JobContext {
  id: string;
  /** 1 on the first run, 2 on the first retry, … */
  attempts: number;
  /** Aborted when the job's lease is lost (it ran past its expiry, or the worker is stopping for good). */
  signal: AbortSignal;
}

export type JobHandler<P = Record<string, unknown>> = (payload: P, job: JobContext) => Promise<void>;

export interface JobOptions {
  /** The lane (see lanes.ts); by default chosen from the name. */
  lane?: LaneName;
}

interface Registered {
  handler: JobHandler<never>;
  lane: LaneName;
  /** A cron expression (UTC) for recurring jobs. */
  cron?: string;
}

const KEY = Symbol.for('cuepoint.jobs.registry');
interface Registry {
  jobs: Map<string, Registered>;
  /** The lanes this process works (startWorker). */
  working: Set<LaneName>;
}
function registry(): Registry {
  const g = globalThis as { [KEY]?: Registry };
  g[KEY] ??= { jobs: new Map(), working: new Set() };
  return g[KEY];
}

/** Registers the handler of a job kind. */
export function registerJob<N extends string>(name: N, handler: JobHandler<PayloadOf<N>>, options: JobOptions = {}): void {
  const existing = registry().jobs.get(name);
  registry().jobs.set(name, { handler: handler as JobHandler<never>, lane: laneOf(name, options.lane), cron: existing?.cron });
}

/** Registers recurring work: `handler` runs on the cron expression (UTC), once across all processes. */
export function registerSchedule<N extends string>(name: N, cron: string, handler: JobHandler<PayloadOf<N>>, options: JobOptions = {}): void {
  registerJob(name, handler, { lane: options.lane ?? 'scheduled' });
  registry().jobs.get(name)!.cron = cron;
}

export interface EnqueueOptions {
  /** Not before this time. */
  runAt?: Date;
  /** Attempts in all (the first run and its retries); the lane's rule by default. */
  maxAttempts?: number;
  /** The caller's transaction (or database): the job is written with it and exists only if it commits. */
  db?: Db | Tx;
  /** The first wait before a retry, in seconds (it doubles with each attempt); the lane's by default. */
  retryDelaySeconds?: number;
  /** At most one waiting job with this key per lane (a second enqueue is dropped and answers null). */
  singletonKey?: string;
}

interface Envelope {
  kind: string;
  payload: object;
}

/** The lane of a kind: its registration's, else the one its name suggests. */
function laneFor(name: string): LaneName {
  return registry().jobs.get(name)?.lane ?? laneOf(name);
}

/** Queues a job; answers its id (null when a singleton key dropped it). */
export async function enqueue<N extends string>(name: N, payload: PayloadOf<N>, options: EnqueueOptions = {}): Promise<string | null> {
  // Starting the engine installs its schema; inside the caller's transaction (PGlite has one connection)
  // that would wait on itself. Say so rather than hang.
  if (options.db && !engineStarted()) throw new Error('The job engine must start before a transaction enqueues: boot() or migrateWithQueue() starts it.');
  const boss = await engine();
  const envelope: Envelope = { kind: name, payload: payload as object };
  // pg-boss validates every key it is given: leave out the ones not asked for.
  return boss.send(laneFor(name), envelope, {
    ...(options.runAt ? { startAfter: options.runAt } : {}),
    ...(options.maxAttempts !== undefined ? { retryLimit: Math.max(0, options.maxAttempts - 1) } : {}),
    ...(options.retryDelaySeconds !== undefined ? { retryDelay: options.retryDelaySeconds } : {}),
    ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    ...(options.db ? { db: fromDrizzle(options.db as never, sql as never) } : {}),
  });
}

/** Declares the schedules of recurring kinds (in a process that works the queue); boot calls it after migrating. */
export async function prepareQueues(): Promise<void> {
  const boss = await engine();
  if (!engineRole().worker) return;
  for (const [name, job] of registry().jobs) {
    if (job.cron) await boss.schedule(job.lane, job.cron, { kind: name, payload: {} } satisfies Envelope, { tz: 'UTC', key: name });
  }
}

async function run(job: Job<Envelope>): Promise<void> {
  const { kind, payload } = job.data;
  const registered = registry().jobs.get(kind);
  try {
    if (!registered) throw new Error(`No handler registered for job "${kind}".`);
    await (registered.handler as JobHandler<object>)(payload ?? {}, { id: job.id, attempts: job.retryCount + 1, signal: job.signal });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[cuepoint] job ${kind}#${job.id} failed (attempt ${job.retryCount + 1}): ${message}`);
    throw error;
  }
}

/** Starts working every lane in this process (npm start, npm run worker). */
export async function startWorker(): Promise<void> {
  const boss = await engine();
  const reg = registry();
  for (const [lane, rule] of Object.entries(LANES) as [LaneName, (typeof LANES)[LaneName]][]) {
    if (reg.working.has(lane)) continue;
    reg.working.add(lane);
    // NOTIFY wakes a worker for a new job; retries and delayed jobs are found by polling, so it stays short.
    await boss.work<Envelope>(lane, { localConcurrency: rule.concurrency, pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2 }, async ([job]) =>
      run(job!),
    );
  }
}

/** Stops taking new jobs in this process (the ones running finish). */
export async function stopWorker(): Promise<void> {
  const reg = registry();
  const lanes = [...reg.working];
  reg.working.clear();
  if (!lanes.length) return;
  const boss = await engine().catch(() => null);
  for (const lane of lanes) await boss?.offWork(lane, { wait: false }).catch(() => undefined);
}

/**
 * Runs every job that is ready now in this process, until none is left; answers how many ran. For tests
 * and scripts that need background work done before they look (a failed job is retried as usual).
 */
export async function workReady(): Promise<number> {
  const boss = await engine();
  let count = 0;
  for (;;) {
    let ran = 0;
    for (const [lane, rule] of Object.entries(LANES)) {
      const jobs = await boss.fetch<Envelope>(lane, { batchSize: 10 });
      for (const job of jobs) {
        ran++;
        // The lease is renewed while the job runs, as a worker does.
        const lease = rule.heartbeatSeconds
          ? setInterval(() => void boss.touch(lane, job.id).catch(() => undefined), (rule.heartbeatSeconds * 1000) / 2)
          : null;
        try {
          await run(job);
          await boss.complete(lane, job.id);
        } catch (error) {
          await boss.fail(lane, job.id, { message: error instanceof Error ? error.message : String(error) });
        } finally {
          if (lease) clearInterval(lease);
        }
      }
    }
    count += ran;
    if (ran === 0) return count;
  }
}

export interface QueuedJob {
  id: string;
  name: string;
  payload: Record<string, unknown>;
  state: string;
  attempts: number;
  createdAt: Date;
}

/** The stored jobs of a kind, oldest first (tests read them). */
export async function listJobs(name: string): Promise<QueuedJob[]> {
  const boss = await engine();
  const rows = await boss.findJobs<Envelope>(laneFor(name), { data: { kind: name }, limit: 100_000 });
  return rows.map((j) => ({
    id: j.id,
    name,
    payload: (j.data?.payload ?? {}) as Record<string, unknown>,
    state: j.state,
    attempts: j.retryCount + 1,
    createdAt: j.createdOn,
  }));
}

/** Every registered job kind with its lane and schedule. */
export function registeredJobs(): { name: string; lane: LaneName; cron?: string }[] {
  return [...registry().jobs].map(([name, job]) => ({ name, lane: job.lane, cron: job.cron }));
}
