/**
 * Creating and editing a hosted episode (/hosting/episodes create side, /hosting/episode/{hash_id}/edit):
 * title, description (sanitised editor HTML), publish date, season and episode numbers, explicit; a new
 * episode's audio is a file uploaded through the files domain, copied into the podcast's media folder so
 * the hosted feed serves it from /media/.
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { randomToken } from '../crypto';
import { getDb } from '../db/client';
import { episodes, files, podcasts } from '../db/schema';
import { fieldError, notFound, validate } from '../http';
import { isBlankHtml, sanitizeHtml } from '../content/sanitize-html';
import { absolutePath } from '../files/storage';
import { findOwnedHosted } from './owned-hosted';
import { mediaDir, mediaUrl } from './media-storage';

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
    .refine((v) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)), 'Choose a valid publish date.'),
  season: number('season').default(null),
  episode_number: number('episode number').default(null),
  explicit: z.boolean({ error: 'Explicit must be yes or no.' }).default(false),
});

export const createEpisodeSchema = episodeInputSchema.extend({
  file_id: z.coerce.number({ error: 'Upload the episode’s audio.' }).int().positive('Upload the episode’s audio.'),
});

/** The episode payload of the hosting pages. */
export function serializeEpisode(e: EpisodeRow) {
  return {
    id: e.id,
    hash_id: e.hash_id,
    guid: e.guid,
    title: e.title,
    description: e.description,
    published_at: e.published_at?.toISOString() ?? null,
    season: e.season,
    episode_number: e.episode_number,
    explicit: e.explicit,
    duration: e.duration,
    enclosure_url: e.enclosure_url,
    downloads: e.downloads,
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
    .select()
    .from(episodes)
    .where(and(eq(episodes.hash_id, hashId), eq(episodes.podcast_id, podcastId)));
  if (!row || !row.enclosure_url) throw notFound();
  const [owner] = await db
    .select({ id: podcasts.id })
    .from(podcasts)
    .where(and(eq(podcasts.id, podcastId), eq(podcasts.user_id, userId)));
  if (!owner) throw notFound();
  return row;
}

/** Saves an episode's details (PATCH /api/podcasts/hosted/{id}/episodes/{hash_id}). */
export async function updateHostedEpisode(user: { id: number }, hostedId: number, hashId: string, body: unknown): Promise<HostedEpisodePayload> {
  const { podcast } = await findOwnedHosted(user.id, hostedId);
  const episode = await findOwnedEpisode(user.id, podcast.id, hashId);
  const input = validate(episodeInputSchema, body);
  const db = await getDb();
  const [saved] = await db
    .update(episodes)
    .set({
      title: input.title,
      description: cleanDescription(input.description),
      published_at: new Date(input.published_at),
      season: input.season,
      episode_number: input.episode_number,
      explicit: input.explicit,
      updated_at: new Date(),
    })
    .where(eq(episodes.id, episode.id))
    .returning();
  return serializeEpisode(saved!);
}

/** Publishes a new episode with an uploaded audio file (POST /api/podcasts/hosted/{id}/episodes). */
export async function createHostedEpisode(user: { id: number }, hostedId: number, body: unknown): Promise<HostedEpisodePayload> {
  const { podcast } = await findOwnedHosted(user.id, hostedId);
  const input = validate(createEpisodeSchema, body);
  const db = await getDb();
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, input.file_id), eq(files.user_id, user.id)));
  if (!file) throw fieldError('file_id', 'Upload the episode’s audio.');
  if (!file.mime.startsWith('audio/')) throw fieldError('file_id', 'The episode’s file must be audio (mp3, m4a, wav, ogg, opus or aac).');
  const source = absolutePath(file.path);
  if (!existsSync(source)) throw fieldError('file_id', 'The uploaded audio is no longer available, upload it again.');
  const hashId = randomToken(8);
  const ext = (extname(file.name) || '.mp3').toLowerCase();
  const name = `ep-${hashId}${ext}`;
  const dir = mediaDir(podcast.hash_id);
  mkdirSync(dir, { recursive: true });
  copyFileSync(source, join(dir, name));
  const [saved] = await db
    .insert(episodes)
    .values({
      hash_id: hashId,
      podcast_id: podcast.id,
      guid: `cuepoint-${podcast.hash_id}-${hashId}`,
      title: input.title,
      description: cleanDescription(input.description),
      published_at: new Date(input.published_at),
      season: input.season,
      episode_number: input.episode_number,
      explicit: input.explicit,
      duration: file.duration != null ? Math.round(file.duration) : null,
      enclosure_url: mediaUrl(podcast.hash_id, name),
      enclosure_type: file.mime,
      enclosure_length: file.size,
      file_id: file.id,
      status: 'current',
    })
    .returning();
  return serializeEpisode(saved!);
}
