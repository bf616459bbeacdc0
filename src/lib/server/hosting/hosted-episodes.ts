/**
 * Creating, editing, publishing, unpublishing and deleting a hosted episode (/hosting/episodes,
 * /hosting/episode/{hash_id}/edit): title, show notes (sanitised editor HTML), publish date and time
 * (a future one schedules the episode), season and episode numbers, type, explicit; the audio (replaced
 * at will, the GUID kept), episode artwork, a transcript and a chapters file. Uploaded audio and
 * artwork come through the files domain and are copied into the podcast's media folder, so the hosted
 * feed serves them from /media/.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { now as clockNow } from '../clock';
import { randomToken } from '../crypto';
import { getDb, episodes, podcasts } from '../db';
import { fieldError, notFound, validate } from '../http';
import { isDay } from '../../slots';
import { deleteEpisode, insertEpisode, isBlankHtml, sanitizeHtml, updateEpisode } from '../podcasts';
import { findOwnedHosted } from './owned-hosted';
import { removeMedia, saveMedia } from './media-storage';
import { checkChapters, textFileSchema, transcriptFormat, type TextFile } from './episode-files';
import { episodeState, transitionEpisode, type EPISODE_TRANSITIONS } from './episode-status';
import { episodeTagsOf, type EpisodePodcastTags } from './podcast-tags';
import { ownUpload } from './uploaded-file';

export type EpisodeRow = typeof episodes.$inferSelect;

const number = (label: string) =>
  z.union([
    z.coerce
      .number({ error: `The ${label} must be a number.` })
      .int(`The ${label} must be a whole number.`)
      .min(1, `The ${label} must be at least 1.`)
      .max(100000, `The ${label} may not be greater than 100000.`),
    z.null(),
    z.literal('').transform(() => null),
  ]);

export const episodeInputSchema = z.object({
  title: z.string({ error: 'The title is required.' }).trim().min(1, 'The title is required.').max(255, 'The title may not be longer than 255 characters.'),
  description: z.string().max(20000, 'The description is too long.').default(''),
  published_at: z
    .string({ error: 'Choose a publish date.' })
    .trim()
    .refine(
      (v) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)) && isDay(v.slice(0, 10)),
      'Choose a valid publish date.',
    ),
  season: number('season').default(null),
  episode_number: number('episode number').default(null),
  explicit: z.boolean({ error: 'Explicit must be yes or no.' }).default(false),
  episode_type: z.enum(['full', 'trailer', 'bonus'], { error: 'Choose full, trailer or bonus.' }).default('full'),
  /** New audio (files domain); required to create, replaces the audio when editing. */
  file_id: z.coerce.number({ error: 'Upload the episode’s audio.' }).int().positive('Upload the episode’s audio.').optional(),
  artwork_file_id: z.union([z.coerce.number().int().positive('Upload the artwork again.'), z.null()]).optional(),
  transcript: z.union([textFileSchema, z.null()]).optional(),
  chapters: z.union([textFileSchema, z.null()]).optional(),
  /** Create only: false saves a draft. */
  publish: z.boolean().default(true),
});
export type EpisodeInput = z.infer<typeof episodeInputSchema>;

/** Creating needs the audio: its error is reported with the other fields'. */
export const createEpisodeSchema = episodeInputSchema.extend({
  file_id: z.coerce.number({ error: 'Upload the episode’s audio.' }).int().positive('Upload the episode’s audio.'),
});

/** The episode payload of the hosting pages. */
export function serializeEpisode(e: EpisodeRow, now = clockNow()) {
  const tags = episodeTagsOf(e.podcast_tags);
  return {
    id: e.id,
    hash_id: e.hash_id,
    guid: e.guid,
    title: e.title,
    description: e.description,
    published_at: e.published_at?.toISOString() ?? null,
    status: e.status,
    state: episodeState(e, now),
    season: e.season,
    episode_number: e.episode_number,
    episode_type: e.episode_type,
    explicit: e.explicit,
    duration: e.duration,
    enclosure_url: e.enclosure_url,
    artwork_url: e.artwork_url,
    transcript_url: tags.transcripts?.[0]?.url ?? null,
    chapters_url: tags.chapters?.url ?? null,
  };
}
export type HostedEpisodePayload = ReturnType<typeof serializeEpisode>;

