/** Adds the episodes a podcast's feed has gained since it was added (known GUIDs are left as they are). */
import { getDb } from '../db/client';
import { episodes } from '../db/schema';
import { feedEpisodeRows } from './add-podcast';
import type { ListedFeed } from './read-feed';

/** Inserts the feed's episodes the podcast does not have yet. */
export async function syncFeedEpisodes(podcastId: number, feed: ListedFeed): Promise<void> {
  if (!feed.episodes.length) return;
  const db = await getDb();
  await db.insert(episodes).values(feedEpisodeRows(podcastId, feed)).onConflictDoNothing();
}
