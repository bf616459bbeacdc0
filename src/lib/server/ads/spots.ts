/**
 * A line's spot: the uploaded file is sniffed (the files domain stored its real type), decoded whole and
 * refused with a reason when it is not audio, longer than 120 s or silent; otherwise it is
 * loudness-normalised once into a WAV master (ads/spots/{line}/master.wav) and encoded once per episode
 * profile (ads/spots/{line}/{rate}-{channels}-{kbps}.mp3), both through THE storage.
 */
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { removeQuietly, scratchPath, withLocalCopy } from '../files';
import { storage } from '../storage';
import { analyseSpot, encodeToProfile, normaliseSpot } from './ffmpeg';
import { type Mp3Profile, profileKey } from './mp3-frames';

/** Longest spot accepted. */
export const MAX_SPOT_SECONDS = 120;
/** A spot whose loudest sample is below this is silent. */
export const SILENT_DB = -60;

export class SpotRefused extends Error {
  override readonly name = 'SpotRefused';
}

/** Why a spot with this analysis is refused (null when it is fine). */
export function spotRefusal(a: { durationMs: number; maxVolumeDb: number }): string | null {
  if (a.durationMs > MAX_SPOT_SECONDS * 1000)
    return `The spot is ${Math.round(a.durationMs / 1000)} seconds long; spots may be at most ${MAX_SPOT_SECONDS} seconds.`;
  if (a.durationMs < 500) return 'The spot is shorter than half a second.';
  if (!(a.maxVolumeDb > SILENT_DB)) return 'The spot is silent: no sound was found in it.';
  return null;
}

export const masterKey = (lineId: number) => `ads/spots/${lineId}/master.wav`;
export const profileSpotKey = (lineId: number, p: Mp3Profile, lufs = MASTER_LUFS) =>
  `ads/spots/${lineId}/${profileKey(p)}${lufs === MASTER_LUFS ? '' : `_${lufs}lufs`}.mp3`;

/** Masters are normalised to -16 LUFS, the podcast level. */
export const MASTER_LUFS = -16;

/** The loudness a spot is matched to for an episode measured at `episodeLufs`: the episode's, in whole LU, within -24…-10. */
export function targetLoudness(episodeLufs: number | null): number {
  if (episodeLufs === null || !Number.isFinite(episodeLufs)) return MASTER_LUFS;
  return Math.max(-24, Math.min(-10, Math.round(episodeLufs)));
}

/** Checks and normalises an uploaded spot (a stored file of `mime`); answers its master's key and length, or throws SpotRefused. */
export async function prepareSpot(lineId: number, fileKey: string, mime: string): Promise<{ key: string; durationMs: number }> {
  if (!mime.startsWith('audio/')) throw new SpotRefused('The spot must be an audio file (MP3, M4A, WAV, OGG or AAC).');
  return withLocalCopy(fileKey, async (path) => {
    let analysis: Awaited<ReturnType<typeof analyseSpot>>;
    try {
      analysis = await analyseSpot(path);
    } catch {
      throw new SpotRefused('The spot could not be decoded as audio.');
    }
    const refusal = spotRefusal(analysis);
    if (refusal) throw new SpotRefused(refusal);
    const out = `${await scratchPath('spot')}.wav`;
    try {
      await normaliseSpot(path, out);
      const key = masterKey(lineId);
      await (await storage()).put(key, { path: out }, { contentType: 'audio/wav' });
      return { key, durationMs: analysis.durationMs };
    } finally {
      await removeQuietly(out);
    }
  });
}

const inflight = new Map<string, Promise<Buffer>>();

/** The spot's frames encoded for a profile at a loudness (LUFS): made once and stored, then read from the storage. */
export async function spotForProfile(lineId: number, profile: Mp3Profile, lufs = MASTER_LUFS): Promise<Buffer> {
  const key = profileSpotKey(lineId, profile, lufs);
  const pending = inflight.get(key);
  if (pending) return pending;
  const work = (async () => {
    const store = await storage();
    if (await store.stat(key)) {
      const path = await scratchPath('spot-read');
      try {
        await pipeline(await store.read(key), createWriteStream(path));
        return await readFile(path);
      } finally {
        await removeQuietly(path);
      }
    }
    return withLocalCopy(masterKey(lineId), async (master) => {
      const out = `${await scratchPath('spot-enc')}.mp3`;
      try {
        await encodeToProfile(master, out, profile, 120_000, lufs - MASTER_LUFS);
        const bytes = await readFile(out);
        await store.put(key, bytes, { contentType: 'audio/mpeg' });
        return bytes;
      } finally {
        await removeQuietly(out);
      }
    });
  })().finally(() => inflight.delete(key));
  inflight.set(key, work);
  return work;
}
