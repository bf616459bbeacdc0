/**
 * A database-backed job queue worked in-process. Jobs are claimed with FOR UPDATE SKIP LOCKED,
 * so separate worker processes on PostgreSQL can share the same table.
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { getDb, type Db, type Tx } from '../db/client';
import { queueJobs } from '../db/schema';

export type JobHandler = (payload: Record<string, unknown>, job: { id: number; attempts: number }) => Promise<void>;

const KEY = Symbol.for('cuepoint.queue');
interface QueueState {
  handlers: Map<string, JobHandler>;
  timer: NodeJS.Timeout | null;
  running: boolean;
  wake: (() => void) | null;
  idle: Set<() => void>;
}
function state(): QueueState {
  const g = globalThis as { [KEY]?: QueueState };
  g[KEY] ??= { handlers: new Map(), timer: null, running: false, wake: null, idle: new Set() };
  return g[KEY];
}

/** Registers the handler of a job name. */
export function registerJob(name: string, handler: JobHandler): void {
  state().handlers.set(name, handler);
}

/** Queues a job (inside the caller's transaction when one is given). */
export async function enqueue(
  name: string,
  payload: Record<string, unknown>,
  options: { runAt?: Date; maxAttempts?: number; db?: Db | Tx } = {},
): Promise<number> {
  const db = options.db ?? (await getDb());
  const [row] = await db
    .insert(queueJobs)
    .values({ name, payload, run_at: options.runAt ?? new Date(), max_attempts: options.maxAttempts ?? 3 })
    .returning({ id: queueJobs.id });
  state().wake?.();
  return row!.id;
}

async function claim(): Promise<{ id: number; name: string; payload: Record<string, unknown>; attempts: number; max_attempts: number } | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(queueJobs)
      .where(and(eq(queueJobs.status, 'queued'), lte(queueJobs.run_at, new Date())))
      .orderBy(asc(queueJobs.run_at), asc(queueJobs.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!job) return null;
    await tx
      .update(queueJobs)
      .set({ status: 'running', locked_at: new Date(), attempts: job.attempts + 1 })
      .where(eq(queueJobs.id, job.id));
    return { id: job.id, name: job.name, payload: job.payload, attempts: job.attempts + 1, max_attempts: job.max_attempts };
  });
}

/** Works queued jobs until none is ready; answers how many ran. */
export async function workReady(): Promise<number> {
  let count = 0;
  for (;;) {
    const job = await claim();
    if (!job) return count;
    count++;
    const db = await getDb();
    const handler = state().handlers.get(job.name);
    try {
      if (!handler) throw new Error(`No handler registered for job "${job.name}".`);
      await handler(job.payload, { id: job.id, attempts: job.attempts });
      await db.update(queueJobs).set({ status: 'done', locked_at: null }).where(eq(queueJobs.id, job.id));
    } catch (error) {
      const failed = job.attempts >= job.max_attempts;
      const message = error instanceof Error ? error.message : String(error);
      console.error(`[cuepoint] job ${job.name}#${job.id} failed (attempt ${job.attempts}): ${message}`);
      await db
        .update(queueJobs)
        .set({
          status: failed ? 'failed' : 'queued',
          locked_at: null,
          last_error: message.slice(0, 2000),
          run_at: new Date(Date.now() + 2 ** job.attempts * 1000),
        })
        .where(eq(queueJobs.id, job.id));
    }
  }
}

/** Starts the in-process worker: woken by enqueue, and polling for delayed jobs. */
export function startWorker(pollMs = 1000): void {
  const s = state();
  if (s.timer) return;
  const tick = async () => {
    if (s.running) return;
    s.running = true;
    try {
      await workReady();
    } catch (error) {
      console.error('[cuepoint] queue worker error', error);
    } finally {
      s.running = false;
      for (const resolve of s.idle) resolve();
      s.idle.clear();
    }
  };
  s.wake = () => void setImmediate(tick);
  s.timer = setInterval(tick, pollMs);
  s.timer.unref();
  // Jobs left running by a process that died are picked up again.
  void getDb().then((db) =>
    db
      .update(queueJobs)
      .set({ status: 'queued', locked_at: null })
      .where(and(eq(queueJobs.status, 'running'), lte(queueJobs.locked_at, sql`now() - interval '10 minutes'`))),
  );
  void tick();
}

/** Stops the worker. */
export function stopWorker(): void {
  const s = state();
  if (s.timer) clearInterval(s.timer);
  s.timer = null;
  s.wake = null;
}
