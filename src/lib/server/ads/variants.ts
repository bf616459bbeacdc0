/**
 * Stitched variants of hosted episodes, cached on this instance's disk (DATA_DIR/cache/ad-variants) with
 * an LRU bound on their total size. A variant is named by a hash of the episode's version (its storage
 * ETag), the lines in each position and their spots, so the same fill is always the same bytes, and its
 * ETag is that name. Spots are matched to the episode's measured loudness. An episode whose frames cannot be spliced (not MP3, or frames that change format
 * mid-file) is transcoded once to a plain CBR MP3, cached next to the variants, and spliced from that.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { config } from '../config';
import { scratchPath, removeQuietly } from '../files';
import { storage } from '../storage';
import { encodeToProfile } from './ffmpeg';
import { type Mp3Layout, type Mp3Profile, nearestBitrate, parseFrameHeader, planVariant, scanMp3, stitchWithInfo } from './mp3-frames';
import { MASTER_LUFS, spotForProfile } from './spots';

/** Default bound of the variant cache: 2 GB. */
export const DEFAULT_CACHE_BYTES = 2 * 1024 * 1024 * 1024;

const KEY = Symbol.for('cuepoint.ads.variants');
interface CacheState {
  limit: number;
  entries: Map<string, { size: number; used: number }>;
  loaded: Promise<void> | null;
  building: Map<string, Promise<VariantFile>>;
}
function cache(): CacheState {
  const g = globalThis as { [KEY]?: CacheState };
  g[KEY] ??= { limit: DEFAULT_CACHE_BYTES, entries: new Map(), loaded: null, building: new Map() };
  return g[KEY];
}

/** Sets the bound of the variant cache in bytes (tests and the bench set a small one). */
export function setVariantCacheLimit(bytes: number): void {
  cache().limit = bytes;
}

export const variantDir = () => join(config().dataDir, 'cache', 'ad-variants');

async function loadIndex(): Promise<void> {
  const c = cache();
  c.loaded ??= (async () => {
    await mkdir(variantDir(), { recursive: true });
    for (const name of await readdir(variantDir())) {
      if (!name.endsWith('.mp3')) continue;
      const s = await stat(join(variantDir(), name)).catch(() => null);
      if (s) c.entries.set(name, { size: s.size, used: s.atimeMs });
    }
  })();
  return c.loaded;
}

/** Removes the least recently used files until the cache fits its bound. */
async function evict(keep: string): Promise<void> {
  const c = cache();
  let total = [...c.entries.values()].reduce((s, e) => s + e.size, 0);
  if (total <= c.limit) return;
  const oldest = [...c.entries.entries()].filter(([n]) => n !== keep).sort((a, b) => a[1].used - b[1].used);
  for (const [name, e] of oldest) {
    if (total <= c.limit) break;
    c.entries.delete(name);
    total -= e.size;
    await rm(join(variantDir(), name), { force: true });
  }
}

/** Bytes cached now (tests read it). */
export function variantCacheBytes(): number {
  return [...cache().entries.values()].reduce((s, e) => s + e.size, 0);
}

export interface VariantFile {
  path: string;
  size: number;
  etag: string;
  name: string;
}

async function touch(name: string): Promise<void> {
  const e = cache().entries.get(name);
  if (e) e.used = Date.now();
}

async function readEpisode(key: string): Promise<Buffer> {
  const path = await scratchPath('episode');
  try {
    await pipeline(await (await storage()).read(key), createWriteStream(path));
    return await readFile(path);
  } finally {
    await removeQuietly(path);
  }
}

/**
 * The format an episode that cannot be spliced as is gets transcoded to: its own sample rate, channels and
 * (nearest Layer III) bitrate when it is MPEG audio (a Layer II file, or one that changes format), else
 * 44.1 kHz stereo 128 kbit/s.
 */
function transcodeProfile(bytes: Buffer, layout: Mp3Layout | null): Mp3Profile {
  const first = layout ? parseFrameHeader(bytes, layout.frames[0] ?? layout.headEnd) : null;
  if (!first) return { sampleRate: 44100, channels: 2, bitrateKbps: 128 };
  return { sampleRate: first.sampleRate, channels: first.channels, bitrateKbps: nearestBitrate(first.version, first.bitrateKbps) };
}

