/**
 * Insertion at download (issue 19 §3): the hook of the hosted media route. For a GET or HEAD of an
 * episode's MP3 it decides the fill of the listener (the IAB listener identity of measurement: address
 * + User-Agent under the day's secret) for the day, keeps it (ad_deliveries), so every byte range of that
 * day describes the same file, and answers the stitched variant with its own Content-Length,
 * Content-Range and ETag. No fill, or any failure, answers null: the route then serves the upload as is
 * (a failure is logged, never shown to a listener).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDb, adDeliveries, adLines } from '../db';
import { now as clockNow } from '../clock';
import { requestHashes, utcDay, countryOf, agentOf } from '../measurement';
import { notModified } from '../byte-range';
import { mediaPath } from '../media-paths';
import { resolveRange } from '../byte-range';
import type { StoredObject } from '../storage';
import { storage } from '../storage';
import { decideFill, slotsOf } from './fill';
import { type EpisodeAds, episodeAds, servableLines } from './servable-lines';
import { type FillBreak, readVariant, variantFile } from './variants';
import { Readable } from 'node:stream';

/** The fill a listener has for an episode today: the kept one, or a new decision (kept now, for GETs). */
async function fillOf(day: string, listener: string, ep: EpisodeAds, request: Request, address: string): Promise<Array<{ slot: string; lineId: number }>> {
  const cacheKey = `${day}|${listener}|${ep.episodeId}`;
  const cached = keptFills.get(cacheKey);
  if (cached) return cached;
  const db = await getDb();
  const kept = await db
    .select({ slot: adDeliveries.slot, line: adDeliveries.line_id })
    .from(adDeliveries)
    .where(and(eq(adDeliveries.day, day), eq(adDeliveries.listener_hash, listener), eq(adDeliveries.episode_id, ep.episodeId)));
  if (kept.length) return remember(cacheKey, kept);
  const lines = await servableLines();
  if (!lines.length) return [];
  const ids = lines.map((l) => l.id);
  const [mine, all] = await Promise.all([
    db
      .select({ line: adDeliveries.line_id, n: sql<string>`count(*)` })
      .from(adDeliveries)
      .where(and(eq(adDeliveries.day, day), eq(adDeliveries.listener_hash, listener), inArray(adDeliveries.line_id, ids)))
      .groupBy(adDeliveries.line_id),
    db
      .select({ line: adDeliveries.line_id, n: sql<string>`count(*)` })
      .from(adDeliveries)
      .where(and(eq(adDeliveries.day, day), inArray(adDeliveries.line_id, ids)))
      .groupBy(adDeliveries.line_id),
  ]);
  const fill = decideFill(lines, {
    day,
    listenerHash: listener,
    episodeId: ep.episodeId,
    podcastId: ep.podcastId,
    episodePublishedOn: ep.publishedOn,
    showCategoryIds: ep.showCategoryIds,
    excludedCategoryIds: ep.excludedCategoryIds,
    country: countryOf(address),
    device: agentOf(request.headers.get('user-agent') ?? '').device,
    slots: slotsOf(ep.mids.length),
    listenerToday: new Map(mine.map((r) => [r.line, Number(r.n)])),
    lineToday: new Map(all.map((r) => [r.line, Number(r.n)])),
  });
  if (request.method !== 'GET') return fill;
  const rows = fill.length
    ? fill.map((f) => ({ day, listener_hash: listener, episode_id: ep.episodeId, podcast_id: ep.podcastId, line_id: f.lineId, slot: f.slot }))
    : [{ day, listener_hash: listener, episode_id: ep.episodeId, podcast_id: ep.podcastId, line_id: 0, slot: '' }];
  // Dated by the product's clock, as the download it becomes an impression with (markImpressions compares them).
  const created_at = clockNow();
  await db
    .insert(adDeliveries)
    .values(rows.map((r) => ({ ...r, created_at })))
    .onConflictDoNothing();
  // Two first requests at once: both answer what was kept first.
  const again = await db
    .select({ slot: adDeliveries.slot, line: adDeliveries.line_id })
    .from(adDeliveries)
    .where(and(eq(adDeliveries.day, day), eq(adDeliveries.listener_hash, listener), eq(adDeliveries.episode_id, ep.episodeId)));
  return remember(cacheKey, again);
}

/** Kept fills (they never change once written), so a player's range requests need no query. */
const keptFills = new Map<string, Array<{ slot: string; lineId: number }>>();
function remember(key: string, rows: Array<{ slot: string; line: number }>): Array<{ slot: string; lineId: number }> {
  const fill = rows.filter((k) => k.line !== 0).map((k) => ({ slot: k.slot, lineId: k.line }));
  if (keptFills.size >= 50_000) keptFills.clear();
  keptFills.set(key, fill);
  return fill;
}

/** The stored upload's version, remembered for a few seconds (every range request of a player asks). */
const stats = new Map<string, { at: number; value: Promise<StoredObject | null> }>();
async function statOriginal(key: string): Promise<StoredObject | null> {
  const hit = stats.get(key);
  if (hit && Date.now() - hit.at < 5000) return hit.value;
  const value = (await storage()).stat(key);
  if (stats.size > 5000) stats.clear();
  stats.set(key, { at: Date.now(), value });
  value.catch(() => stats.delete(key));
  return value;
}

