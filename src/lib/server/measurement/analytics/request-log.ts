/**
 * THE request log of measurement: hosted audio (/media/…) and the measurement prefix (/e/…) both land
 * here. A request is hashed and placed in memory at once (the audio never waits for the database), and
 * written in batches every 250 ms; only hashes, the range, bytes, referrer, User-Agent, country and time
 * are kept, never the address.
 */
import { eq } from 'drizzle-orm';
import { getDb, mediaRequests, podcasts } from '../../db';
import { now as clockNow } from '../../clock';
import { hostedAudioKey } from '../../../rules/audio-url';
import { countryOf } from './geo';
import { requestHashes } from './salts';

type LogRow = typeof mediaRequests.$inferInsert;

const FLUSH_MS = 250;
const FLUSH_ROWS = 1000;
/** Rows waiting in memory at most (beyond, the oldest are dropped: the audio still plays). */
const MAX_PENDING = 50_000;

const KEY = Symbol.for('cuepoint.analytics.request-log');
interface LogState {
  rows: LogRow[];
  timer: NodeJS.Timeout | null;
  flushing: Promise<void> | null;
  podcastIds: Map<string, { id: number | null; at: number }>;
}
function state(): LogState {
  const g = globalThis as { [KEY]?: LogState };
  g[KEY] ??= { rows: [], timer: null, flushing: null, podcastIds: new Map() };
  return g[KEY];
}

/** The podcast id of a hash id (remembered for a minute; an unknown one for 5 s), or null for an unknown podcast. */
export async function podcastIdOf(hashId: string): Promise<number | null> {
  const s = state();
  const hit = s.podcastIds.get(hashId);
  if (hit && Date.now() - hit.at < (hit.id === null ? 5_000 : 60_000)) return hit.id;
  const db = await getDb();
  const [row] = await db.select({ id: podcasts.id }).from(podcasts).where(eq(podcasts.hash_id, hashId));
  if (s.podcastIds.size > 10_000) s.podcastIds.clear();
  s.podcastIds.set(hashId, { id: row?.id ?? null, at: Date.now() });
  return row?.id ?? null;
}

/** Writes what is waiting (tests and shutdown call it; otherwise it runs every 250 ms). */
export async function flushRequestLog(): Promise<void> {
  const s = state();
  if (s.timer) clearTimeout(s.timer);
  s.timer = null;
  while (s.flushing) await s.flushing;
  if (!s.rows.length) return;
  const rows = s.rows.splice(0, s.rows.length);
  s.flushing = (async () => {
    const db = await getDb();
    for (let i = 0; i < rows.length; i += FLUSH_ROWS) await db.insert(mediaRequests).values(rows.slice(i, i + FLUSH_ROWS));
  })()
    .catch((error: unknown) => console.error(`[cuepoint] ${rows.length} media request(s) could not be logged`, error))
    .finally(() => {
      s.flushing = null;
    });
  await s.flushing;
}

function push(row: LogRow): void {
  const s = state();
  s.rows.push(row);
  if (s.rows.length > MAX_PENDING) s.rows.splice(0, s.rows.length - MAX_PENDING);
  if (s.rows.length >= FLUSH_ROWS) void flushRequestLog();
  else if (!s.timer) {
    s.timer = setTimeout(() => void flushRequestLog(), FLUSH_MS);
    s.timer.unref();
  }
}

export interface LoggedRequest {
  request: Request;
  podcastId: number;
  source: 'hosted' | 'prefix';
  audioKey: string;
  status: number;
  /** The client's address (hashed here, never stored). */
  address: string;
  bytes?: number | null;
  totalBytes?: number | null;
  at?: Date;
}

const FLOOD_PER_MINUTE = 600;
const FLOOD_KEY = Symbol.for('cuepoint.analytics.flood');

/**
 * True when an address has asked for more than 600 files this minute in this process: the audio is still
 * served (a campus or a carrier puts thousands of listeners behind one address), but no longer logged.
 */
function flooding(address: string, at: Date): boolean {
  const g = globalThis as { [FLOOD_KEY]?: { minute: number; counts: Map<string, number> } };
  const minute = Math.floor(at.getTime() / 60_000);
  if (!g[FLOOD_KEY] || g[FLOOD_KEY].minute !== minute) g[FLOOD_KEY] = { minute, counts: new Map() };
  const { counts } = g[FLOOD_KEY];
  const n = (counts.get(address) ?? 0) + 1;
  if (counts.size < 100_000 || counts.has(address)) counts.set(address, n);
  return n > FLOOD_PER_MINUTE;
}

/** Logs one request for audio. */
export async function logRequest(input: LoggedRequest): Promise<void> {
  // Dated by the product's clock (the fixed TEST_CLOCK under tests), like the calendar rules; the flood
  // throttle is a duration and reads real time.
  const at = input.at ?? clockNow();
  if (!input.at && flooding(input.address, new Date())) return;
  const { request } = input;
  const userAgent = (request.headers.get('user-agent') ?? '').slice(0, 400);
  const hashes = await requestHashes(input.address, userAgent, at);
  push({
    occurred_at: at,
    source: input.source,
    podcast_id: input.podcastId,
    audio_key: input.audioKey.slice(0, 1000),
    method: request.method,
    status: input.status,
    range: request.headers.get('range')?.slice(0, 100) ?? null,
    bytes: input.bytes ?? null,
    total_bytes: input.totalBytes ?? null,
    listener_hash: hashes.listener,
    listener_prev_hash: hashes.listenerPrev,
    household_hash: hashes.household,
    user_agent: userAgent,
    referrer: request.headers.get('referer')?.slice(0, 500) ?? null,
    country: countryOf(input.address),
  });
}

/** The size of the file an answer is part of: the total of Content-Range, else the Content-Length of a 200. */
function fileSize(status: number, headers: Headers): number | null {
  const total = /\/(\d+)$/.exec(headers.get('content-range') ?? '')?.[1];
  if (total) return Number(total);
  const length = Number(headers.get('content-length'));
  return status === 200 && Number.isFinite(length) && length > 0 ? length : null;
}

const AUDIO_FILE = /\.(mp3|m4a|aac|ogg|opus|wav|mp4)$/i;

/**
 * Logs a request for hosted media (/media/{hash}/{name}) with the answer the media server gave (the bytes
 * themselves, or a 302 to the CDN of MEDIA_PUBLIC_URL). Never throws: measurement must not break the audio.
 */
export async function recordMediaRequest(input: { request: Request; response: Response; podcastHash: string; name: string; address: string }): Promise<void> {
  try {
    // Artwork is served from /media/ too; only audio is measured (by its name: a redirect to the CDN has no type).
    if (!AUDIO_FILE.test(input.name) || input.response.status === 404) return;
    const podcastId = await podcastIdOf(input.podcastHash);
    if (!podcastId) return;
    const length = Number(input.response.headers.get('content-length'));
    await logRequest({
      request: input.request,
      podcastId,
      source: 'hosted',
      audioKey: hostedAudioKey(input.podcastHash, input.name),
      status: input.response.status,
      address: input.address,
      bytes: Number.isFinite(length) && input.response.headers.has('content-length') ? length : null,
      totalBytes: fileSize(input.response.status, input.response.headers),
    });
  } catch (error) {
    console.error('[cuepoint] a media request could not be logged', error);
  }
}
