/**
 * The feed import of hosting onboarding (hosting spec §2, §4): the original feed is fetched through
 * the guarded fetcher and parsed, the channel copied, and every episode imported oldest first with
 * its GUID kept exactly, its audio and artwork copied into Cuepoint storage. Each episode is one
 * transaction together with the progress it makes, so a crash loses nothing, and a resync skips the
 * GUIDs already imported.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import { getDb } from '../db/client';
import { episodes, hostedPodcasts, podcasts, users } from '../db/schema';
import { guardedFetch } from '../fetch/guarded-fetch';
import { randomToken } from '../crypto';
import { renderMail } from '../mail/layout';
import { queueMail } from '../mail/send-mail';
import { broadcast } from '../realtime/realtime';
import { parseRssChannel } from '../podcasts/rss-channel';
import { readFeedChannel, readFeedEpisodes, type FeedEpisode } from './read-feed-episodes';
import { copyMedia } from './media-storage';
import { hostedFeedUrl } from './hosted-feed-url';
import { config } from '../config';
import { publishHostedPodcastUpdated } from './events';

/** The realtime event of migration progress on `private-users.{userId}`. */
export const PROGRESS_EVENT = 'hosted.migration.progress';

/** The largest feed document read (1,000-episode feeds with show notes run to a few MB). */
const MAX_FEED_BYTES = 30 * 1024 * 1024;

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'a', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'blockquote', 'h2', 'h3', 'h4', 'code', 'pre'],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
};

/** Show notes as safe HTML: scripts, styles, event handlers and unknown tags removed. */
export function sanitizeShowNotes(html: string): string {
  return sanitizeHtml(html, SANITIZE).trim();
}

export interface ImportHooks {
  /** Called after each committed episode (tests use it to cut an import short, like a killed worker). */
  afterEpisode?: (done: number, total: number) => Promise<void> | void;
}

export interface ImportResult {
  imported: number;
  skipped: number;
  total: number;
}

async function pushProgress(userId: number, podcastId: number, percent: number): Promise<void> {
  await broadcast(`private-users.${userId}`, PROGRESS_EVENT, { podcastId, percent }).catch((error: unknown) => {
    console.error('[cuepoint] migration progress broadcast failed', error);
  });
}

/** Below 100 until the import has finished and been validated, so the screen says "validating" only at the end. */
function percentOf(done: number, total: number): number {
  if (total === 0) return 99;
  return Math.min(99, Math.floor((done / total) * 100));
}

