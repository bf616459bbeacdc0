/**
 * The campaigns' scheduled work: a daily expiry job on the queue that queues its own next run.
 * runtime.ts imports this module so the handler is registered in every process that works the queue.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { getDb } from '../db/client';
import { queueJobs } from '../db/schema';
import { enqueue, registerJob } from '../jobs/queue';
import { expireCampaigns } from './expire-campaigns';

export const EXPIRE_JOB = 'campaigns.expire';
const DAY_MS = 86_400_000;

/** The next run: a few minutes past the coming UTC midnight. */
export function nextExpiryRun(now = new Date()): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY_MS);
  return new Date(next.getTime() + 5 * 60_000);
}

/** Queues the daily expiry job unless one is already waiting. */
export async function ensureExpiryScheduled(runAt: Date = nextExpiryRun()): Promise<void> {
  const db = await getDb();
  const [waiting] = await db
    .select({ id: queueJobs.id })
    .from(queueJobs)
    .where(and(eq(queueJobs.name, EXPIRE_JOB), inArray(queueJobs.status, ['queued', 'running'])))
    .limit(1);
  if (!waiting) await enqueue(EXPIRE_JOB, {}, { runAt });
}

registerJob(EXPIRE_JOB, async (_payload, job) => {
  const expired = await expireCampaigns();
  if (expired) console.log(`[cuepoint] expired ${expired} campaign(s)`);
  // The running job is this one; queue tomorrow's run directly.
  const db = await getDb();
  const [other] = await db
    .select({ id: queueJobs.id })
    .from(queueJobs)
    .where(and(eq(queueJobs.name, EXPIRE_JOB), eq(queueJobs.status, 'queued')))
    .limit(1);
  if (!other || other.id === job.id) await enqueue(EXPIRE_JOB, {}, { runAt: nextExpiryRun() });
});
