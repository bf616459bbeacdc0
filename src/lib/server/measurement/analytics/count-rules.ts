/**
 * The counting rules (IAB Podcast Measurement Technical Guidelines v2.2, applied as OP3 and Castopod do),
 * pure so they can be tested line by line and benchmarked:
 *
 * - only GET requests answered with audio (200/206 hosted, or its 302 to the CDN; the 302 of the prefix) are considered;
 * - bots never count (user-agent.ts), nor does the `bytes=0-1` probe players send before playing;
 * - one listener is one address + User-Agent; their requests for one episode within 24 hours of the first
 *   one form a window whose bytes add up, and the window is one download once they cover a minute of
 *   audio (or the whole file when it is shorter); later requests in the window (replays, seeks) add nothing;
 * - the 24 hours roll over midnight: each request carries its listener's hash under today's and
 *   yesterday's daily secret, so a window opened yesterday is found again today.
 */
import { parseRanges } from '../../byte-range';
import type { Agent } from './user-agent';

/** 128 kbit/s for a minute: the minute of audio when the file's size or duration is unknown. */
export const DEFAULT_BYTES_PER_MINUTE = 960_000;
export const WINDOW_MS = 24 * 60 * 60 * 1000;

export interface LogLine {
  id: number;
  occurred_at: Date;
  source: 'hosted' | 'prefix';
  podcast_id: number;
  audio_key: string;
  method: string;
  status: number;
  range: string | null;
  bytes: number | null;
  total_bytes: number | null;
  listener_hash: string;
  listener_prev_hash: string;
  household_hash: string;
  user_agent: string;
  country: string | null;
}

export interface EpisodeAudio {
  id: number;
  /** Size of the audio file in bytes, when the feed or the file says. */
  length: number | null;
  /** Duration in seconds, when known. */
  duration: number | null;
}

export interface Window {
  id: number | null;
  podcast_id: number;
  episode_id: number | null;
  target: string;
  listener_hash: string;
  household_hash: string;
  started_at: Date;
  bytes: number;
  threshold: number;
  counted_at: Date | null;
  day: string | null;
  source: string;
  app: string;
  device: string;
  os: string;
  country: string;
  /** Changed since it was loaded (to be written back). */
  dirty?: boolean;
  /** Counted by this batch as the listener's first download of the show that day (a new listener of the day). */
  first_of_day?: boolean;
}

/** The `bytes=0-1` probe (players check the file before playing it): never a download, never bytes. */
export function isProbe(header: string | null): boolean {
  const ranges = parseRanges(header);
  return ranges?.length === 1 && 'start' in ranges[0]! && ranges[0].start === 0 && ranges[0].end === 1;
}

/** Bytes a request asks for: its ranges within `total` (Infinity for "to the end" of a file of unknown size). */
export function requestedBytes(header: string | null, total: number | null): number {
  const ranges = parseRanges(header);
  if (!ranges) return total ?? Number.POSITIVE_INFINITY;
  let sum = 0;
  for (const r of ranges) {
    if ('suffix' in r) sum += total === null ? r.suffix : Math.min(r.suffix, total);
    else if (r.end === null) sum += total === null ? Number.POSITIVE_INFINITY : Math.max(0, total - r.start);
    else sum += (total === null ? r.end : Math.min(r.end, total - 1)) - r.start + 1;
  }
  return Math.max(0, sum);
}

/** The bytes that make a minute of audio: size ÷ duration × 60, capped by the size (a short file counts whole). */
export function thresholdBytes(total: number | null, durationSeconds: number | null): number {
  const perMinute = total && durationSeconds && durationSeconds > 0 ? Math.ceil((total * 60) / durationSeconds) : DEFAULT_BYTES_PER_MINUTE;
  return total ? Math.max(1, Math.min(total, perMinute)) : perMinute;
}

/** Why a log line cannot count (null when it may). */
export function exclusion(line: LogLine, agent: Agent): string | null {
  if (line.method !== 'GET') return 'not a GET';
  // Hosted audio is answered with its bytes (200, 206) or sent on to the CDN (302); the prefix always redirects.
  if (line.source === 'hosted' ? ![200, 206, 302].includes(line.status) : line.status !== 302) return 'no audio answered';
  if (agent.bot) return 'bot';
  if (isProbe(line.range)) return 'probe';
  return null;
}

