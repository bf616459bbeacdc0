/**
 * Finding an approved ad in an episode (issue 33, "Proof that cannot be gamed"): every airing of it,
 * where each one starts, and how much of the ad each one holds.
 *
 * 1. The ad's peaks are hashed at every speed from 0.95 to 1.05 in steps of SPEED_STEP (a copy played
 *    up to 5 % faster or slower, pitch and all), and each set of hashes votes for the offsets (episode
 *    frame − ad frame) it implies in the episode's index. The strongest offsets of all speeds, apart by
 *    at least half the ad, are the candidate airings.
 * 2. Each candidate's speed is refined, then the ad is cut into pieces of about half a second, and a
 *    piece is heard when enough of its own hashes sit at the candidate's offset: one straight line
 *    through the episode, so what is heard is heard in order. The share of the ad's audible span that
 *    is heard is the airing's coverage; COMPLETE of it is a complete airing.
 * 3. A complete airing starts where the ad's first sample falls (even when its first seconds drown in a
 *    music bed); a partial one where its first heard piece falls (the last 10 s of an ad start where
 *    they start, not 17 s earlier in the show's talk).
 *
 * Pure: an ad reference and an episode index in, airings out.
 */
import { FRAME_MS, findPeaks, framesIn, hashPeaks, type EpisodeIndex, type Hashes, type Pcm, type Peaks, SAMPLE_RATE } from './fingerprint';

/** The share of the ad's audible span an airing must hold to pass. */
export const COMPLETE = 0.8;
/** The speeds tried: a copy up to 5 % slower or faster (pitch with it). */
export const MIN_SPEED = 0.95;
export const MAX_SPEED = 1.05;
const SPEED_STEP = 0.0025;
/** A piece of the ad, in frames (32 × 32 ms ≈ one second): how finely what is heard is measured. */
const PIECE = 32;
/** A piece holding fewer of the ad's own hashes is a pause: neither heard nor missed. */
const AUDIBLE_HASHES = 8;
/** A piece is heard when at least this many of its hashes, and this share of them, sit on the airing's line. */
const PIECE_MIN_MATCHES = 2;
const PIECE_MIN_SHARE = 0.06;
/** An airing is reported when at least this many pieces (≈2 s) and this many pairs of the ad are heard on its line. */
const MIN_HEARD_PIECES = 2;
const MIN_MATCHES = 12;
/** A candidate offset needs this many votes (over three neighbouring frames) at some speed. */
const CANDIDATE_VOTES = 8;
/** At most this many candidates are measured. */
const MAX_CANDIDATES = 16;
/** A peak this close (in bins) to its bin's edge is also looked for in the neighbouring bin. */
const FUZZ = 0.25;
/** How far (frames) a heard run reaches past its last heard landmark: the pairs it starts (about 0.4 s). */
const LAST_PAIR = 12;
/** A pair sits on an airing's line when its frame in the episode is within this many frames of it. */
const LINE_SLACK = 2;

export interface AdReference {
  peaks: Peaks;
  /** The ad's frames and length. */
  frames: number;
  durationMs: number;
}

export interface Airing {
  /** Where the ad starts in the episode (complete) or where its heard part starts (partial), ms. */
  startMs: number;
  /** How much of the ad is heard, ms (coverage × the ad's length), and that share. */
  matchedMs: number;
  coverage: number;
  /** Hashes of the ad on the airing's line, over the ad's hashes: how closely it matches. */
  score: number;
  /** The speed it was played at (1 = as approved). */
  speed: number;
  /** At least COMPLETE of the ad, in order. */
  complete: boolean;
}

export interface Detection {
  /** A complete airing was found. */
  found: boolean;
  adMs: number;
  /** Every airing heard, in episode order. */
  airings: Airing[];
  /** The complete airing that counts (the first), or the partial one that holds the most of the ad. */
  best: Airing | null;
}

/** The reference of an approved ad, from its PCM at SAMPLE_RATE. */
export function adReference(pcm: Pcm): AdReference {
  return { peaks: findPeaks(pcm), frames: framesIn(pcm.length), durationMs: Math.round((pcm.length / SAMPLE_RATE) * 1000) };
}

interface Candidate {
  speed: number;
  offset: number;
  votes: number;
}

/** Votes of one speed's hashes for every offset; answers the offsets with at least CANDIDATE_VOTES over three frames. */
function candidatesAt(speed: number, hashes: Hashes, index: EpisodeIndex, votes: Int32Array, base: number, out: Candidate[]): void {
  const touched: number[] = [];
  const { start, frames } = index;
  for (let i = 0; i < hashes.length; i++) {
    const h = hashes.hash[i]!;
    const ta = hashes.frame[i]!;
    for (let k = start[h]!, end = start[h + 1]!; k < end; k++) {
      const slot = frames[k]! - ta + base;
      if (votes[slot]!++ === 0) touched.push(slot);
    }
  }
  for (const slot of touched) {
    const v = votes[slot]!;
    const w = v + votes[slot - 1]! + votes[slot + 1]!;
    // Only the centre of a run of votes (the greatest of its neighbours) is a candidate.
    if (w >= CANDIDATE_VOTES && v >= votes[slot - 1]! && v > votes[slot + 1]!) out.push({ speed, offset: slot - base, votes: w });
  }
  for (const slot of touched) votes[slot] = 0;
}