/** Imports the hosted podcast's original feed; throws on a failure of the feed itself. */
export async function importHostedFeed(hostedId: number, hooks: ImportHooks = {}): Promise<ImportResult> {
  const db = await getDb();
  const [row] = await db
    .select({ hosted: hostedPodcasts, podcast: podcasts })
    .from(hostedPodcasts)
    .innerJoin(podcasts, eq(podcasts.id, hostedPodcasts.podcast_id))
    .where(eq(hostedPodcasts.id, hostedId));
  if (!row) throw new Error(`Hosted podcast ${hostedId} does not exist.`);
  const { hosted, podcast } = row;
  if (hosted.migration_status !== 'in-progress') return { imported: 0, skipped: 0, total: 0 };
  const source = hosted.original_url ?? podcast.url;

  const response = await guardedFetch(source, { subject: 'original feed', maxBytes: MAX_FEED_BYTES, timeoutMs: 60_000 });
  if (response.status < 200 || response.status >= 300) throw new Error(`The original feed answered with HTTP status ${response.status}.`);
  const parsed = parseRssChannel(response.body);
  const channel = readFeedChannel(parsed);
  const items = readFeedEpisodes(parsed);

  // The channel: title, description and artwork, kept in settings for the hosted feed.
  const artwork = channel.artwork ? (await copyMedia(podcast.hash_id, channel.artwork, 'art')).url : podcast.avatar_url;
  await db
    .update(podcasts)
    .set({ title: channel.title, about: channel.description ? sanitizeShowNotes(channel.description) : podcast.about, avatar_url: artwork ?? null })
    .where(eq(podcasts.id, podcast.id));
  const settings = {
    ...hosted.settings,
    channel: {
      title: channel.title,
      description: channel.description,
      link: channel.link,
      language: channel.language ?? 'en',
      author: channel.author ?? channel.ownerName,
      owner_name: channel.ownerName ?? channel.author,
      owner_email: channel.ownerEmail ?? podcast.email,
      artwork,
      explicit: channel.explicit,
      categories: channel.categories,
      copyright: channel.copyright,
      type: channel.type,
    },
  };
  await db
    .update(hostedPodcasts)
    .set({ settings, url: hosted.url ?? hostedFeedUrl(podcast.hash_id), migration_progress_at: new Date() })
    .where(eq(hostedPodcasts.id, hosted.id));

  const existing = await db
    .select({ guid: episodes.guid })
    .from(episodes)
    .where(and(eq(episodes.podcast_id, podcast.id), isNotNull(episodes.guid)));
  const known = new Set(existing.map((e) => e.guid));
  const total = items.length;
  let done = items.filter((e) => known.has(e.guid)).length;
  const skipped = done;
  let imported = 0;
  await pushProgress(podcast.user_id, podcast.id, percentOf(done, total));

  for (const item of items) {
    if (known.has(item.guid)) continue;
    await importEpisode(podcast, item);
    known.add(item.guid);
    done++;
    imported++;
    const percent = percentOf(done, total);
    await db.update(hostedPodcasts).set({ migration_percent: percent, migration_progress_at: new Date() }).where(eq(hostedPodcasts.id, hosted.id));
    await pushProgress(podcast.user_id, podcast.id, percent);
    await hooks.afterEpisode?.(done, total);
  }

  // Validation: every GUID of the feed is now an episode of the podcast.
  const after = await db.select({ guid: episodes.guid }).from(episodes).where(eq(episodes.podcast_id, podcast.id));
  const have = new Set(after.map((e) => e.guid));
  const missing = items.filter((e) => !have.has(e.guid));
  if (missing.length) throw new Error(`${missing.length} episodes are missing after the import.`);

  await db
    .update(hostedPodcasts)
    .set({ migration_status: 'completed', migration_percent: 100, migration_progress_at: new Date() })
    .where(eq(hostedPodcasts.id, hosted.id));
  await pushProgress(podcast.user_id, podcast.id, 100);
  await publishHostedPodcastUpdated(hosted.id);
  await mailMigrationDone(podcast.user_id, channel.title, total);
  return { imported, skipped, total };
}

/** Copies one episode's media, then writes it in one transaction (a GUID already there is left alone). */
async function importEpisode(podcast: typeof podcasts.$inferSelect, item: FeedEpisode): Promise<void> {
  const audio = item.enclosure ? await copyMedia(podcast.hash_id, item.enclosure.url, 'audio', item.enclosure.type) : null;
  const art = item.artwork ? await copyMedia(podcast.hash_id, item.artwork, 'art').catch(() => null) : null;
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx
      .insert(episodes)
      .values({
        hash_id: randomToken(8),
        podcast_id: podcast.id,
        guid: item.guid,
        title: item.title,
        description: sanitizeShowNotes(item.description),
        url: item.link,
        published_at: item.publishedAt,
        duration: item.duration,
        season: item.season,
        episode_number: item.episodeNumber,
        explicit: item.explicit,
        artwork_url: art?.url ?? null,
        enclosure_url: audio?.url ?? null,
        enclosure_type: audio?.type ?? item.enclosure?.type ?? null,
        enclosure_length: audio?.size ?? item.enclosure?.length ?? null,
        original_enclosure_url: item.enclosure?.url ?? null,
        status: 'current',
      })
      .onConflictDoNothing({ target: [episodes.podcast_id, episodes.guid] });
  });
}

async function mailMigrationDone(userId: number, title: string, total: number): Promise<void> {
  const db = await getDb();
  const [user] = await db.select({ email: users.email, first_name: users.first_name }).from(users).where(eq(users.id, userId));
  if (!user) return;
  await queueMail(
    renderMail({
      to: user.email,
      subject: `${title} is now on Cuepoint`,
      greeting: `Hi ${user.first_name || 'there'},`,
      lines: [
        `We finished moving ${title} to Cuepoint: ${total} episode${total === 1 ? '' : 's'} with their audio and artwork.`,
        'One step is left: set up the redirect on your old host so your listeners follow you to the new feed.',
      ],
      action: { label: 'Set up the redirect', url: `${config().appUrl}/hosting/dashboard` },
    }),
  );
}
