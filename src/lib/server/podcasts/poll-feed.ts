/**
 * Conditional polling of a show's RSS feed (ETag / Last-Modified, so an unchanged feed costs one 304):
 * new items become episodes; delivery's feed watcher, proof links and measurement's enclosure refresh
 * all poll through here.
 */
import { eq } from 'drizzle-orm';
import { getDb, feedWatches, type podcasts } from '../db';
import { fetchErrorMessage, guardedFetch } from '../fetch';
import { summarizeFeed } from './read-feed';
import { type EnclosureRecorder, syncFeedEpisodes } from './sync-feed-episodes';

/** Polls one RSS feed conditionally and adds its new episodes; answers whether it changed. */
export async function pollFeed(podcast: typeof podcasts.$inferSelect, recordEnclosures: EnclosureRecorder): Promise<boolean> {
  const db = await getDb();
  const [watch] = await db.select().from(feedWatches).where(eq(feedWatches.podcast_id, podcast.id));
  const headers: Record<string, string> = {};
  if (watch?.etag) headers['if-none-match'] = watch.etag;
  if (watch?.last_modified) headers['if-modified-since'] = watch.last_modified;
  const save = (values: Partial<typeof feedWatches.$inferInsert>) =>
    db
      .insert(feedWatches)
      .values({ podcast_id: podcast.id, checked_at: new Date(), ...values })
      .onConflictDoUpdate({ target: feedWatches.podcast_id, set: { checked_at: new Date(), ...values } });
  try {
    const res = await guardedFetch(podcast.url, { subject: 'feed', headers });
    if (res.status === 304) {
      await save({ error: null });
      return false;
    }
    if (res.status < 200 || res.status >= 300) {
      await save({ error: `The feed answered ${res.status}.` });
      return false;
    }
    await syncFeedEpisodes(podcast.id, summarizeFeed(podcast.url, res.body), recordEnclosures);
    await save({ etag: res.headers.etag ?? null, last_modified: res.headers['last-modified'] ?? null, error: null });
    return true;
  } catch (error) {
    const message = fetchErrorMessage(error) ?? (error instanceof Error ? error.message : String(error));
    await save({ error: message.slice(0, 500) });
    return false;
  }
}