/** Hashes of the ad's line at (speed, offset) ± `slack` frames: per hash, whether one sits there. */
function onLine(hashes: Hashes, index: EpisodeIndex, offset: number, slack: number): Uint8Array {
  const hit = new Uint8Array(hashes.length);
  const { start, frames } = index;
  for (let i = 0; i < hashes.length; i++) {
    const h = hashes.hash[i]!;
    const want = offset + hashes.frame[i]!;
    for (let k = start[h]!, end = start[h + 1]!; k < end; k++) {
      const d = frames[k]! - want;
      if (d >= -slack && d <= slack) {
        hit[i] = 1;
        break;
      }
    }
  }
  return hit;
}

/** The best offset near `offset` for a speed, and its votes (over three frames). */
function bestNear(hashes: Hashes, index: EpisodeIndex, offset: number, reach: number): { offset: number; votes: number } {
  const span = 2 * reach + 3;
  const counts = new Int32Array(span);
  const { start, frames } = index;
  for (let i = 0; i < hashes.length; i++) {
    const h = hashes.hash[i]!;
    const ta = hashes.frame[i]!;
    for (let k = start[h]!, end = start[h + 1]!; k < end; k++) {
      const d = frames[k]! - ta - offset + reach + 1;
      if (d >= 0 && d < span) counts[d]!++;
    }
  }
  let best = { offset, votes: -1 };
  for (let d = 1; d < span - 1; d++) {
    const w = counts[d - 1]! + counts[d]! + counts[d + 1]!;
    if (w > best.votes) best = { offset: offset + d - reach - 1, votes: w };
  }
  return best;
}

/** Measures one candidate: its refined speed and offset, the pieces heard, coverage and start. */
function measure(ad: AdReference, index: EpisodeIndex, c: Candidate, cache: Map<number, Hashes>): (Airing & { offset: number; matches: number }) | null {
  const hashesAt = (speed: number) => {
    const key = Math.round(speed * 1e5);
    let h = cache.get(key);
    if (!h) {
      h = hashPeaks(ad.peaks, speed, FUZZ);
      cache.set(key, h);
    }
    return h;
  };
  // Refine the speed between the grid's steps (a long ad drifts by frames over its length otherwise).
  let best = { speed: c.speed, ...bestNear(hashesAt(c.speed), index, c.offset, 3) };
  for (const d of [-0.001, -0.0005, 0.0005, 0.001]) {
    const speed = c.speed + d;
    const near = bestNear(hashesAt(speed), index, c.offset, 3);
    if (near.votes > best.votes) best = { speed, ...near };
  }
  const hashes = hashesAt(best.speed);
  const hit = onLine(hashes, index, best.offset, LINE_SLACK);
  const pieces = Math.ceil(ad.frames / PIECE) || 1;
  const total = new Int32Array(pieces);
  const matched = new Int32Array(pieces);
  // Counted per pair of peaks (a pair near a bin's edge is asked for under more than one hash).
  const pairHit = new Uint8Array(hashes.pairs);
  const pairFrame = new Int32Array(hashes.pairs);
  for (let i = 0; i < hashes.length; i++) {
    const k = hashes.pair[i]!;
    pairFrame[k] = hashes.frame[i]!;
    if (hit[i]) pairHit[k] = 1;
  }
  let matches = 0;
  for (let k = 0; k < hashes.pairs; k++) {
    // The piece of the ad (in its own frames) the pair's anchor lies in.
    const p = Math.min(pieces - 1, Math.floor((pairFrame[k]! * best.speed) / PIECE));
    total[p]!++;
    if (pairHit[k]) {
      matched[p]!++;
      matches++;
    }
  }
  const audible = (p: number) => total[p]! >= AUDIBLE_HASHES;
  const heard = (p: number) => matched[p]! >= PIECE_MIN_MATCHES && matched[p]! >= PIECE_MIN_SHARE * total[p]!;
  // The ad's audible span, from its first landmark to its last, in its own frames.
  let spanFrom = Number.POSITIVE_INFINITY;
  let spanTo = Number.NEGATIVE_INFINITY;
  // The earliest and latest heard landmark of each heard piece.
  const firstHit = new Float64Array(pieces).fill(Number.POSITIVE_INFINITY);
  const lastHit = new Float64Array(pieces).fill(Number.NEGATIVE_INFINITY);
  for (let k = 0; k < hashes.pairs; k++) {
    const frame = pairFrame[k]! * best.speed;
    spanFrom = Math.min(spanFrom, frame);
    spanTo = Math.max(spanTo, frame);
    if (!pairHit[k]) continue;
    const p = Math.min(pieces - 1, Math.floor(frame / PIECE));
    firstHit[p] = Math.min(firstHit[p]!, frame);
    lastHit[p] = Math.max(lastHit[p]!, frame);
  }
  // Heard pieces count whole, a pause between two heard pieces with them; where a run of heard pieces
  // begins or ends, it counts from its first heard landmark or to its last (and the pair that follows it).
  const isHeard = Array.from({ length: pieces }, (_, p) => heard(p));
  const runs: Array<[number, number]> = [];
  for (let p = 0; p < pieces; p++) {
    if (!isHeard[p]) continue;
    const open = runs.at(-1);
    let bridged = open !== undefined;
    for (let q = (open?.[1] ?? p) + 1; q < p; q++) if (audible(q)) bridged = false;
    if (open && bridged) open[1] = p;
    else runs.push([p, p]);
  }
  let heardPieces = 0;
  let heardFrames = 0;
  for (const [from, to] of runs) {
    heardPieces += isHeard.slice(from, to + 1).filter(Boolean).length;
    // A run's edge pieces hold the ad's cut: their landmarks on the line count even below a piece's threshold.
    const start = Math.max(spanFrom, Math.min(firstHit[from]!, from > 0 ? firstHit[from - 1]! : Number.POSITIVE_INFINITY));
    const end = Math.min(spanTo, Math.max(lastHit[to]!, to + 1 < pieces ? lastHit[to + 1]! : Number.NEGATIVE_INFINITY) + LAST_PAIR);
    heardFrames += Math.max(0, end - start);
  }
  const firstRun = runs[0]?.[0] ?? 0;
  const firstHeardFrame = Math.min(firstHit[firstRun]!, firstRun > 0 ? firstHit[firstRun - 1]! : Number.POSITIVE_INFINITY);
  if (heardPieces < MIN_HEARD_PIECES || matches < MIN_MATCHES || spanTo <= spanFrom) return null;
  const coverage = Math.min(1, heardFrames / (spanTo - spanFrom));
  const complete = coverage >= COMPLETE;
  // A complete airing starts where the ad's first sample falls; a partial one at its first heard landmark.
  const startFrame = complete ? best.offset : best.offset + firstHeardFrame / best.speed;
  return {
    offset: best.offset,
    matches,
    startMs: Math.max(0, Math.round(startFrame * FRAME_MS)),
    matchedMs: Math.min(ad.durationMs, Math.round(coverage * ad.durationMs)),
    coverage,
    score: hashes.pairs ? matches / hashes.pairs : 0,
    speed: Math.round(best.speed * 10_000) / 10_000,
    complete,
  };
}

