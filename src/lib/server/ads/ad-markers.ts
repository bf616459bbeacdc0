/**
 * Ad positions of hosted episodes (issue 19 §1): the pre-roll (always there: the agreement reserves
 * 2 pre-rolls per episode) and up to 4 mid-roll markers, placed by the podcaster on the waveform or
 * suggested from the episode's silences (ffmpeg silencedetect) and used once the podcaster confirms them.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { config } from '../config';
import { getDb, adEpisodeAudio, adMarkers, episodes, files, hostedPodcasts, podcasts } from '../db';
import { fieldError, notFound, validate } from '../http';
import { withLocalCopy } from '../files';
import { type ItemChaptersLink, supplyItemChapters } from '../hosting';
import { mediaPath } from '../media-paths';
import { analyseEpisode, type Silence } from './ffmpeg';
import { MID_ROLLS } from './fill';
import { forgetServableLines } from './servable-lines';

/** Mid-rolls stay this far from the start and the end of an episode. */
const EDGE_MS = 5_000;

export interface MarkerPayload {
  id: number;
  kind: 'pre' | 'mid';
  position_ms: number;
  source: 'podcaster' | 'suggested';
  confirmed: boolean;
}

export interface EpisodeMarkers {
  episode_hash_id: string;
  duration_ms: number | null;
  waveform: number[] | null;
  markers: MarkerPayload[];
}

/** Picks up to 4 mid-roll positions from silences: the middle of the longest silences, spread out, away from the edges. */
export function suggestFromSilences(silences: Silence[], durationMs: number, count = MID_ROLLS): number[] {
  const usable = silences
    .map((s) => ({ at: Math.round((s.startMs + s.endMs) / 2), length: s.endMs - s.startMs }))
    .filter((s) => s.at > EDGE_MS && s.at < durationMs - EDGE_MS)
    .sort((a, b) => b.length - a.length || a.at - b.at);
  const minGap = durationMs / (count + 1) / 2;
  const picked: number[] = [];
  for (const s of usable) {
    if (picked.length >= count) break;
    if (picked.every((p) => Math.abs(p - s.at) >= minGap)) picked.push(s.at);
  }
  return picked.sort((a, b) => a - b);
}

async function ownedEpisode(userId: number, hashId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ episode: episodes, podcast_hash: podcasts.hash_id })
    .from(episodes)
    .innerJoin(podcasts, eq(podcasts.id, episodes.podcast_id))
    .where(and(eq(episodes.hash_id, hashId), eq(podcasts.user_id, userId)));
  if (!row?.episode.enclosure_url) throw notFound();
  return row;
}

/** The episode's markers, length and waveform (for the editor's timeline). */
export async function episodeMarkers(userId: number, hashId: string): Promise<EpisodeMarkers> {
  const { episode } = await ownedEpisode(userId, hashId);
  const db = await getDb();
  const rows = await db.select().from(adMarkers).where(eq(adMarkers.episode_id, episode.id)).orderBy(adMarkers.position_ms);
  const [file] = episode.file_id
    ? await db.select({ waveform: files.waveform, duration: files.duration }).from(files).where(eq(files.id, episode.file_id))
    : [];
  const durationMs = episode.duration ? episode.duration * 1000 : file?.duration ? Math.round(file.duration * 1000) : null;
  return {
    episode_hash_id: episode.hash_id,
    duration_ms: durationMs,
    waveform: file?.waveform ?? null,
    markers: rows.map((r) => ({ id: r.id, kind: r.kind, position_ms: r.position_ms, source: r.source, confirmed: r.confirmed })),
  };
}

