/**
 * The counter: reads the request log from where it stopped, applies the counting rules (count-rules.ts)
 * in batches, and writes the listeners' windows, the downloads per episode and day, and the listeners per
 * show and day. Each batch is one transaction holding the counter's row lock, so several workers can run
 * it safely; everything it writes is derived from the log, and `rebuildDownloads` recomputes it all.
 * Rows travel packed, one value per statement each way (string_agg out, a JSON document in): per-row
 * round trips are what a counter of tens of thousands of lines a second cannot afford (`npm run bench:counter`).
 */
import { and, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { getDb, type Tx, analyticsState, downloadDays, downloadWindows, listenerDays, mediaRequests } from '../../db';
import { now as clockNow } from '../../clock';
import { applyLine, type EpisodeAudio, exclusion, type LogLine, type Window, WINDOW_MS, WindowIndex } from './count-rules';
import { enclosureOf, ENCLOSURE_HISTORY_DAYS, loadShowEnclosures, type ShowEnclosures } from './feed-enclosures';
import { agentOf } from './user-agent';
import { refreshListenerStats } from './listener-stats';

const BATCH = 10_000;
const COUNTER = 'counter';
const EPISODES_TTL_MS = 60_000;
const DAY_MS = 86_400_000;

const KEY = Symbol.for('cuepoint.analytics.episode-audio');
type EpisodeCache = Map<number, { at: number; show: ShowEnclosures }>;
function episodeCache(): EpisodeCache {
  const g = globalThis as { [KEY]?: EpisodeCache };
  g[KEY] ??= new Map();
  return g[KEY];
}

/** Forgets the episodes the counter knows (after episodes change in bulk, e.g. a rebuild or a test; a show's after a read of its feed). */
export function forgetEpisodeAudio(podcastId?: number): void {
  if (podcastId === undefined) episodeCache().clear();
  else episodeCache().delete(podcastId);
}

async function loadEpisodeAudio(tx: Tx, podcastIds: number[]): Promise<void> {
  const shows = await loadShowEnclosures(tx, podcastIds);
  const cache = episodeCache();
  for (const [id, show] of shows) cache.set(id, { at: Date.now(), show });
}

/**
 * The episode of each line's audio: an enclosure of the show's feed (feed-enclosures.ts), else null.
 * A show's enclosures are re-read after a minute, or soon for audio not seen yet.
 */
async function resolveEpisodes(tx: Tx, lines: LogLine[]): Promise<(line: LogLine) => EpisodeAudio | null> {
  const cache = episodeCache();
  const stale = new Set<number>();
  for (const line of lines) {
    const entry = cache.get(line.podcast_id);
    if (!entry || Date.now() - entry.at > EPISODES_TTL_MS || (!enclosureOf(entry.show, line.audio_key) && Date.now() - entry.at > 5000))
      stale.add(line.podcast_id);
  }
  if (stale.size) await loadEpisodeAudio(tx, [...stale]);
  return (line) => enclosureOf(cache.get(line.podcast_id)?.show, line.audio_key);
}

/**
 * Runs a query whose one row is a `string_agg` of records (fields joined by the unit separator, records
 * by the record separator: control characters no header, URL or hash can hold) and answers the fields.
 * Several times cheaper than rows or json_agg on PGlite, where each value crossing costs.
 */
async function packedRows(tx: Tx, query: ReturnType<typeof sql>): Promise<string[][]> {
  const result = (await tx.execute(query)) as unknown as { rows: Array<{ t: string | null }> };
  const text = result.rows[0]?.t;
  return text ? text.split('\x1e').map((r) => r.split('\x1f')) : [];
}

const orNull = (v: string | undefined) => (v === undefined || v === '' ? null : v);
const numOrNull = (v: string | undefined) => (v === undefined || v === '' ? null : Number(v));

async function readLines(tx: Tx, after: number): Promise<LogLine[]> {
  const rows = await packedRows(
    tx,
    sql`select string_agg(concat_ws(chr(31), id, extract(epoch from occurred_at) * 1000, source, podcast_id, audio_key, method, status, coalesce(range, ''),
          coalesce(bytes::text, ''), coalesce(total_bytes::text, ''), listener_hash, listener_prev_hash, household_hash, user_agent, coalesce(country, '')), chr(30) order by id) as t
        from (select * from ${mediaRequests} where id > ${after} order by id limit ${BATCH}) r`,
  );
  return rows.map((r) => ({
    id: Number(r[0]),
    occurred_at: new Date(Number(r[1])),
    source: r[2] as LogLine['source'],
    podcast_id: Number(r[3]),
    audio_key: r[4]!,
    method: r[5]!,
    status: Number(r[6]),
    range: orNull(r[7]),
    bytes: numOrNull(r[8]),
    total_bytes: numOrNull(r[9]),
    listener_hash: r[10]!,
    listener_prev_hash: r[11]!,
    household_hash: r[12]!,
    user_agent: r[13]!,
    country: orNull(r[14]),
  }));
}

/** The windows the batch's listeners opened in the 24 hours before it (from the start of the first line's day, for listeners per day). */
async function loadWindows(tx: Tx, lines: LogLine[], index: WindowIndex): Promise<void> {
  if (!lines.length) return;
  const hashes = [...new Set(lines.flatMap((l) => [l.listener_hash, l.listener_prev_hash]))];
  const first = Math.min(...lines.map((l) => l.occurred_at.getTime()));
  const since = new Date(Math.floor(first / DAY_MS) * DAY_MS - WINDOW_MS);
  const rows = await packedRows(
    tx,
    sql`select string_agg(concat_ws(chr(31), id, podcast_id, coalesce(episode_id::text, ''), target, listener_hash, household_hash, extract(epoch from started_at) * 1000,
          bytes, threshold, coalesce((extract(epoch from counted_at) * 1000)::text, ''), coalesce(day::text, ''), source, app, device, os, country), chr(30)) as t
        from ${downloadWindows}
        where listener_hash = any(${sql.param(hashes)}::text[]) and started_at > ${since.toISOString()}::timestamptz`,
  );
  for (const r of rows) {
    const counted = numOrNull(r[9]);
    index.load({
      id: Number(r[0]),
      podcast_id: Number(r[1]),
      episode_id: numOrNull(r[2]),
      target: r[3]!,
      listener_hash: r[4]!,
      household_hash: r[5]!,
      started_at: new Date(Number(r[6])),
      bytes: Number(r[7]),
      threshold: Number(r[8]),
      counted_at: counted === null ? null : new Date(counted),
      day: orNull(r[10]),
      source: r[11]!,
      app: r[12]!,
      device: r[13]!,
      os: r[14]!,
      country: r[15] ?? '',
      dirty: false,
    });
  }
}

const json = (rows: unknown[]) => JSON.stringify(rows);

async function writeWindows(tx: Tx, index: WindowIndex): Promise<void> {
  if (index.created.length) {
    const created = index.created.map(({ id: _id, dirty: _dirty, first_of_day: _first, started_at, counted_at, ...w }) => ({
      ...w,
      started_at: started_at.toISOString(),
      counted_at: counted_at?.toISOString() ?? null,
    }));
    await tx.execute(sql`
      insert into ${downloadWindows} (podcast_id, episode_id, target, listener_hash, household_hash, started_at, bytes, threshold, counted_at, day, source, app, device, os, country)
      select podcast_id, episode_id, target, listener_hash, household_hash, started_at, bytes, threshold, counted_at, day, source, app, device, os, country
      from jsonb_to_recordset(${json(created)}::jsonb) as v(podcast_id int, episode_id int, target text, listener_hash text, household_hash text, started_at timestamptz,
        bytes bigint, threshold bigint, counted_at timestamptz, day date, source text, app text, device text, os text, country text)`);
  }
  const changed = index.loaded.filter((w) => w.dirty).map((w) => ({ id: w.id, bytes: w.bytes, counted_at: w.counted_at?.toISOString() ?? null, day: w.day }));
  if (changed.length) {
    await tx.execute(sql`
      update ${downloadWindows} w set bytes = v.bytes, counted_at = v.counted_at, day = v.day
      from jsonb_to_recordset(${json(changed)}::jsonb) as v(id bigint, bytes bigint, counted_at timestamptz, day date)
      where w.id = v.id`);
  }
}

/**
 * Adds downloads to download_days, and new listeners of a show and day to listener_days. Only windows of
 * an episode (an enclosure of the show's feed) are downloads; the others wait for creditWindows().
 */
async function addToDays(tx: Tx, qualified: Window[]): Promise<void> {
  const counted = qualified.filter((w) => w.episode_id !== null);
  const days = new Map<
    string,
    { podcast_id: number; episode_id: number; day: string; app: string; device: string; os: string; country: string; downloads: number }
  >();
  for (const w of counted) {
    const row = { podcast_id: w.podcast_id, episode_id: w.episode_id ?? 0, day: w.day!, app: w.app, device: w.device, os: w.os, country: w.country };
    const key = Object.values(row).join('|');
    const current = days.get(key);
    if (current) current.downloads += 1;
    else days.set(key, { ...row, downloads: 1 });
  }
  if (days.size) {
    await tx.execute(sql`
      insert into ${downloadDays} (podcast_id, episode_id, day, app, device, os, country, downloads)
      select * from jsonb_to_recordset(${json([...days.values()])}::jsonb)
        as v(podcast_id int, episode_id int, day date, app text, device text, os text, country text, downloads int)
      on conflict (podcast_id, episode_id, day, app, device, os, country) do update set downloads = ${downloadDays.downloads} + excluded.downloads`);
  }
  // A listener counts once per show and day: only their first download of that day adds one.
  const newListeners = new Map<string, { podcast_id: number; day: string; listeners: number }>();
  for (const w of counted) {
    if (!w.first_of_day) continue;
    const key = `${w.podcast_id}|${w.day}`;
    const current = newListeners.get(key) ?? { podcast_id: w.podcast_id, day: w.day!, listeners: 0 };
    current.listeners += 1;
    newListeners.set(key, current);
  }
  if (newListeners.size) {
    await tx.execute(sql`
      insert into ${listenerDays} (podcast_id, day, listeners)
      select * from jsonb_to_recordset(${json([...newListeners.values()])}::jsonb) as v(podcast_id int, day date, listeners int)
      on conflict (podcast_id, day) do update set listeners = ${listenerDays.listeners} + excluded.listeners`);
  }
}

export interface CountResult {
  lines: number;
  downloads: number;
  /** Episodes that gained downloads (their aired ads' listener stats are refreshed). */
  episodeIds: number[];
}

/** Counts one batch of the log; null when the counter is at the end of it. */
async function countBatch(tx: Tx): Promise<CountResult | null> {
  await tx.insert(analyticsState).values({ name: COUNTER }).onConflictDoNothing();
  const [state] = await tx.select().from(analyticsState).where(eq(analyticsState.name, COUNTER)).for('update');
  const lines = await readLines(tx, state!.cursor);
  if (!lines.length) return null;
  const episodeOf = await resolveEpisodes(tx, lines);
  const index = new WindowIndex();
  // Only lines that may count open or extend windows: bots, probes and HEADs need none looked up.
  const candidates = lines.flatMap((line) => {
    const agent = agentOf(line.user_agent);
    return exclusion(line, agent) ? [] : [{ line, agent }];
  });
  await loadWindows(
    tx,
    candidates.map((c) => c.line),
    index,
  );
  const counted: Window[] = [];
  for (const { line, agent } of candidates) {
    const window = applyLine(index, line, agent, episodeOf(line));
    if (window) counted.push(window);
  }
  await writeWindows(tx, index);
  await addToDays(tx, counted);
  await tx
    .update(analyticsState)
    .set({ cursor: lines.at(-1)!.id, updated_at: new Date() })
    .where(eq(analyticsState.name, COUNTER));
  const episodeIds = [...new Set(counted.map((w) => w.episode_id).filter((id): id is number => id !== null))];
  return { lines: lines.length, downloads: counted.filter((w) => w.episode_id !== null).length, episodeIds };
}

/** Counts the log up to its end; answers what was counted. */
export async function countDownloads(): Promise<CountResult> {
  const db = await getDb();
  const total: CountResult = { lines: 0, downloads: 0, episodeIds: [] };
  for (;;) {
    const batch = await db.transaction((tx) => countBatch(tx));
    if (!batch) return total;
    total.lines += batch.lines;
    total.downloads += batch.downloads;
    total.episodeIds = [...new Set([...total.episodeIds, ...batch.episodeIds])];
  }
}

/**
 * Credits a show's windows that were waiting for its feed to name their address (a request through the
 * prefix for an episode the counter did not know yet): each becomes a window of its episode and, when it
 * qualified, a download (download_days, listener_days) on the day it qualified. A listener who also
 * asked by the episode's known address within the same 24 hours already has that download: the waiting
 * window is left as it is. Runs under the counter's lock; answers the episodes that gained downloads.
 */
export async function creditWindows(podcastId: number, now = clockNow()): Promise<number[]> {
  const db = await getDb();
  const episodeIds = await db.transaction(async (tx) => {
    await tx.insert(analyticsState).values({ name: COUNTER }).onConflictDoNothing();
    await tx.select().from(analyticsState).where(eq(analyticsState.name, COUNTER)).for('update');
    const since = new Date(now.getTime() - ENCLOSURE_HISTORY_DAYS * DAY_MS);
    const waiting = await tx
      .select()
      .from(downloadWindows)
      .where(and(eq(downloadWindows.podcast_id, podcastId), isNull(downloadWindows.episode_id), gt(downloadWindows.started_at, since)));
    if (!waiting.length) return [];
    const show = (await loadShowEnclosures(tx, [podcastId], now)).get(podcastId);
    const matches = waiting.flatMap((w) => {
      const episode = enclosureOf(show, w.target.slice(2));
      return episode ? [{ w, episode }] : [];
    });
    if (!matches.length) return [];
    const credited = await tx
      .select({
        episode_id: downloadWindows.episode_id,
        listener_hash: downloadWindows.listener_hash,
        started_at: downloadWindows.started_at,
        counted_at: downloadWindows.counted_at,
        day: downloadWindows.day,
      })
      .from(downloadWindows)
      .where(
        and(
          eq(downloadWindows.podcast_id, podcastId),
          isNotNull(downloadWindows.episode_id),
          inArray(downloadWindows.listener_hash, [...new Set(matches.map((m) => m.w.listener_hash))]),
        ),
      );
    const listenerDaysSeen = new Set(credited.filter((c) => c.counted_at).map((c) => `${c.listener_hash}|${c.day}`));
    const updates: Array<{ id: number; episode_id: number; target: string }> = [];
    const downloads: Window[] = [];
    for (const { w, episode } of matches) {
      const twin = credited.find(
        (c) => c.episode_id === episode.id && c.listener_hash === w.listener_hash && Math.abs(c.started_at.getTime() - w.started_at.getTime()) < WINDOW_MS,
      );
      if (twin) continue;
      credited.push({ episode_id: episode.id, listener_hash: w.listener_hash, started_at: w.started_at, counted_at: w.counted_at, day: w.day });
      updates.push({ id: w.id, episode_id: episode.id, target: `e:${episode.id}` });
      if (!w.counted_at || !w.day) continue;
      const dayKey = `${w.listener_hash}|${w.day}`;
      downloads.push({ ...w, episode_id: episode.id, target: `e:${episode.id}`, first_of_day: !listenerDaysSeen.has(dayKey) });
      listenerDaysSeen.add(dayKey);
    }
    if (updates.length) {
      await tx.execute(sql`
        update ${downloadWindows} w set episode_id = v.episode_id, target = v.target
        from jsonb_to_recordset(${json(updates)}::jsonb) as v(id bigint, episode_id int, target text)
        where w.id = v.id`);
    }
    await addToDays(tx, downloads);
    return [...new Set(downloads.map((d) => d.episode_id!))];
  });
  forgetEpisodeAudio(podcastId);
  if (episodeIds.length) await refreshListenerStats(episodeIds);
  return episodeIds;
}

/** Recomputes every download from the request log (the windows and the days are derived data). */
export async function rebuildDownloads(): Promise<CountResult> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.insert(analyticsState).values({ name: COUNTER }).onConflictDoNothing();
    await tx.select().from(analyticsState).where(eq(analyticsState.name, COUNTER)).for('update');
    await tx.delete(downloadWindows);
    await tx.delete(downloadDays);
    await tx.delete(listenerDays);
    await tx.update(analyticsState).set({ cursor: 0, updated_at: new Date() }).where(eq(analyticsState.name, COUNTER));
  });
  forgetEpisodeAudio();
  return countDownloads();
}
