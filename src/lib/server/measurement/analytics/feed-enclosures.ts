/**
 * Which addresses are a show's downloads (as OP3 credits a show): a request counts only when its
 * audio key (host + path + query of the final destination, prefixes peeled) is an enclosure of the
 * show's feed, now or in its recent history:
 *
 * - an episode's enclosure (as the feed named it when the episode was first read, or the file Cuepoint
 *   hosts for it) and, for an imported show, the original enclosure it was moved from;
 * - any enclosure a read of the feed named in the last ENCLOSURE_HISTORY_DAYS (feed_enclosures, written
 *   at every read of the feed), so a show that moves its files or changes its prefix keeps counting.
 *
 * A key matches exactly, or without its query string when the path is the same (feeds add and change
 * tracking parameters; apps keep the address they saw). Any other address through the prefix is still
 * redirected and logged, and its window waits uncounted (`u:{key}`): when a later read of the feed names
 * it (a new episode the counter had not seen yet), creditWindows() counts it for its episode.
 */
import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { config } from '../../config';
import { now as clockNow } from '../../clock';
import { type Db, getDb, type Tx, downloadWindows, episodes, feedEnclosures, feedWatches, hostedPodcasts, podcasts } from '../../db';
import { pollFeed } from '../../podcasts';
import { audioKey, episodeAudioKeys } from '../../../rules/audio-url';
import type { EpisodeAudio } from './count-rules';
import { creditWindows } from './count-downloads';

/** How long an enclosure the feed no longer names still counts. */
export const ENCLOSURE_HISTORY_DAYS = 90;
const DAY_MS = 86_400_000;

/** A key without its query string. */
export const querylessKey = (key: string) => key.split('?')[0]!;

/** A show's enclosures: by exact key, and by key without query. */
export interface ShowEnclosures {
  byKey: Map<string, EpisodeAudio>;
  byQueryless: Map<string, EpisodeAudio>;
}

/** The episode whose enclosure a key is, or null when the show's feed never named it (recently). */
export function enclosureOf(show: ShowEnclosures | undefined, key: string): EpisodeAudio | null {
  if (!show) return null;
  return show.byKey.get(key) ?? show.byQueryless.get(querylessKey(key)) ?? null;
}

/** The enclosures of these shows, read from their episodes and their feeds' recent history. */
export async function loadShowEnclosures(db: Db | Tx, podcastIds: number[], now = clockNow()): Promise<Map<number, ShowEnclosures>> {
  const out = new Map<number, ShowEnclosures>(podcastIds.map((id) => [id, { byKey: new Map(), byQueryless: new Map() }]));
  if (!podcastIds.length) return out;
  const ownHost = new URL(config().appUrl).host;
  const since = new Date(now.getTime() - ENCLOSURE_HISTORY_DAYS * DAY_MS);
  const [rows, history] = await Promise.all([
    db
      .select({
        id: episodes.id,
        podcast_id: episodes.podcast_id,
        enclosure_url: episodes.enclosure_url,
        original_enclosure_url: episodes.original_enclosure_url,
        length: episodes.enclosure_length,
        duration: episodes.duration,
      })
      .from(episodes)
      .where(inArray(episodes.podcast_id, podcastIds)),
    db
      .select({ podcast_id: feedEnclosures.podcast_id, key: feedEnclosures.audio_key, episode_id: feedEnclosures.episode_id })
      .from(feedEnclosures)
      .where(and(inArray(feedEnclosures.podcast_id, podcastIds), gt(feedEnclosures.last_seen_at, since), isNotNull(feedEnclosures.episode_id))),
  ]);
  const byId = new Map<number, EpisodeAudio>();
  const add = (podcastId: number, key: string, audio: EpisodeAudio) => {
    const show = out.get(podcastId)!;
    show.byKey.set(key, audio);
    if (!show.byQueryless.has(querylessKey(key))) show.byQueryless.set(querylessKey(key), audio);
  };
  for (const e of rows) {
    const audio = { id: e.id, length: e.length, duration: e.duration };
    byId.set(e.id, audio);
    for (const key of episodeAudioKeys([e.enclosure_url, e.original_enclosure_url], ownHost)) add(e.podcast_id, key, audio);
  }
  for (const h of history) {
    const audio = byId.get(h.episode_id!);
    if (audio && !out.get(h.podcast_id)!.byKey.has(h.key)) add(h.podcast_id, h.key, audio);
  }
  return out;
}