/** The storage key of an episode's hosted audio, when it is ours. */
function episodeAudioKey(enclosureUrl: string | null, podcastHash: string): string | null {
  if (!enclosureUrl) return null;
  const m = /\/media\/([^/]+)\/([^/?#]+)$/.exec(enclosureUrl);
  if (!m || decodeURIComponent(m[1]!) !== podcastHash) return null;
  return mediaPath(podcastHash, decodeURIComponent(m[2]!));
}

/** Finds the episode's silences and loudness (one decode), stores its loudness and up to 4 suggested mid-rolls (replacing earlier unconfirmed suggestions). */
export async function suggestMarkers(episodeId: number): Promise<number[]> {
  const db = await getDb();
  const [row] = await db
    .select({ episode: episodes, podcast_hash: podcasts.hash_id })
    .from(episodes)
    .innerJoin(podcasts, eq(podcasts.id, episodes.podcast_id))
    .where(eq(episodes.id, episodeId));
  if (!row) return [];
  const key = episodeAudioKey(row.episode.enclosure_url, row.podcast_hash);
  if (!key) return [];
  const { silences, loudness } = await withLocalCopy(key, analyseEpisode);
  await db
    .insert(adEpisodeAudio)
    .values({ episode_id: episodeId, loudness_lufs: loudness })
    .onConflictDoUpdate({ target: adEpisodeAudio.episode_id, set: { loudness_lufs: loudness, analysed_at: new Date() } });
  const durationMs = (row.episode.duration ?? 0) * 1000 || Math.max(0, ...silences.map((s) => s.endMs));
  const existing = await db
    .select()
    .from(adMarkers)
    .where(and(eq(adMarkers.episode_id, episodeId), eq(adMarkers.kind, 'mid')));
  const room = MID_ROLLS - existing.filter((m) => m.confirmed).length;
  const picks = suggestFromSilences(silences, durationMs).filter((p) => existing.every((m) => !m.confirmed || Math.abs(m.position_ms - p) > 1000));
  await db.transaction(async (tx) => {
    await tx.delete(adMarkers).where(and(eq(adMarkers.episode_id, episodeId), eq(adMarkers.confirmed, false)));
    if (room > 0 && picks.length)
      await tx
        .insert(adMarkers)
        .values(picks.slice(0, room).map((p) => ({ episode_id: episodeId, kind: 'mid' as const, position_ms: p, source: 'suggested' as const })));
  });
  return picks.slice(0, Math.max(0, room));
}

/** Suggests mid-rolls for the podcaster's episode now (the editor's "Suggest from silences"). */
export async function suggestOwnMarkers(userId: number, hashId: string): Promise<EpisodeMarkers> {
  const { episode } = await ownedEpisode(userId, hashId);
  await suggestMarkers(episode.id);
  return episodeMarkers(userId, hashId);
}

const markersSchema = z.object({
  mid_rolls: z
    .array(
      z.object({
        position_ms: z.coerce.number().int().min(0),
        confirmed: z.boolean().default(true),
        source: z.enum(['podcaster', 'suggested']).default('podcaster'),
      }),
    )
    .max(MID_ROLLS, `An episode has at most ${MID_ROLLS} mid-rolls.`),
});

/** Saves the episode's mid-roll markers as the podcaster left them (the pre-roll is always there). */
export async function saveMarkers(userId: number, hashId: string, body: unknown): Promise<EpisodeMarkers> {
  const input = validate(markersSchema, body);
  const { episode } = await ownedEpisode(userId, hashId);
  const durationMs = episode.duration ? episode.duration * 1000 : null;
  for (const [i, m] of input.mid_rolls.entries()) {
    if (durationMs !== null && m.position_ms >= durationMs) throw fieldError(`mid_rolls.${i}.position_ms`, 'A mid-roll must be before the end of the episode.');
  }
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(adMarkers).where(eq(adMarkers.episode_id, episode.id));
    await tx.insert(adMarkers).values({ episode_id: episode.id, kind: 'pre', position_ms: 0, source: 'podcaster', confirmed: true });
    if (input.mid_rolls.length)
      await tx
        .insert(adMarkers)
        .values(
          input.mid_rolls.map((m) => ({ episode_id: episode.id, kind: 'mid' as const, position_ms: m.position_ms, source: m.source, confirmed: m.confirmed })),
        );
  });
  forgetServableLines();
  return episodeMarkers(userId, hashId);
}

