/**
 * Migration progress, the stale check and the end of onboarding (hosting spec §4): progress is read
 * from hosted_podcasts, a migration without progress for 10 minutes becomes stale, and
 * complete-onboarding sets is_completed once the redirect is in place.
 */
import { and, eq, lt } from 'drizzle-orm';
import { getDb, hostedPodcasts } from '../db';
import { HttpError } from '../http';
import { markPodcastOnboarded, serializeHosted } from '../podcasts';
import { isRedirecting } from '../../hosting-rules';
import type { HostedPodcastPayload } from '../../types';
import { findOwnedHosted } from './owned-hosted';
import { publishHostedPodcastUpdated } from './events';

/** A migration without progress for this long becomes stale. */
export const STALE_AFTER_MS = 10 * 60 * 1000;

/** GET …/migrate/progress: the percent of the migration. */
export async function migrationProgress(user: { id: number }, hostedId: number): Promise<{ percent: number; migration_status: string }> {
  const { hosted } = await findOwnedHosted(user.id, hostedId);
  return { percent: hosted.migration_status === 'completed' ? 100 : hosted.migration_percent, migration_status: hosted.migration_status };
}

/** Marks every in-progress migration without progress for 10 minutes as stale; answers how many. */
export async function markStaleMigrations(now = new Date()): Promise<number> {
  const db = await getDb();
  const rows = await db
    .update(hostedPodcasts)
    .set({ migration_status: 'stale' })
    .where(and(eq(hostedPodcasts.migration_status, 'in-progress'), lt(hostedPodcasts.migration_progress_at, new Date(now.getTime() - STALE_AFTER_MS))))
    .returning({ id: hostedPodcasts.id });
  for (const r of rows) await publishHostedPodcastUpdated(r.id);
  return rows.length;
}

/** Marks a migration failed (the import job's error path). */
export async function markMigrationFailed(hostedId: number, reason: string): Promise<void> {
  const db = await getDb();
  const [row] = await db.select({ settings: hostedPodcasts.settings }).from(hostedPodcasts).where(eq(hostedPodcasts.id, hostedId));
  if (!row) return;
  await db
    .update(hostedPodcasts)
    .set({ migration_status: 'failed', settings: { ...row.settings, migration_error: reason.slice(0, 500) } })
    .where(and(eq(hostedPodcasts.id, hostedId), eq(hostedPodcasts.migration_status, 'in-progress')));
  await publishHostedPodcastUpdated(hostedId);
}

/** POST …/complete-onboarding ('View Episodes'): needs a finished migration and an active redirect. */
export async function completeHostedOnboarding(user: { id: number }, hostedId: number, now = new Date()): Promise<HostedPodcastPayload> {
  const { hosted, podcast } = await findOwnedHosted(user.id, hostedId);
  if (!podcast.verified_at) throw new HttpError(403, 'Verify that you own the RSS feed first.');
  const migrated = hosted.migration_status === 'completed' || hosted.migration_status === 'skipped';
  if (!migrated) throw new HttpError(422, 'The migration has not finished yet.', { migration: ['The migration has not finished yet.'] });
  if (!hosted.is_completed && hosted.migration_status === 'completed' && !isRedirecting(hosted.redirecting_at, now) && !hosted.redirecting_at) {
    const message = 'Could not establish redirect, please setup the redirect on your current hosting.';
    throw new HttpError(422, message, { redirect: [message] });
  }
  const db = await getDb();
  const [saved] = await db.update(hostedPodcasts).set({ is_completed: true }).where(eq(hostedPodcasts.id, hosted.id)).returning();
  await publishHostedPodcastUpdated(hosted.id);
  await markPodcastOnboarded(podcast.id);
  return serializeHosted(saved!);
}