/** Every airing of an ad in an episode, and whether one of them is complete. */
export function detectAd(ad: AdReference, index: EpisodeIndex): Detection {
  const slowest = Math.ceil(ad.frames / MIN_SPEED) + 2;
  const base = slowest + 1;
  const votes = new Int32Array(index.frameCount + base + 2);
  const candidates: Candidate[] = [];
  const cache = new Map<number, Hashes>();
  const steps = Math.round((MAX_SPEED - MIN_SPEED) / SPEED_STEP);
  for (let s = 0; s <= steps; s++) {
    const speed = Math.round((MIN_SPEED + s * SPEED_STEP) * 10_000) / 10_000;
    const hashes = hashPeaks(ad.peaks, speed, FUZZ);
    cache.set(Math.round(speed * 1e5), hashes);
    candidatesAt(speed, hashes, index, votes, base, candidates);
  }
  candidates.sort((a, b) => b.votes - a.votes);
  // Strongest first; one candidate per stretch of half the ad.
  const apart = Math.max(PIECE, Math.floor(ad.frames / 2));
  const chosen: Candidate[] = [];
  for (const c of candidates) {
    if (chosen.length >= MAX_CANDIDATES) break;
    if (chosen.every((k) => Math.abs(k.offset - c.offset) >= apart)) chosen.push(c);
  }
  const measured = chosen.map((c) => measure(ad, index, c, cache)).filter((a): a is NonNullable<typeof a> => a !== null);
  // Two candidates of one airing (its halves voting apart) keep the one that heard more.
  measured.sort((a, b) => b.coverage - a.coverage || b.matches - a.matches);
  const airings: typeof measured = [];
  for (const m of measured) if (airings.every((k) => Math.abs(k.offset - m.offset) >= apart)) airings.push(m);
  airings.sort((a, b) => a.startMs - b.startMs);
  const result = airings.map(({ offset: _o, matches: _m, ...a }) => a);
  const firstComplete = result.find((a) => a.complete) ?? null;
  const most = result.reduce<Airing | null>((m, a) => (!m || a.coverage > m.coverage ? a : m), null);
  return { found: firstComplete !== null, adMs: ad.durationMs, airings: result, best: firstComplete ?? most };
}
