/**
 * The proof that an ad aired, as both sides read it (issue 33): the evidence the listener keeps with a
 * job (the episode, where the ad starts, how much of it was heard of its length, the score, when) and
 * the one sentence that says it ("We heard 3 s of your 27 s ad at 0:16"). Shared by the server (thread
 * messages, pages) and the islands.
 */
import { formatOffset } from './format/offset';

export { formatOffset };

export interface AiringPayload {
  start_ms: number;
  /** m:ss */
  start: string;
  matched_ms: number;
  complete: boolean;
  /** Plays the episode from this airing's start. */
  play_url: string | null;
}

export interface EvidencePayload {
  check_id: number;
  /** link: the podcaster linked the episode; feed: Cuepoint found it in the show's feed. */
  source: 'link' | 'feed';
  /** found (a complete airing), not-found (less than that, or nothing), confirmed / disputed (the brand's answer), pending. */
  status: string;
  episode: { id: number | null; title: string | null; published_at: string | null; url: string | null };
  /** Where the ad starts (its best airing). */
  start_ms: number | null;
  start: string | null;
  matched_ms: number | null;
  ad_ms: number | null;
  /** Landmarks of the ad heard on the airing's line, over the ad's (0–1). */
  score: number | null;
  airings: AiringPayload[];
  play_url: string | null;
  checked_at: string | null;
  /** Why the episode could not be listened to, when so. */
  error: string | null;
  /** "We heard 3 s of your 27 s ad at 0:16." */
  heard: string;
}

/** A link that plays audio from a position (a media fragment, which browsers' players honour). */
export function playFrom(url: string, ms: number): string {
  return `${url.split('#')[0]}#t=${Math.round(ms / 1000)}`;
}

/** "27 s", "1 min 05 s". */
export function formatSeconds(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

/** What the listener heard, in one sentence addressed to the ad's brand. */
export function heardSentence(e: Pick<EvidencePayload, 'error' | 'status' | 'matched_ms' | 'ad_ms' | 'start_ms' | 'airings'>): string {
  if (e.status === 'pending') return 'Cuepoint is listening to the episode.';
  if (e.error) return `Cuepoint could not listen to the episode: ${e.error.replace(/\.$/, '')}.`;
  if (!e.matched_ms || e.start_ms === null || !e.ad_ms) return 'We did not hear your ad in the episode.';
  const first = `We heard ${formatSeconds(e.matched_ms)} of your ${formatSeconds(e.ad_ms)} ad at ${formatOffset(e.start_ms)}`;
  if (e.airings.length < 2) return `${first}.`;
  const times = e.airings.map((a) => `${a.start}${a.complete ? '' : ` (${formatSeconds(a.matched_ms)})`}`);
  return `${first}; it aired ${e.airings.length} times, at ${times.slice(0, -1).join(', ')} and ${times.at(-1)}.`;
}