/** The bytes a qualifying line contributes: what was sent (hosted), else what it asked for. */
export function lineBytes(line: LogLine, total: number | null): number {
  if (line.bytes !== null && line.source === 'hosted') return line.bytes;
  return requestedBytes(line.range, total);
}

/** The counting target of a line: its episode, or its audio key when the show's feed does not name that audio. */
export const targetOf = (line: LogLine, episode: EpisodeAudio | null) => (episode ? `e:${episode.id}` : `u:${line.audio_key}`);

/** The open windows of a batch, by target and listener hash. */
export class WindowIndex {
  private readonly byKey = new Map<string, Window>();
  /** Listener, show and day of every download known to the batch. */
  private readonly listenerDays = new Set<string>();
  /** Windows opened by this batch (to insert) and read from the database (to update when changed). */
  readonly created: Window[] = [];
  readonly loaded: Window[] = [];

  /** Adds a window loaded from the database (the latest one per key wins). */
  load(w: Window): void {
    this.loaded.push(w);
    // Only a download of the show's own enclosure makes a listener of the show that day.
    if (w.counted_at && w.episode_id !== null) this.listenerDays.add(`${w.listener_hash}|${w.podcast_id}|${w.day}`);
    const key = `${w.target}|${w.listener_hash}`;
    const current = this.byKey.get(key);
    if (!current || current.started_at < w.started_at) this.byKey.set(key, w);
  }

  /** The window this line belongs to, if one opened less than 24 hours before it (under today's or yesterday's hash). */
  find(target: string, line: LogLine): Window | null {
    let best: Window | null = null;
    for (const hash of [line.listener_hash, line.listener_prev_hash]) {
      const w = this.byKey.get(`${target}|${hash}`);
      if (w && line.occurred_at.getTime() - w.started_at.getTime() < WINDOW_MS && (!best || w.started_at > best.started_at)) best = w;
    }
    return best;
  }

  /** Records a download; true when it is the listener's first of the show that day. */
  counted(listenerHash: string, w: Window): boolean {
    const key = `${listenerHash}|${w.podcast_id}|${w.day}`;
    if (this.listenerDays.has(key)) return false;
    this.listenerDays.add(key);
    return true;
  }

  /** Opens a new window. */
  open(w: Window): Window {
    this.byKey.set(`${w.target}|${w.listener_hash}`, w);
    this.created.push(w);
    return w;
  }
}

/**
 * Applies one line: opens or extends its listener's window; answers the window when this line made it
 * qualify (a download when its target is an episode; a window of an address the show's feed does not
 * name, `episode` null, qualifies but is not a download of the show until its feed names it).
 */
export function applyLine(index: WindowIndex, line: LogLine, agent: Agent, episode: EpisodeAudio | null): Window | null {
  if (exclusion(line, agent)) return null;
  const total = episode?.length ?? line.total_bytes;
  const target = targetOf(line, episode);
  const window =
    index.find(target, line) ??
    index.open({
      id: null,
      podcast_id: line.podcast_id,
      episode_id: episode?.id ?? null,
      target,
      listener_hash: line.listener_hash,
      household_hash: line.household_hash,
      started_at: line.occurred_at,
      bytes: 0,
      threshold: thresholdBytes(total, episode?.duration ?? null),
      counted_at: null,
      day: null,
      source: line.source,
      app: agent.app,
      device: agent.device,
      os: agent.os,
      country: line.country ?? '',
    });
  if (window.counted_at) return null;
  window.bytes = Math.min(Number.MAX_SAFE_INTEGER, window.bytes + lineBytes(line, total));
  window.dirty = true;
  if (window.bytes < window.threshold) return null;
  window.counted_at = line.occurred_at;
  window.day = line.occurred_at.toISOString().slice(0, 10);
  window.first_of_day = window.episode_id !== null && index.counted(line.listener_hash, window);
  return window;
}
