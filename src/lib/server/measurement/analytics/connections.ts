/**
 * Analytics connections (core §3 `analytics connection`): how a show is measured. A hosted show is
 * measured on our media server and is `active` at once. Any other show gets its measurement prefix,
 * and is `active` once a check of its feed finds the prefix on its recent enclosures.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { assertNotThrottled, hit } from '../../users';
import { config } from '../../config';
import { type Db, getDb, analyticsConnections, hostedPodcasts } from '../../db';
import { HttpError } from '../../http';
import { findOwnedPodcast, readFeed, setMeasured, syncFeedEpisodes } from '../../podcasts';
import { recordFeedEnclosures } from './feed-enclosures';
import type { DownloadsReport, DateRange } from '../../../analytics-types';
import { carriesPrefix, measurementPrefix } from '../../../rules/audio-url';
import { podcastDownloads } from './downloads-report';

/** Enclosures of the newest episodes that must carry the prefix. */
export const CHECKED_EPISODES = 3;

export type ConnectionType = 'hosted' | 'prefix';
export type ConnectionRow = typeof analyticsConnections.$inferSelect;

export interface ConnectionPayload {
  podcast_id: number;
  type: ConnectionType;
  status: 'pending' | 'active';
  last_check_at: string | null;
  has_active_analytics: boolean;
  /** The prefix to put before the enclosure URLs (prefix connections). */
  prefix: string | null;
}

export interface CheckPayload extends ConnectionPayload {
  /** The newest episodes read from the feed, and whether each enclosure goes through the prefix. */
  checked: Array<{ title: string; enclosure_url: string; has_prefix: boolean }>;
}

function serialize(podcast: { id: number; hash_id: string }, row: Pick<ConnectionRow, 'type' | 'status' | 'last_check_at'>): ConnectionPayload {
  return {
    podcast_id: podcast.id,
    type: row.type as ConnectionType,
    status: row.status,
    last_check_at: row.last_check_at?.toISOString() ?? null,
    has_active_analytics: row.status === 'active',
    prefix: row.type === 'prefix' ? measurementPrefix(config().appUrl, podcast.hash_id) : null,
  };
}

/** Keeps podcasts.has_active_analytics in step with the podcast's connections. */
async function syncFlag(podcastIds: number[]): Promise<void> {
  if (!podcastIds.length) return;
  const db = await getDb();
  const active = await db
    .selectDistinct({ podcast_id: analyticsConnections.podcast_id })
    .from(analyticsConnections)
    .where(and(inArray(analyticsConnections.podcast_id, podcastIds), eq(analyticsConnections.status, 'active')));
  await setMeasured(podcastIds, new Set(active.map((a) => a.podcast_id)));
}

/** Gives every hosted show its active `hosted` connection (hosting admits shows; they are measured at once). */
export async function activateHostedShows(): Promise<void> {
  const db = await getDb();
  const missing = await db
    .select({ podcast_id: hostedPodcasts.podcast_id })
    .from(hostedPodcasts)
    .leftJoin(analyticsConnections, and(eq(analyticsConnections.podcast_id, hostedPodcasts.podcast_id), eq(analyticsConnections.type, 'hosted')))
    .where(isNull(analyticsConnections.id));
  if (!missing.length) return;
  await db
    .insert(analyticsConnections)
    .values(missing.map((m) => ({ podcast_id: m.podcast_id, type: 'hosted', status: 'active' as const, last_check_at: new Date() })))
    .onConflictDoNothing();
  await syncFlag(missing.map((m) => m.podcast_id));
}

/** The connection a show is measured by (created on first use: hosted and active, or a pending prefix). */
export async function connectionOf(podcast: { id: number; hash_id: string }, hosted: boolean): Promise<ConnectionPayload> {
  const db = await getDb();
  const type: ConnectionType = hosted ? 'hosted' : 'prefix';
  const find = () =>
    db
      .select()
      .from(analyticsConnections)
      .where(and(eq(analyticsConnections.podcast_id, podcast.id), eq(analyticsConnections.type, type)));
  // Read first: a page showing the connection writes nothing once it exists.
  let [row] = await find();
  if (!row) {
    await db
      .insert(analyticsConnections)
      .values({ podcast_id: podcast.id, type, status: hosted ? 'active' : 'pending', last_check_at: hosted ? new Date() : null })
      .onConflictDoNothing();
    [row] = await find();
    if (hosted) await syncFlag([podcast.id]);
  }
  return serialize(podcast, row!);
}

