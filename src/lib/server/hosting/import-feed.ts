/**
 * The feed import of hosting onboarding (hosting spec §2, §4): the original feed is fetched through
 * the guarded fetcher and parsed, the channel copied, and every episode of the feed imported oldest
 * first with its GUID kept exactly and every file it names (audio, artwork, transcripts, chapters,
 * alternate enclosures, podcast:images, people's images) copied into Cuepoint storage, whether
 * the episode is new or was stored when the show was added (those rows are completed, never skipped).
 * Every file's outcome is kept in migration_files: a file that cannot be fetched is retried, then
 * reported by name without failing the rest; a Resync fetches only what is still missing (a file
 * already copied is reused from storage). Each episode commits on its own, so a crash loses nothing, and
 * the run the queue starts again after a crash skips the episodes that are complete.
 */
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import { getDb, episodes, hostedPodcasts, migrationFiles, podcasts, users } from '../db';
import { now as clockNow } from '../clock';
import { guardedFetch } from '../fetch';
import { randomToken } from '../crypto';
import { renderMail, queueMail } from '../mail';
import { broadcast } from '../realtime';
import { parseRssChannel, setPodcastFromFeed, upsertImportedEpisode } from '../podcasts';
import { readFeedChannel, readFeedEpisodes, type FeedEpisode } from './read-feed-episodes';
import { mediaUrlPrefix } from '../media-paths';
import { copyMedia, type MediaKind, type StoredMedia } from './media-storage';
import { podcastGuid } from './podcast-guid';
import { type EpisodePodcastTags, type FileRef, type ImportedWording, fileRefsOf, withFileUrls } from './podcast-tags';
import { hostedFeedUrl } from './hosted-feed-url';
import { config } from '../config';
import { publishHostedPodcastUpdated } from './events';
import { failedFilesSentence, type MigrationFileCounts, type MigrationReport, PROGRESS_EVENT, servedEpisodes, withoutAudioSentence } from '../../hosting-rules';

export { failedFilesSentence };

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
  /** Waits between the attempts of a file (default 1 s, then 4 s). */
  retryDelaysMs?: number[];
}

export interface ImportResult {
  /** Episodes of the feed that were not stored before this run. */
  imported: number;
  /** Episodes already stored (when the show was added, or by an earlier run), completed by this run. */
  updated: number;
  total: number;
  files: MigrationFileCounts;
}

const DEFAULT_RETRY_DELAYS_MS = [1000, 4000];
const REPORTED_FAILURES = 50;

async function pushProgress(userId: number, podcastId: number, percent: number): Promise<void> {
  await broadcast(`private-users.${userId}`, PROGRESS_EVENT, { podcastId, percent }).catch((error: unknown) => {
    console.error('[cuepoint] migration progress broadcast failed', error);
  });
}

