/**
 * Dead letters: jobs that failed every attempt, kept with their last error for an admin to retry (the
 * job goes back to its own queue, attempts counted afresh) or discard. Also the queue overview of the
 * admin page: how many jobs wait, run and failed in each kind.
 */
import { HttpError, sameOrigin } from '../http';
import { engine } from './engine';
import { DEAD_LETTER_QUEUE, LANES } from './lanes';
import { registeredJobs } from './queue';

export interface DeadLetter {
  id: string;
  /** The job kind that failed, and its lane. */
  name: string;
  lane: string;
  payload: Record<string, unknown>;
  error: string;
  attempts: number;
  failedAt: Date;
  firstQueuedAt: Date | null;
}

export interface QueueOverview {
  lane: string;
  concurrency: number;
  /** The kinds registered in the lane, with their schedules. */
  kinds: { name: string; schedule: string | null }[];
  ready: number;
  deferred: number;
  active: number;
  failed: number;
}

function errorText(output: unknown): string {
  if (!output || typeof output !== 'object') return 'Unknown error';
  const o = output as { message?: unknown; value?: { message?: unknown } };
  const message = typeof o.message === 'string' ? o.message : typeof o.value?.message === 'string' ? o.value.message : JSON.stringify(output);
  return message.slice(0, 2000);
}

/** The dead letters, newest first. */
export async function listDeadLetters(limit = 200): Promise<DeadLetter[]> {
  const boss = await engine();
  const rows = await boss.findJobs<{ kind?: string; payload?: Record<string, unknown> }>(DEAD_LETTER_QUEUE, { queued: true, limit: 100_000 });
  return rows
    .map((j) => ({
      id: j.id,
      name: j.data?.kind ?? 'unknown',
      lane: j.sourceName ?? 'unknown',
      payload: j.data?.payload ?? {},
      error: errorText(j.sourceOutput),
      attempts: (j.sourceRetryCount ?? 0) + 1,
      failedAt: j.createdOn,
      firstQueuedAt: j.sourceCreatedOn,
    }))
    .sort((a, b) => b.failedAt.getTime() - a.failedAt.getTime())
    .slice(0, limit);
}

async function deadLetter(id: string): Promise<DeadLetter> {
  const found = (await listDeadLetters(100_000)).find((d) => d.id === id);
  if (!found) throw new HttpError(404, 'That failed job is no longer waiting (it was retried or discarded).');
  return found;
}

/** Sends a dead letter back to its queue to run again. */
export async function retryDeadLetter(id: string): Promise<DeadLetter> {
  const letter = await deadLetter(id);
  const boss = await engine();
  await boss.redrive(DEAD_LETTER_QUEUE, { ids: [id] });
  return letter;
}

/** Removes a dead letter for good. */
export async function discardDeadLetter(id: string): Promise<DeadLetter> {
  const letter = await deadLetter(id);
  const boss = await engine();
  await boss.deleteJob(DEAD_LETTER_QUEUE, id);
  return letter;
}

/** Every lane with its kinds and what waits, runs and failed in it. */
export async function queueOverview(): Promise<QueueOverview[]> {
  const boss = await engine();
  const jobs = registeredJobs();
  // A fresh count (pg-boss reuses one taken in the last minute), not the hourly cache.
  const stats = await Promise.all(Object.keys(LANES).map(async (lane) => [lane, (await boss.getQueueStats(lane, { force: true })).at(-1)] as const));
  const byName = new Map(stats);
  return Object.entries(LANES).map(([lane, rule]) => {
    const q = byName.get(lane);
    return {
      lane,
      concurrency: rule.concurrency,
      kinds: jobs.filter((j) => j.lane === lane).map((j) => ({ name: j.name, schedule: j.cron ?? null })),
      ready: q?.readyCount ?? 0,
      deferred: q?.deferredCount ?? 0,
      active: q?.activeCount ?? 0,
      failed: q?.failedCount ?? 0,
    };
  });
}

export interface DeadLetterFormOutcome {
  notice: string | null;
  error: string | null;
}

/** Handles the admin page's Retry and Discard forms (a POST from the page itself); a GET answers nothing to show. */
export async function handleDeadLetterForm(request: Request, url: URL): Promise<DeadLetterFormOutcome> {
  if (request.method !== 'POST') return { notice: null, error: null };
  if (!sameOrigin(request, url)) return { notice: null, error: 'That request did not come from this page.' };
  const form = await request.formData().catch(() => null);
  const id = String(form?.get('job_id') ?? '');
  const action = String(form?.get('action') ?? '');
  if (!/^[0-9a-f-]{36}$/.test(id)) return { notice: null, error: 'Choose a failed job.' };
  try {
    if (action === 'retry') {
      const letter = await retryDeadLetter(id);
      return { notice: `“${letter.name}” is queued again; it runs on the next free worker.`, error: null };
    }
    if (action === 'discard') {
      const letter = await discardDeadLetter(id);
      return { notice: `“${letter.name}” was discarded.`, error: null };
    }
    return { notice: null, error: 'Unknown action.' };
  } catch (e) {
    return { notice: null, error: e instanceof HttpError ? e.message : 'Could not update the failed job.' };
  }
}
