/**
 * What the media route needs to decide a fill, read from the database at most every few seconds (a
 * download must not wait on several queries): the active lines with their budget left, and per episode
 * its show's categories and exclusions and its confirmed markers.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { getDb, adDeliveries, adEpisodeAudio, adLines, adMarkers, adShowSettings, episodes, podcastCategories, podcasts } from '../db';
import { now as clockNow } from '../clock';
import { targetLoudness } from './spots';
import { adLineMoney } from '../payments';
import { utcDay } from '../measurement';
import type { FillLine } from './fill';

const LINES_TTL_MS = 5_000;
const EPISODE_TTL_MS = 10_000;

const KEY = Symbol.for('cuepoint.ads.servable');
interface State {
  lines: { at: number; value: Promise<FillLine[]> } | null;
  episodes: Map<string, { at: number; value: Promise<EpisodeAds | null> }>;
}
function state(): State {
  const g = globalThis as { [KEY]?: State };
  g[KEY] ??= { lines: null, episodes: new Map() };
  return g[KEY];
}

/** Forgets what is cached (after a line, a marker or an exclusion changes). */
export function forgetServableLines(): void {
  state().lines = null;
  state().episodes.clear();
}

async function loadLines(): Promise<FillLine[]> {
  const db = await getDb();
  const today = utcDay(clockNow());
  const rows = await db
    .select()
    .from(adLines)
    .where(and(eq(adLines.status, 'active'), eq(adLines.spot_status, 'ready'), sql`${adLines.ends_on} >= ${today}::date`));
  if (!rows.length) return [];
  const money = await adLineMoney(
    db,
    rows.map((r) => r.id),
  );
  // Impressions not billed yet still use the balance.
  const pending = await db
    .select({ line: adDeliveries.line_id, n: sql<string>`count(*)` })
    .from(adDeliveries)
    .where(
      and(
        sql`${adDeliveries.line_id} = any(${sql.param(rows.map((r) => r.id))}::int[])`,
        eq(adDeliveries.billed, false),
        sql`${adDeliveries.impression_at} is not null`,
      ),
    )
    .groupBy(adDeliveries.line_id);
  const unbilled = new Map(pending.map((p) => [p.line, Number(p.n)]));
  return rows.map((r) => {
    const m = money.get(r.id) ?? { funded: 0, spent: 0 };
    return {
      id: r.id,
      cpm: r.cpm,
      budgetLeft: m.funded - m.spent - Math.floor(((unbilled.get(r.id) ?? 0) * r.cpm) / 1000),
      startsOn: r.starts_on,
      endsOn: r.ends_on,
      categories: r.targeting.categories,
      countries: r.targeting.countries,
      devices: r.targeting.devices,
      podcasts: r.targeting.podcasts ?? [],
      publishedBefore: r.targeting.published_before ?? null,
      adCategoryId: r.ad_category_id,
      frequencyCap: r.frequency_cap,
      positions: r.positions,
      active: r.status === 'active',
      spotReady: r.spot_status === 'ready' && r.spot_key !== null,
      spotVersion: `${r.spot_key}:${r.spot_duration_ms}`,
    };
  });
}

/** The lines that may be served (cached for 5 s). */
export function servableLines(): Promise<FillLine[]> {
  const s = state();
  if (!s.lines || Date.now() - s.lines.at > LINES_TTL_MS) {
    const value = loadLines();
    s.lines = { at: Date.now(), value };
    value.catch(() => {
      s.lines = null;
    });
  }
  return s.lines.value;
}

export interface EpisodeAds {
  episodeId: number;
  podcastId: number;
  publishedOn: string | null;
  showCategoryIds: number[];
  excludedCategoryIds: number[];
  /** Confirmed mid-roll positions, ms, in order (at most 4). */
  mids: number[];
  /** The loudness spots are encoded at for this episode (LUFS). */
  lufs: number;
}

async function loadEpisode(podcastHash: string, name: string): Promise<EpisodeAds | null> {
  const db = await getDb();
  const suffix = `%/media/${encodeURIComponent(podcastHash)}/${encodeURIComponent(name).replace(/[%_\\]/g, (c) => `\\${c}`)}`;
  const [row] = await db
    .select({ id: episodes.id, podcast_id: podcasts.id, category_id: podcasts.category_id, published_at: episodes.published_at })
    .from(episodes)
    .innerJoin(podcasts, eq(podcasts.id, episodes.podcast_id))
    .where(and(eq(podcasts.hash_id, podcastHash), like(episodes.enclosure_url, suffix)))
    .limit(1);
  if (!row) return null;
  const [cats, settings, marks, audio] = await Promise.all([
    db.select({ id: podcastCategories.category_id }).from(podcastCategories).where(eq(podcastCategories.podcast_id, row.podcast_id)),
    db.select().from(adShowSettings).where(eq(adShowSettings.podcast_id, row.podcast_id)),
    db
      .select({ ms: adMarkers.position_ms })
      .from(adMarkers)
      .where(and(eq(adMarkers.episode_id, row.id), eq(adMarkers.kind, 'mid'), eq(adMarkers.confirmed, true)))
      .orderBy(adMarkers.position_ms),
    db.select({ lufs: adEpisodeAudio.loudness_lufs }).from(adEpisodeAudio).where(eq(adEpisodeAudio.episode_id, row.id)),
  ]);
  const showCategoryIds = [...new Set([...(row.category_id ? [row.category_id] : []), ...cats.map((c) => c.id)])];
  return {
    episodeId: row.id,
    podcastId: row.podcast_id,
    publishedOn: row.published_at ? row.published_at.toISOString().slice(0, 10) : null,
    showCategoryIds,
    excludedCategoryIds: settings[0]?.excluded_category_ids ?? [],
    mids: marks.map((m) => m.ms).slice(0, 4),
    lufs: targetLoudness(audio[0]?.lufs ?? null),
  };
}

/** The ad facts of the episode whose enclosure is /media/{hash}/{name} (cached for 10 s), or null. */
export function episodeAds(podcastHash: string, name: string): Promise<EpisodeAds | null> {
  const s = state();
  const key = `${podcastHash}/${name}`;
  const hit = s.episodes.get(key);
  if (hit && Date.now() - hit.at < EPISODE_TTL_MS) return hit.value;
  const value = loadEpisode(podcastHash, name);
  if (s.episodes.size > 5000) s.episodes.clear();
  s.episodes.set(key, { at: Date.now(), value });
  value.catch(() => s.episodes.delete(key));
  return value;
}