/** The episode's bytes and frames as spliced: the upload, or its once-made transcode when it cannot be spliced as is. */
async function spliceableEpisode(key: string, etag: string): Promise<{ bytes: Buffer; layout: Mp3Layout }> {
  const bytes = await readEpisode(key);
  const layout = scanMp3(bytes);
  if (layout?.uniform && layout.frames.length) return { bytes, layout };
  const c = cache();
  const name = `transcoded-${createHash('sha256').update(`${key}|${etag}`).digest('hex').slice(0, 32)}.mp3`;
  const path = join(variantDir(), name);
  let out = await readFile(path).catch(() => null);
  if (!out) {
    const input = await scratchPath('episode-in');
    const tmp = `${await scratchPath('episode-out')}.mp3`;
    try {
      await writeFile(input, bytes);
      await encodeToProfile(input, tmp, transcodeProfile(bytes, layout));
      await rename(tmp, path).catch(async () => {
        await writeFile(path, await readFile(tmp));
      });
      out = await readFile(path);
      c.entries.set(name, { size: out.length, used: Date.now() });
    } finally {
      await removeQuietly(input);
      await removeQuietly(tmp);
    }
  }
  const again = scanMp3(out);
  if (!again) throw new Error(`The transcoded episode ${key} has no MP3 frames.`);
  return { bytes: out, layout: again };
}

export interface FillBreak {
  /** 0 for the pre-roll, else the mid-roll position in ms of the upload. */
  atMs: number;
  lineIds: number[];
}

/** The name of a variant (its ETag too). */
export function variantName(episodeKey: string, episodeEtag: string, breaks: FillBreak[], spotVersions: Map<number, string>, lufs = MASTER_LUFS): string {
  // "i2": variants carry their own Info/Xing frame (those cached before did not).
  const fill = breaks.map((b) => `${b.atMs}:${b.lineIds.map((id) => `${id}@${spotVersions.get(id) ?? ''}`).join(',')}`).join('|');
  return `v-${createHash('sha256').update(`i2|${episodeKey}|${episodeEtag}|${lufs}|${fill}`).digest('base64url').slice(0, 32)}`;
}

/** The cached variant of an episode with these breaks, stitched now when it is not cached. */
export async function variantFile(
  episodeKey: string,
  episodeEtag: string,
  breaks: FillBreak[],
  spotVersions: Map<number, string>,
  lufs = MASTER_LUFS,
): Promise<VariantFile> {
  await loadIndex();
  const name = variantName(episodeKey, episodeEtag, breaks, spotVersions, lufs);
  const file = `${name}.mp3`;
  const path = join(variantDir(), file);
  const c = cache();
  const known = c.entries.get(file);
  if (known) {
    const s = await stat(path).catch(() => null);
    if (s) {
      await touch(file);
      return { path, size: s.size, etag: `"${name}"`, name };
    }
    c.entries.delete(file);
  }
  const pending = c.building.get(file);
  if (pending) return pending;
  const work = (async () => {
    const { bytes, layout } = await spliceableEpisode(episodeKey, episodeEtag);
    const lineIds = [...new Set(breaks.flatMap((b) => b.lineIds))];
    const spotBytes = await Promise.all(lineIds.map((id) => spotForProfile(id, layout.profile, lufs)));
    const spotLayouts = spotBytes.map((b) => scanMp3(b));
    if (spotLayouts.some((l) => !l)) throw new Error('A spot has no MP3 frames.');
    const index = new Map(lineIds.map((id, i) => [id, i]));
    const pieces = planVariant(
      layout,
      breaks.map((b) => ({ atMs: b.atMs, spots: b.lineIds.map((id) => index.get(id)!) })),
      spotLayouts as Mp3Layout[],
    );
    const parts = stitchWithInfo(bytes, layout, pieces, spotBytes, spotLayouts as Mp3Layout[]);
    const tmp = `${path}.${process.pid}.${Date.now()}.part`;
    await pipeline(Readable.from(parts), createWriteStream(tmp));
    await rename(tmp, path);
    const size = parts.reduce((s, p) => s + p.length, 0);
    c.entries.set(file, { size, used: Date.now() });
    await utimes(path, new Date(), new Date()).catch(() => undefined);
    await evict(file);
    return { path, size, etag: `"${name}"`, name };
  })().finally(() => c.building.delete(file));
  c.building.set(file, work);
  return work;
}

/** A readable stream of a variant's bytes (or an inclusive range of them). */
export function readVariant(v: VariantFile, range?: { start: number; end: number }): Readable {
  return createReadStream(v.path, range ? { start: range.start, end: range.end } : {});
}