function cleanDescription(html: string): string {
  const clean = isBlankHtml(html) ? '' : sanitizeHtml(html);
  if (clean.length > 4000) throw fieldError('description', 'The description may not be longer than 4,000 characters.');
  return clean;
}

/** A hosted episode of the user's podcast by its hash id, or a 404. */
export async function findOwnedEpisode(userId: number, podcastId: number, hashId: string): Promise<EpisodeRow> {
  const db = await getDb();
  const [row] = await db
    .select({ episode: episodes })
    .from(episodes)
    .innerJoin(podcasts, eq(podcasts.id, episodes.podcast_id))
    .where(and(eq(episodes.hash_id, hashId), eq(episodes.podcast_id, podcastId), eq(podcasts.user_id, userId)));
  if (!row?.episode.enclosure_url) throw notFound();
  return row.episode;
}

/** The files of the input stored in the podcast's media, as episode fields (only what the input changes). */
async function storeFiles(userId: number, podcastHash: string, hashId: string, input: EpisodeInput, current: EpisodeRow | null) {
  const fields: Partial<typeof episodes.$inferInsert> = {};
  const tags: EpisodePodcastTags = { ...episodeTagsOf(current?.podcast_tags) };
  if (input.file_id !== undefined) {
    const upload = await ownUpload(userId, input.file_id, 'file_id', 'audio');
    const stored = await saveMedia(podcastHash, `ep-${hashId}-${randomToken(4)}${upload.ext}`, { key: upload.key });
    await removeMedia(podcastHash, current?.enclosure_url);
    Object.assign(fields, {
      enclosure_url: stored.url,
      enclosure_type: upload.file.mime,
      enclosure_length: stored.size,
      duration: upload.file.duration != null ? Math.round(upload.file.duration) : null,
      file_id: upload.file.id,
    });
    // The imported duration described the old audio.
    if (tags.duration_text) {
      delete tags.duration_text;
      fields.podcast_tags = tags as Record<string, unknown>;
    }
  }
  if (input.artwork_file_id !== undefined) {
    await removeMedia(podcastHash, current?.artwork_url);
    if (input.artwork_file_id === null) fields.artwork_url = null;
    else {
      const upload = await ownUpload(userId, input.artwork_file_id, 'artwork_file_id', 'image');
      fields.artwork_url = (await saveMedia(podcastHash, `ep-art-${hashId}-${randomToken(4)}${upload.ext}`, { key: upload.key })).url;
    }
  }
  const store = async (file: TextFile, kind: string, ext: string) =>
    (await saveMedia(podcastHash, `ep-${kind}-${hashId}-${randomToken(4)}${ext}`, { bytes: file.content })).url;
  if (input.transcript !== undefined) {
    for (const t of tags.transcripts ?? []) await removeMedia(podcastHash, t.url);
    if (input.transcript === null) delete tags.transcripts;
    else {
      const { type, ext } = transcriptFormat(input.transcript);
      tags.transcripts = [{ url: await store(input.transcript, 'transcript', ext), type }];
    }
  }
  if (input.chapters !== undefined) {
    await removeMedia(podcastHash, tags.chapters?.url);
    if (input.chapters === null) delete tags.chapters;
    else {
      checkChapters(input.chapters);
      tags.chapters = { url: await store(input.chapters, 'chapters', '.json'), type: 'application/json+chapters' };
    }
  }
  if (input.transcript !== undefined || input.chapters !== undefined) fields.podcast_tags = tags as Record<string, unknown>;
  return fields;
}

