/**
 * Adds the episodes a podcast's feed has gained since it was added (known GUIDs are left as they are),
 * and tells measurement which enclosures the feed names now (its history of enclosure addresses decides
 * which downloads through the prefix are the show's). Measurement's recorder is a required parameter:
 * no sync can forget it, and podcasts imports nothing of measurement.
 */
import { getDb, episodes } from '../db';
import { feedEpisodeRows } from './add-podcast';
import type { ListedFeed } from './read-feed';

/** Measurement's record of the enclosures a feed names now (recordFeedEnclosures). */
export type EnclosureRecorder = (podcastId: number, items: Array<{ guid: string | null; enclosure_url: string | null }>) => Promise<unknown>;

/** Inserts the feed's episodes the podcast does not have yet and records the enclosures the feed names. */
export async function syncFeedEpisodes(podcastId: number, feed: ListedFeed, recordEnclosures: EnclosureRecorder): Promise<void> {
  if (!feed.episodes.length) return;
  const db = await getDb();
  const rows = feedEpisodeRows(podcastId, feed);
  await db.insert(episodes).values(rows).onConflictDoNothing();
  await recordEnclosures(
    podcastId,
    rows.map((r) => ({ guid: r.guid ?? null, enclosure_url: r.enclosure_url ?? null })),
  );
}