/** Below 100 while episodes are imported; 100 is sent once every episode is through and validation starts. */
function percentOf(done: number, total: number): number {
  if (total === 0) return 99;
  return Math.min(99, Math.floor((done / total) * 100));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type FileOutcome = { ok: true; stored: StoredMedia; attempts: number } | { ok: false; error: string; attempts: number };

/** Copies one file, retrying after each failure; answers what happened instead of throwing. */
async function copyWithRetries(podcastHash: string, url: string, kind: MediaKind, declaredType: string | null, delays: number[]): Promise<FileOutcome> {
  let error = '';
  for (let attempt = 1; attempt <= delays.length + 1; attempt++) {
    try {
      return { ok: true, stored: await copyMedia(podcastHash, url, kind, declaredType), attempts: attempt };
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
      const wait = delays[attempt - 1];
      if (wait !== undefined) await sleep(wait);
    }
  }
  return { ok: false, error: error.slice(0, 500), attempts: delays.length + 1 };
}

/** Records a file's outcome (one row per file and source URL). */
async function recordFile(hostedId: number, episodeId: number | null, kind: MediaKind, url: string, outcome: FileOutcome): Promise<void> {
  const db = await getDb();
  const values = outcome.ok
    ? { status: 'copied' as const, attempts: outcome.attempts, error: null, stored_url: outcome.stored.url, size: outcome.stored.size }
    : { status: 'failed' as const, attempts: outcome.attempts, error: outcome.error, stored_url: null, size: null };
  await db
    .insert(migrationFiles)
    .values({ hosted_podcast_id: hostedId, episode_id: episodeId, kind, source_url: url, ...values })
    .onConflictDoUpdate({
      target: [migrationFiles.hosted_podcast_id, migrationFiles.kind, migrationFiles.source_url],
      set: { episode_id: episodeId, ...values },
    });
}

/** Imports the hosted podcast's original feed; throws on a failure of the feed itself (never for a single file). */
export async function importHostedFeed(hostedId: number, hooks: ImportHooks = {}): Promise<ImportResult> {
  const db = await getDb();
  const delays = hooks.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const [row] = await db
    .select({ hosted: hostedPodcasts, podcast: podcasts })
    .from(hostedPodcasts)
    .innerJoin(podcasts, eq(podcasts.id, hostedPodcasts.podcast_id))
    .where(eq(hostedPodcasts.id, hostedId));
  if (!row) throw new Error(`Hosted podcast ${hostedId} does not exist.`);
  const { hosted, podcast } = row;
  const empty = { total: 0, copied: 0, failed: 0 };
  if (hosted.migration_status !== 'in-progress') return { imported: 0, updated: 0, total: 0, files: empty };
  const source = hosted.original_url ?? podcast.url;

  const response = await guardedFetch(source, { subject: 'original feed', maxBytes: MAX_FEED_BYTES, timeoutMs: 60_000 });
  if (response.status < 200 || response.status >= 300) throw new Error(`The original feed answered with HTTP status ${response.status}.`);
  const parsed = parseRssChannel(response.body);
  const channel = readFeedChannel(parsed);
  const items = readFeedEpisodes(parsed);

  // The channel: title, description and artwork, kept in settings for the hosted feed.
  let artwork = podcast.avatar_url;
  const channelCopies = new Map<string, string>();
  if (channel.artwork) {
    const outcome = await copyWithRetries(podcast.hash_id, channel.artwork, 'art', null, delays);
    await recordFile(hosted.id, null, 'art', channel.artwork, outcome);
    if (outcome.ok) {
      artwork = outcome.stored.url;
      channelCopies.set(channel.artwork, artwork);
    }
  }
  // The files the channel's Podcasting 2.0 elements name (podcast:images, people's images, a trailer,
  // a liveItem's artwork) move too; a file already in storage is not fetched again.
  for (const ref of [...fileRefsOf(channel.podcastTags), ...fileRefsOf(channel.kept)]) {
    if (channelCopies.has(ref.url)) continue;
    const outcome = await copyWithRetries(podcast.hash_id, ref.url, ref.kind, ref.type, delays);
    await recordFile(hosted.id, null, ref.kind, ref.url, outcome);
    if (outcome.ok) channelCopies.set(ref.url, outcome.stored.url);
  }
  await setPodcastFromFeed(podcast.id, {
    title: channel.title,
    about: channel.description ? sanitizeShowNotes(channel.description) : podcast.about,
    avatar_url: artwork ?? null,
  });
  const previous = (hosted.settings.channel ?? {}) as { podcast_guid?: string };
  const settings = {
    ...hosted.settings,
    channel: {
      // podcast:guid never changes: the feed's own, else the one kept from an earlier run, else the
      // one the Podcasting 2.0 rule derives from the original feed address (what directories computed).
      podcast_guid: channel.podcastGuid ?? previous.podcast_guid ?? podcastGuid(source),
      podcast_tags: withFileUrls(channel.podcastTags, channelCopies),
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
      managing_editor: channel.managingEditor,
      rss_author: channel.rssAuthor,
      keywords: channel.keywords,
      // itunes:summary as written, while the description is the one it came with.
      summary: channel.summary,
      summary_of: channel.description,
      kept: withFileUrls(channel.kept, channelCopies),
      image_extra: channel.imageExtra,
      namespaces: channel.namespaces,
    },
  };
  await db
    .update(hostedPodcasts)
    .set({ settings, url: hosted.url ?? hostedFeedUrl(podcast.hash_id), migration_progress_at: new Date() })
    .where(eq(hostedPodcasts.id, hosted.id));

  const stored = await db.select({ guid: episodes.guid }).from(episodes).where(eq(episodes.podcast_id, podcast.id));
  const before = new Set(stored.map((e) => e.guid));
  const total = items.length;
  let done = 0;
  let imported = 0;
  await pushProgress(podcast.user_id, podcast.id, percentOf(done, total));

  // A run that follows one whose process died (the queue runs it again) resumes where that one stopped:
  // an episode stored with every file of it already copied by this migration is not fetched again.
  const copied = await copiedSources(hosted.id);
  for (const item of items) {
    const tags = item.podcastTags;
    const complete =
      before.has(item.guid) &&
      (!item.enclosure || copied.has(`audio ${item.enclosure.url}`)) &&
      (!item.artwork || copied.has(`art ${item.artwork}`)) &&
      (tags.transcripts ?? []).every((t) => copied.has(`transcript ${t.url}`)) &&
      (!tags.chapters || copied.has(`chapters ${tags.chapters.url}`)) &&
      [...fileRefsOf(tags.other), ...fileRefsOf(tags.kept)].every((ref) => copied.has(fileKey(ref, item)));
    done++;
    if (complete) continue;
    await importEpisode(hosted.id, podcast, item, delays);
    if (!before.has(item.guid)) imported++;
    const percent = percentOf(done, total);
    await db.update(hostedPodcasts).set({ migration_percent: percent, migration_progress_at: new Date() }).where(eq(hostedPodcasts.id, hosted.id));
    await pushProgress(podcast.user_id, podcast.id, percent);
    await hooks.afterEpisode?.(done, total);
  }

  // Every episode is through: 100 % ('Migration complete, validating migration...') while validation runs.
  await db.update(hostedPodcasts).set({ migration_percent: 100, migration_progress_at: new Date() }).where(eq(hostedPodcasts.id, hosted.id));
  await pushProgress(podcast.user_id, podcast.id, 100);

  // Validation: every GUID of the feed is now an episode of the podcast.
  const after = await db.select({ guid: episodes.guid }).from(episodes).where(eq(episodes.podcast_id, podcast.id));
  const have = new Set(after.map((e) => e.guid));
  const missing = items.filter((e) => !have.has(e.guid));
  if (missing.length) throw new Error(`${missing.length} episodes are missing after the import.`);

  const report = await migrationReport(
    hosted.id,
    podcast.id,
    items.filter((e) => !e.enclosure).map((e) => e.title),
  );
  await db
    .update(hostedPodcasts)
    .set({
      migration_status: 'completed',
      migration_percent: 100,
      migration_progress_at: new Date(),
      settings: { ...settings, migration_report: report, migration_error: undefined },
    })
    .where(eq(hostedPodcasts.id, hosted.id));
  // Validation is over: the screen moves on when this arrives (hosted-podcast.updated, status completed).
  await publishHostedPodcastUpdated(hosted.id);
  await mailMigrationDone(podcast.user_id, channel.title, report);
  return { imported, updated: total - imported, total, files: report.files };
}

/**
 * Copies one episode's files (audio, artwork, transcripts, chapters and the files its other
 * Podcasting 2.0 elements name, with retries), then writes the episode: a new GUID is
 * inserted, a stored one is completed with everything the feed says. A file that could not be
 * fetched leaves the episode pointing at the old host's file until a Resync moves it.
 */
async function importEpisode(hostedId: number, podcast: typeof podcasts.$inferSelect, item: FeedEpisode, delays: number[]): Promise<void> {
  const audio = item.enclosure ? await copyWithRetries(podcast.hash_id, item.enclosure.url, 'audio', item.enclosure.type, delays) : null;
  const art = item.artwork ? await copyWithRetries(podcast.hash_id, item.artwork, 'art', null, delays) : null;
  // Transcripts and chapters live on the old host too: they move like the audio.
  const docs: Array<{ kind: MediaKind; url: string; outcome: FileOutcome }> = [];
  const tags: EpisodePodcastTags = {
    ...item.podcastTags,
    ...(Object.keys(item.textTags).length ? { text: item.textTags } : {}),
    ...(item.durationText ? { duration_text: item.durationText } : {}),
    ...(Object.keys(item.wording).length ? { wording: wordingOf(item) } : {}),
  };
  if (tags.transcripts) {
    tags.transcripts = await Promise.all(
      tags.transcripts.map(async (t) => {
        const outcome = await copyWithRetries(podcast.hash_id, t.url, 'transcript', t.type, delays);
        docs.push({ kind: 'transcript', url: t.url, outcome });
        return outcome.ok ? { ...t, url: outcome.stored.url } : t;
      }),
    );
  }
  if (tags.chapters) {
    const outcome = await copyWithRetries(podcast.hash_id, tags.chapters.url, 'chapters', tags.chapters.type, delays);
    docs.push({ kind: 'chapters', url: tags.chapters.url, outcome });
    if (outcome.ok) tags.chapters = { ...tags.chapters, url: outcome.stored.url };
  }
  // The files the item's other Podcasting 2.0 elements name (alternate enclosures, podcast:images,
  // people's images) and its kept elements of other hosts (media:content, a legacy enclosure, a
  // poster): the episode's own audio or artwork when it is the same URL, else copied.
  const copies = new Map<string, string>();
  if (audio?.ok && item.enclosure) copies.set(item.enclosure.url, audio.stored.url);
  if (art?.ok && item.artwork) copies.set(item.artwork, art.stored.url);
  for (const ref of [...fileRefsOf(tags.other), ...fileRefsOf(tags.kept)]) {
    if (ref.url === item.enclosure?.url || ref.url === item.artwork || copies.has(ref.url)) continue;
    const outcome = await copyWithRetries(podcast.hash_id, ref.url, ref.kind, ref.type, delays);
    docs.push({ kind: ref.kind, url: ref.url, outcome });
    if (outcome.ok) copies.set(ref.url, outcome.stored.url);
  }
  if (tags.other) tags.other = withFileUrls(tags.other, copies);
  if (tags.kept) tags.kept = withFileUrls(tags.kept, copies);
  const fields = {
    episode_type: item.episodeType,
    podcast_tags: tags as Record<string, unknown>,
    title: item.title,
    description: sanitizeShowNotes(item.description),
    url: item.link,
    published_at: item.publishedAt,
    duration: item.duration,
    season: item.season,
    episode_number: item.episodeNumber,
    explicit: item.explicit,
    artwork_url: art?.ok ? art.stored.url : (item.artwork ?? null),
    enclosure_url: audio?.ok ? audio.stored.url : (item.enclosure?.url ?? null),
    enclosure_type: audio?.ok ? audio.stored.type : (item.enclosure?.type ?? null),
    enclosure_length: audio?.ok ? audio.stored.size : (item.enclosure?.length ?? null),
    original_enclosure_url: item.enclosure?.url ?? null,
  };
  const episode = await upsertImportedEpisode({ hash_id: randomToken(8), podcast_id: podcast.id, guid: item.guid, status: 'current' }, fields);
  if (audio && item.enclosure) await recordFile(hostedId, episode.id, 'audio', item.enclosure.url, audio);
  if (art && item.artwork) await recordFile(hostedId, episode.id, 'art', item.artwork, art);
  for (const doc of docs) await recordFile(hostedId, episode.id, doc.kind, doc.url, doc.outcome);
}

/** The item's own wording (show notes sanitised), with the title and notes it goes with. */
function wordingOf(item: FeedEpisode): ImportedWording {
  const { description, 'itunes:summary': summary, 'itunes:title': itunesTitle } = item.wording;
  return {
    title: item.title,
    notes: sanitizeShowNotes(item.description),
    ...(itunesTitle ? { 'itunes:title': itunesTitle } : {}),
    ...(description ? { description: sanitizeShowNotes(description) } : {}),
    ...(summary ? { 'itunes:summary': sanitizeShowNotes(summary) } : {}),
  };
}

/** The key of migration_files a kept file is recorded under: the episode's audio or artwork when it is the same URL. */
function fileKey(ref: FileRef, item: FeedEpisode): string {
  if (ref.url === item.enclosure?.url) return `audio ${ref.url}`;
  if (ref.url === item.artwork) return `art ${ref.url}`;
  return `${ref.kind} ${ref.url}`;
}

/** The files this migration already copied for an episode, as '{kind} {url}' ('audio …', 'art …', 'transcript …', 'chapters …', 'person …', 'alternate …'). */
async function copiedSources(hostedId: number): Promise<Set<string>> {
  const db = await getDb();
  const rows = await db
    .select({ kind: migrationFiles.kind, url: migrationFiles.source_url })
    .from(migrationFiles)
    .where(and(eq(migrationFiles.hosted_podcast_id, hostedId), eq(migrationFiles.status, 'copied'), isNotNull(migrationFiles.episode_id)));
  return new Set(rows.map((r) => `${r.kind} ${r.url}`));
}

/**
 * The report of what a migration moved: the episodes the hosted feed serves (and of those, the ones
 * whose audio Cuepoint serves), the old feed's items left out for having no audio file (named), and
 * the files from migration_files. Only what is served is counted as served.
 */
export async function migrationReport(hostedId: number, podcastId: number, withoutAudio: string[]): Promise<MigrationReport> {
  const db = await getDb();
  const [rows, [inFeed]] = await Promise.all([
    db
      .select({ file: migrationFiles, title: episodes.title })
      .from(migrationFiles)
      .leftJoin(episodes, eq(episodes.id, migrationFiles.episode_id))
      .where(eq(migrationFiles.hosted_podcast_id, hostedId))
      .orderBy(asc(migrationFiles.id)),
    db
      .select({
        episodes: sql<number>`count(*)::int`,
        served: sql<number>`(count(*) filter (where ${episodes.enclosure_url} like ${`${mediaUrlPrefix()}%`}))::int`,
      })
      .from(episodes)
      // What the hosted feed serves (build-hosted-feed.ts): current episodes with audio, published by now.
      .where(
        and(
          eq(episodes.podcast_id, podcastId),
          eq(episodes.status, 'current'),
          isNotNull(episodes.enclosure_url),
          sql`(${episodes.published_at} is null or ${episodes.published_at} <= ${clockNow().toISOString()}::timestamptz)`,
        ),
      ),
  ]);
  const failed = rows.filter((r) => r.file.status === 'failed');
  return {
    episodes: Number(inFeed?.episodes ?? 0),
    served: Number(inFeed?.served ?? 0),
    without_audio: { count: withoutAudio.length, titles: withoutAudio.slice(0, REPORTED_FAILURES) },
    files: { total: rows.length, copied: rows.length - failed.length, failed: failed.length },
    failed: failed
      .slice(0, REPORTED_FAILURES)
      .map((r) => ({ episode: r.title, kind: r.file.kind, url: r.file.source_url, error: r.file.error ?? 'Unknown error' })),
    finished_at: new Date().toISOString(),
  };
}

/** How many files of the migration could not be fetched (Resync and the redirect rule read it). */
export async function failedFileCount(hostedId: number): Promise<number> {
  const db = await getDb();
  const rows = await db
    .select({ id: migrationFiles.id })
    .from(migrationFiles)
    .where(and(eq(migrationFiles.hosted_podcast_id, hostedId), eq(migrationFiles.status, 'failed')));
  return rows.length;
}

async function mailMigrationDone(userId: number, title: string, report: MigrationReport): Promise<void> {
  const db = await getDb();
  const [user] = await db.select({ email: users.email, first_name: users.first_name }).from(users).where(eq(users.id, userId));
  if (!user) return;
  const { files } = report;
  const served = servedEpisodes(report);
  const failedSentence = failedFilesSentence(report);
  const missing = withoutAudioSentence(report);
  const lines = failedSentence
    ? [
        `We moved ${title} to Cuepoint: ${report.episodes} episode${report.episodes === 1 ? '' : 's'}, ${served} of them with their audio served by Cuepoint, and ${files.copied} of ${files.total} files (audio, artwork, transcripts and chapters).`,
        `${failedSentence} Those episodes still play from your old host. Open your dashboard and choose Resync to fetch them again; your feed can be redirected once every file is here.`,
      ]
    : [
        `We moved ${title} to Cuepoint: ${served} episode${served === 1 ? '' : 's'} and all ${files.total} files (audio, artwork, transcripts and chapters) are now served by Cuepoint.`,
        'One step is left: set up the redirect on your old host so your listeners follow you to the new feed.',
      ];
  if (missing) lines.splice(1, 0, missing);
  await queueMail(
    renderMail({
      to: user.email,
      subject: failedSentence
        ? `${title} is on Cuepoint, with ${files.failed} file${files.failed === 1 ? '' : 's'} still to move`
        : `${title} is now on Cuepoint`,
      greeting: `Hi ${user.first_name || 'there'},`,
      lines,
      action: { label: failedSentence ? 'Open the dashboard' : 'Set up the redirect', url: `${config().appUrl}/hosting/dashboard` },
    }),
  );
}