function detailFields(input: EpisodeInput) {
  return {
    title: input.title,
    description: cleanDescription(input.description),
    published_at: new Date(input.published_at),
    season: input.season,
    episode_number: input.episode_number,
    episode_type: input.episode_type,
    explicit: input.explicit,
  };
}

/** Saves an episode (PATCH /api/podcasts/hosted/{id}/episodes/{hash_id}); new audio keeps the GUID. */
export async function updateHostedEpisode(user: { id: number }, hostedId: number, hashId: string, body: unknown): Promise<HostedEpisodePayload> {
  const { podcast } = await findOwnedHosted(user.id, hostedId);
  const episode = await findOwnedEpisode(user.id, podcast.id, hashId);
  const input = validate(episodeInputSchema, body);
  const details = detailFields(input);
  const files = await storeFiles(user.id, podcast.hash_id, episode.hash_id, input, episode);
  return serializeEpisode(await updateEpisode(episode.id, { ...details, ...files }));
}

/** Creates an episode with uploaded audio (POST /api/podcasts/hosted/{id}/episodes): published (or scheduled), or a draft. */
export async function createHostedEpisode(user: { id: number }, hostedId: number, body: unknown): Promise<HostedEpisodePayload> {
  const { podcast } = await findOwnedHosted(user.id, hostedId);
  const input = validate(createEpisodeSchema, body);
  const details = detailFields(input);
  const hashId = randomToken(8);
  const files = await storeFiles(user.id, podcast.hash_id, hashId, input, null);
  const saved = await insertEpisode({
    hash_id: hashId,
    podcast_id: podcast.id,
    guid: `cuepoint-${podcast.hash_id}-${hashId}`,
    ...details,
    ...files,
    status: input.publish ? 'current' : 'draft',
  });
  return serializeEpisode(saved);
}

/** Adds an episode whose audio is a file on this machine (the demo seed's generated audio), as the editor would. */
export async function addEpisodeFromFile(
  podcast: { id: number; hash_id: string },
  input: Pick<EpisodeRow, 'title' | 'description' | 'published_at' | 'season' | 'episode_number' | 'episode_type' | 'explicit' | 'status'> & { guid?: string },
  audio: { path: string; seconds: number },
): Promise<EpisodeRow> {
  const hashId = randomToken(8);
  const stored = await saveMedia(podcast.hash_id, `ep-${hashId}-${randomToken(4)}.mp3`, { path: audio.path });
  return insertEpisode({
    ...input,
    description: cleanDescription(input.description),
    hash_id: hashId,
    podcast_id: podcast.id,
    guid: input.guid || `cuepoint-${podcast.hash_id}-${hashId}`,
    enclosure_url: stored.url,
    enclosure_type: 'audio/mpeg',
    enclosure_length: stored.size,
    duration: audio.seconds,
  });
}

/** Publishes or unpublishes an episode (POST …/episodes/{hash_id}/publish|unpublish). */
export async function changeEpisodeStatus(
  user: { id: number },
  hostedId: number,
  hashId: string,
  action: keyof typeof EPISODE_TRANSITIONS,
): Promise<HostedEpisodePayload> {
  const { podcast } = await findOwnedHosted(user.id, hostedId);
  const episode = await findOwnedEpisode(user.id, podcast.id, hashId);
  return serializeEpisode(await transitionEpisode(episode, action));
}

/** Deletes an episode and the files Cuepoint stored for it (DELETE …/episodes/{hash_id}). */
export async function deleteHostedEpisode(user: { id: number }, hostedId: number, hashId: string): Promise<void> {
  const { podcast } = await findOwnedHosted(user.id, hostedId);
  const episode = await findOwnedEpisode(user.id, podcast.id, hashId);
  await deleteEpisode(episode.id);
  const tags = episodeTagsOf(episode.podcast_tags);
  for (const url of [episode.enclosure_url, episode.artwork_url, tags.chapters?.url, ...(tags.transcripts ?? []).map((t) => t.url)]) {
    await removeMedia(podcast.hash_id, url);
  }
}