/** What a read of a feed names: each item's enclosure and GUID. */
export interface ReadEnclosure {
  guid: string | null;
  enclosure_url: string | null;
}

/**
 * Records the enclosures a read of the show's feed names (each with its episode, by GUID), then credits
 * the windows that were waiting for one of them. Answers the episodes that gained downloads.
 */
export async function recordFeedEnclosures(podcastId: number, items: ReadEnclosure[], now = clockNow()): Promise<number[]> {
  const ownHost = new URL(config().appUrl).host;
  const named = items.flatMap((i) => {
    const key = audioKey(i.enclosure_url, ownHost);
    return key ? [{ key, guid: i.guid ?? i.enclosure_url! }] : [];
  });
  if (!named.length) return [];
  const db = await getDb();
  const guids = [...new Set(named.map((n) => n.guid))];
  const known = await db
    .select({ id: episodes.id, guid: episodes.guid })
    .from(episodes)
    .where(and(eq(episodes.podcast_id, podcastId), inArray(episodes.guid, guids)));
  const episodeOf = new Map(known.map((e) => [e.guid, e.id]));
  const values = [...new Map(named.map((n) => [n.key, n])).values()].map((n) => ({
    podcast_id: podcastId,
    audio_key: n.key.slice(0, 1000),
    episode_id: episodeOf.get(n.guid) ?? null,
    first_seen_at: now,
    last_seen_at: now,
  }));
  await db
    .insert(feedEnclosures)
    .values(values)
    .onConflictDoUpdate({
      target: [feedEnclosures.podcast_id, feedEnclosures.audio_key],
      set: { last_seen_at: now, episode_id: sql`coalesce(excluded.episode_id, ${feedEnclosures.episode_id})` },
    });
  return creditWindows(podcastId, now);
}

/** How often, at most, a show's feed is read because requests name addresses the counter does not know. */
const REREAD_MINUTES = 15;

/**
 * Reads again (conditionally: an unchanged feed costs a 304) the feed of each show measured through
 * the prefix whose listeners asked, in the last day, for an address its feed did not name when counted,
 * unless it was read in the last 15 minutes: a new episode's downloads are credited within that time.
 * Answers the shows read.
 */
export async function rereadFeedsOfWaitingWindows(now = clockNow()): Promise<number[]> {
  const db = await getDb();
  const since = new Date(now.getTime() - DAY_MS);
  const recent = new Date(now.getTime() - REREAD_MINUTES * 60_000);
  const waiting = await db
    .selectDistinct({ id: podcasts.id })
    .from(downloadWindows)
    .innerJoin(podcasts, eq(podcasts.id, downloadWindows.podcast_id))
    // A hosted show's feed is ours: its episodes are known as they are published.
    .leftJoin(hostedPodcasts, eq(hostedPodcasts.podcast_id, podcasts.id))
    .leftJoin(feedWatches, eq(feedWatches.podcast_id, podcasts.id))
    .where(
      and(
        isNull(hostedPodcasts.id),
        isNull(downloadWindows.episode_id),
        gt(downloadWindows.started_at, since),
        or(isNull(feedWatches.checked_at), lt(feedWatches.checked_at, recent)),
      ),
    );
  if (!waiting.length) return [];
  const shows = await db
    .select()
    .from(podcasts)
    .where(
      inArray(
        podcasts.id,
        waiting.map((w) => w.id),
      ),
    );
  for (const podcast of shows) await pollFeed(podcast, recordFeedEnclosures);
  return shows.map((s) => s.id);
}