type Show = { id: number; hash_id: string; hosted: boolean };

/** The connection rows of these podcasts (columns named as the table's, so a read may nest it as JSON). */
export function connectionRowsQuery(db: Db, podcastIds: number[]) {
  return db.select().from(analyticsConnections).where(inArray(analyticsConnections.podcast_id, podcastIds));
}

/**
 * Each show's connection, as a page shows it, from connectionRowsQuery's rows; nothing is written for a
 * show without one yet: it shows the pending prefix connection it gets on first use (a check creates
 * it). A hosted show is given its active connection at admission (activateHostedShows); one still
 * without it gets it here.
 */
export function connectionsFrom(shows: Show[], rows: ConnectionRow[]): Promise<ConnectionPayload[]> {
  return Promise.all(
    shows.map((show) => {
      const type: ConnectionType = show.hosted ? 'hosted' : 'prefix';
      const row = rows.find((r) => r.podcast_id === show.id && r.type === type);
      if (row) return serialize(show, row);
      if (show.hosted) return connectionOf(show, true);
      return serialize(show, NOT_CONNECTED);
    }),
  );
}

/** What a show's prefix connection holds before it is first used. */
const NOT_CONNECTED = { type: 'prefix', status: 'pending', last_check_at: null } as const;

/** The user's podcast's connection (a 404 for anyone else's podcast). */
export async function analyticsConnection(userId: number, podcastId: number): Promise<ConnectionPayload> {
  const { podcast, hosted } = await findOwnedPodcast(userId, podcastId);
  return connectionOf(podcast, hosted !== null);
}

/** GET /api/podcasts/{id}/analytics: the connection and the downloads of the range. */
export async function podcastAnalytics(
  userId: number,
  podcastId: number,
  range: DateRange,
): Promise<{ type: ConnectionType; status: 'pending' | 'active'; last_check_at: string | null; downloads: Omit<DownloadsReport, 'by_os' | 'from' | 'to'> }> {
  const { podcast, hosted } = await findOwnedPodcast(userId, podcastId);
  const connection = await connectionOf(podcast, hosted !== null);
  const { by_os: _os, from: _from, to: _to, ...downloads } = await podcastDownloads(podcast.id, range);
  return { type: connection.type, status: connection.status, last_check_at: connection.last_check_at, downloads };
}

/**
 * POST /api/check-analytics: a hosted show is active; any other show's feed is read and the connection
 * is active when the newest enclosures carry its prefix (it says which do not). New feed episodes are
 * added so their downloads have an episode to count for.
 */
export async function checkAnalytics(userId: number, podcastId: number): Promise<CheckPayload> {
  const { podcast, hosted } = await findOwnedPodcast(userId, podcastId);
  if (hosted) return { ...(await connectionOf(podcast, true)), checked: [] };
  const limit = { key: `check-analytics:${podcast.id}`, max: 10, windowSeconds: 60 };
  await assertNotThrottled([limit], 'Too many checks of this feed. Please try again');
  await hit(limit);
  await connectionOf(podcast, false);
  const db = await getDb();
  const where = and(eq(analyticsConnections.podcast_id, podcast.id), eq(analyticsConnections.type, 'prefix'));
  let feed: Awaited<ReturnType<typeof readFeed>>;
  try {
    feed = await readFeed(podcast.url);
  } catch (error) {
    await db.update(analyticsConnections).set({ last_check_at: new Date(), status: 'pending' }).where(where);
    await syncFlag([podcast.id]);
    if (error instanceof HttpError && error.status === 422) {
      const message = `We could not read your feed: ${error.message}`;
      throw new HttpError(422, message, { podcast_id: [message] });
    }
    throw error;
  }
  await syncFeedEpisodes(podcast.id, feed, recordFeedEnclosures);
  const recent = feed.episodes.filter((e) => e.enclosure_url).slice(0, CHECKED_EPISODES);
  const checked = recent.map((e) => ({
    title: e.title,
    enclosure_url: e.enclosure_url!,
    has_prefix: carriesPrefix(e.enclosure_url!, config().appUrl, podcast.hash_id),
  }));
  const active = checked.length > 0 && checked.every((c) => c.has_prefix);
  const [row] = await db
    .update(analyticsConnections)
    .set({ last_check_at: new Date(), status: active ? 'active' : 'pending' })
    .where(where)
    .returning();
  await syncFlag([podcast.id]);
  return { ...serialize(podcast, row!), checked };
}