/** Each line's spot version (its master and length), from the servable lines or the database. */
async function spotVersions(lineIds: number[]): Promise<Map<number, string>> {
  const known = new Map((await servableLines()).filter((l) => l.spotVersion).map((l) => [l.id, l.spotVersion!]));
  const missing = lineIds.filter((id) => !known.has(id));
  if (missing.length) {
    const db = await getDb();
    const rows = await db
      .select({ id: adLines.id, spot_key: adLines.spot_key, ms: adLines.spot_duration_ms })
      .from(adLines)
      .where(inArray(adLines.id, missing));
    for (const r of rows) known.set(r.id, `${r.spot_key}:${r.ms}`);
  }
  return known;
}

/** The breaks of a fill: the pre-roll's lines at 0, each mid-roll's at its marker. */
export function breaksOf(fill: Array<{ slot: string; lineId: number }>, mids: number[]): FillBreak[] {
  const pre = fill.filter((f) => f.slot.startsWith('pre')).sort((a, b) => a.slot.localeCompare(b.slot));
  const breaks: FillBreak[] = pre.length ? [{ atMs: 0, lineIds: pre.map((f) => f.lineId) }] : [];
  for (const f of fill.filter((x) => x.slot.startsWith('mid')).sort((a, b) => a.slot.localeCompare(b.slot))) {
    const at = mids[Number(f.slot.slice(4))];
    if (at !== undefined) breaks.push({ atMs: at, lineIds: [f.lineId] });
  }
  return breaks;
}

/** Answers the listener's stitched variant of hosted audio, or null to serve the upload as is. Never throws. */
export async function serveAdVariant(request: Request, podcastHash: string, name: string, address: string): Promise<Response | null> {
  let kept: { day: string; listener: string; ep: EpisodeAds } | null = null;
  try {
    if (!name.endsWith('.mp3') || (request.method !== 'GET' && request.method !== 'HEAD')) return null;
    const key = mediaPath(podcastHash, name);
    if (!key) return null;
    // Cheapest first: no line at all is the common case of a show without automated ads.
    if (!(await servableLines()).length) return null;
    const ep = await episodeAds(podcastHash, name);
    if (!ep) return null;
    // The product's clock, as the request log dates the download this impression is matched with.
    const now = clockNow();
    const day = utcDay(now);
    const { listener } = await requestHashes(address, (request.headers.get('user-agent') ?? '').slice(0, 400), now);
    kept = { day, listener, ep };
    const fill = await fillOf(day, listener, ep, request, address);
    if (!fill.length) return null;
    const original = await statOriginal(key);
    if (!original) return null;
    const versions = await spotVersions(fill.map((f) => f.lineId));
    const variant = await variantFile(key, original.etag, breaksOf(fill, ep.mids), versions, ep.lufs);
    return variantResponse(request, variant, original.modifiedAt);
  } catch (error) {
    console.error(`[cuepoint] ad insertion failed for /media/${podcastHash}/${name}; the original file is served`, error);
    if (kept) await keepUnfilled(kept.day, kept.listener, kept.ep).catch(() => undefined);
    return null;
  }
}

/** After a failure the listener keeps the upload for the day (their ranges stay one file), and no impression is counted. */
async function keepUnfilled(day: string, listener: string, ep: EpisodeAds): Promise<void> {
  const db = await getDb();
  const where = and(eq(adDeliveries.day, day), eq(adDeliveries.listener_hash, listener), eq(adDeliveries.episode_id, ep.episodeId));
  await db.delete(adDeliveries).where(where);
  await db
    .insert(adDeliveries)
    .values({ day, listener_hash: listener, episode_id: ep.episodeId, podcast_id: ep.podcastId, line_id: 0, slot: '', created_at: clockNow() })
    .onConflictDoNothing();
  keptFills.set(`${day}|${listener}|${ep.episodeId}`, []);
}

/** The HTTP answer for a variant: whole, one range (206) or 416, with its own validators. */
function variantResponse(request: Request, variant: Awaited<ReturnType<typeof variantFile>>, modifiedAt: Date): Response {
  const size = variant.size;
  const lastModified = new Date(Math.floor(modifiedAt.getTime() / 1000) * 1000);
  const base: Record<string, string> = {
    'content-type': 'audio/mpeg',
    'accept-ranges': 'bytes',
    etag: variant.etag,
    'last-modified': lastModified.toUTCString(),
    // Each listener's file differs: shared caches must not hand it to another listener.
    'cache-control': 'private, max-age=3600',
    vary: 'User-Agent',
  };
  if (notModified(request, variant.etag, lastModified) && request.headers.has('if-none-match')) return new Response(null, { status: 304, headers: base });
  const head = request.method === 'HEAD';
  const range = request.headers.get('range');
  const ifRange = request.headers.get('if-range');
  const parsed = range && (!ifRange || ifRange === variant.etag) ? resolveRange(range, size) : null;
  if (parsed === 'unsatisfiable') return new Response(null, { status: 416, headers: { ...base, 'content-range': `bytes */${size}` } });
  if (parsed) {
    const headers = { ...base, 'content-range': `bytes ${parsed.start}-${parsed.end}/${size}`, 'content-length': String(parsed.end - parsed.start + 1) };
    return new Response(head ? null : (Readable.toWeb(readVariant(variant, parsed)) as ReadableStream), { status: 206, headers });
  }
  return new Response(head ? null : (Readable.toWeb(readVariant(variant)) as ReadableStream), {
    status: 200,
    headers: { ...base, 'content-length': String(size) },
  });
}