/** Podcasting 2.0 JSON chapters of an episode's confirmed ad breaks (the hosted feed links them), or null without markers. */
export async function adChapters(episodeHashId: string): Promise<{ version: string; chapters: Array<{ startTime: number; title: string }> } | null> {
  const db = await getDb();
  const [episode] = await db.select({ id: episodes.id, title: episodes.title }).from(episodes).where(eq(episodes.hash_id, episodeHashId));
  if (!episode) return null;
  const rows = await db
    .select()
    .from(adMarkers)
    .where(and(eq(adMarkers.episode_id, episode.id), eq(adMarkers.kind, 'mid'), eq(adMarkers.confirmed, true)))
    .orderBy(adMarkers.position_ms);
  if (!rows.length) return null;
  // Each ad break starts a part: players show where the breaks are (the spots themselves differ per listener).
  const chapters = [{ startTime: 0, title: `${episode.title} (part 1)` }];
  for (const [i, r] of rows.entries()) chapters.push({ startTime: r.position_ms / 1000, title: `Ad break, then part ${i + 2}` });
  return { version: '1.2.0', chapters };
}

/** Episode ids among these with confirmed mid-roll markers (the hosted feed links their chapters). */
export async function episodesWithAdBreaks(episodeIds: number[]): Promise<Set<number>> {
  if (!episodeIds.length) return new Set();
  const db = await getDb();
  const rows = await db
    .selectDistinct({ id: adMarkers.episode_id })
    .from(adMarkers)
    .where(and(inArray(adMarkers.episode_id, episodeIds), eq(adMarkers.kind, 'mid'), eq(adMarkers.confirmed, true)));
  return new Set(rows.map((r) => r.id));
}

/** Suggests mid-rolls for up to `limit` hosted episodes that have no markers yet; answers how many were looked at. */
export async function suggestPendingEpisodes(limit: number): Promise<number> {
  const db = await getDb();
  const rows = (await db.execute(sql`
    select e.id from ${episodes} e
    join ${hostedPodcasts} h on h.podcast_id = e.podcast_id
    where e.enclosure_url like '%/media/%' and not exists (select 1 from ${adMarkers} m where m.episode_id = e.id)
    order by e.id desc limit ${limit}`)) as unknown as { rows: Array<{ id: number }> };
  for (const r of rows.rows) {
    try {
      // The pre-roll marks the episode as looked at, suggestions or not.
      const picks = await suggestMarkers(Number(r.id));
      await db.insert(adMarkers).values({ episode_id: Number(r.id), kind: 'pre', position_ms: 0, source: 'podcaster', confirmed: true });
      void picks;
    } catch (error) {
      console.error(`[cuepoint] ad marker suggestions failed for episode ${r.id}`, error);
      await db.insert(adMarkers).values({ episode_id: Number(r.id), kind: 'pre', position_ms: 0, source: 'podcaster', confirmed: true });
    }
  }
  return rows.rows.length;
}

/** The public address of an episode's ad-break chapters. */
export function adChaptersUrl(episodeHashId: string): string {
  return `${config().appUrl}/api/ads/chapters/${encodeURIComponent(episodeHashId)}`;
}

/** The hosted feed links each episode's ad breaks as its chapters (when it has none of its own); boot registers this. */
export function registerAdFeedChapters(): void {
  supplyItemChapters(async (items) => {
    const withBreaks = await episodesWithAdBreaks(items.map((e) => e.id));
    const links = new Map<number, ItemChaptersLink>();
    for (const e of items) if (withBreaks.has(e.id)) links.set(e.id, { url: adChaptersUrl(e.hash_id), type: 'application/json+chapters' });
    return links;
  });
}
