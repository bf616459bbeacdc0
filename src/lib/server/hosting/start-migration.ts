/**
 * Finish on Confirm migration, and Resync Migration (hosting spec §2, §4, §7): POST
 * /api/podcasts/hosted/{id}/migrate marks the migration in progress and queues the import job. A
 * resync is open to a stale or failed migration, and to a finished one with files still to move.
 */
import { eq } from 'drizzle-orm';
import { getDb, categories, hostedPodcasts } from '../db';
import { isAppleCategory, type ItunesCategoryPair } from '../../apple-categories';
import { HttpError, fieldError } from '../http';
import { enqueue } from '../jobs';
import { serializeHosted, setPodcastCategory } from '../podcasts';
import type { HostedPodcastPayload } from '../../types';
import { hostedFeedUrl } from './hosted-feed-url';
import { findOwnedHosted } from './owned-hosted';
import { publishHostedPodcastUpdated } from './events';
import { failedFileCount } from './import-feed';
import { assertFeedOwnership, tellFirstOwner } from './feed-claims';

export const IMPORT_JOB = 'hosting.import-feed';
const STARTABLE = new Set(['pending', 'stale', 'failed']);

/** Starts (or resyncs) the import of the hosted podcast's original feed. */
export async function startMigration(
  user: { id: number },
  hostedId: number,
  input: { itunes_category_id?: number | null; itunes_category?: ItunesCategoryPair | null },
): Promise<HostedPodcastPayload> {
  const { hosted, podcast } = await findOwnedHosted(user.id, hostedId);
  if (!podcast.verified_at) throw new HttpError(403, 'Verify that you own the RSS feed before migrating it.');
  const resyncsMissingFiles = hosted.migration_status === 'completed' && (await failedFileCount(hosted.id)) > 0;
  if (!STARTABLE.has(hosted.migration_status) && !resyncsMissingFiles) {
    const message = hosted.migration_status === 'in-progress' ? 'The migration is already running.' : 'This podcast has already been migrated.';
    throw new HttpError(422, message, { migration: [message] });
  }
  // One feed, one owner: a feed another account hosts needs a newer proof of ownership than that account's.
  const claim = await assertFeedOwnership(podcast);
  const db = await getDb();
  let categoryId: number | null = null;
  if (input.itunes_category_id != null) {
    const [cat] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, input.itunes_category_id));
    if (!cat) throw fieldError('itunes_category_id', 'The selected category is invalid.');
    categoryId = cat.id;
  }
  // The podcaster's pick for a feed category Apple does not list: saved as their feed setting (the import never swaps it).
  const pair = input.itunes_category ? { category: input.itunes_category.category, subcategory: input.itunes_category.subcategory || null } : null;
  if (pair && !isAppleCategory(pair)) throw fieldError('itunes_category', 'Choose one of the categories Apple Podcasts lists.');
  let settings: Record<string, unknown> = categoryId ? { ...hosted.settings, itunes_category_id: categoryId } : hosted.settings;
  if (pair) settings = { ...settings, feed: { ...((settings.feed as Record<string, unknown> | undefined) ?? {}), itunes_category: pair } };
  const saved = await db.transaction(async (tx) => {
    if (categoryId) await setPodcastCategory(podcast.id, categoryId, tx);
    const [row] = await tx
      .update(hostedPodcasts)
      .set({
        migration_status: 'in-progress',
        migration_percent: 0,
        migration_progress_at: new Date(),
        url: hosted.url ?? hostedFeedUrl(podcast.hash_id),
        original_url: hosted.original_url ?? podcast.url,
        settings,
      })
      .where(eq(hostedPodcasts.id, hosted.id))
      .returning();
    // The imports lane retries a run whose process died; the run resumes where that one stopped.
    await enqueue(IMPORT_JOB, { hosted_id: hosted.id }, { db: tx });
    return row!;
  });
  await publishHostedPodcastUpdated(saved.id);
  if (claim && hosted.migration_status === 'pending') await tellFirstOwner(claim, 'started moving it to Cuepoint');
  return serializeHosted(saved);
}
