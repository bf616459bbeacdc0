/**
 * Landmark audio fingerprinting (the method of Shazam, Wang 2003, and of Adblock Radio's
 * stream-audio-fingerprint): the spectrogram's strongest local peaks are paired (anchor, target), each
 * pair hashed as (f1, f2 − f1, t2 − t1), and an ad is found in an episode when many hashes agree on
 * one time offset. Pairs of peaks survive re-encoding and volume changes (a gain shifts every
 * log-magnitude equally, so the local maxima stay where they are), and one offset collecting votes is
 * what a different ad read by the same voice never produces: its peaks share frequencies, not timing.
 *
 * Pure: PCM in, prints and a verdict out. Decoding lives in decode-audio.ts.
 */
import FFT from 'fft.js';

/** Sample rate the audio is decoded to: speech and music peaks below 4 kHz are what we pair. */
export const SAMPLE_RATE = 8000;
/** Analysis window (128 ms) and hop (32 ms): the hop is the precision of the ad's start. */
export const WINDOW = 1024;
export const HOP = 256;
/** Frequency band the peaks are taken from (bins of WINDOW at SAMPLE_RATE: 7.8 Hz each). */
const MIN_BIN = Math.round((250 * WINDOW) / SAMPLE_RATE);
const MAX_BIN = Math.round((3600 * WINDOW) / SAMPLE_RATE);
/** A peak is the maximum of its neighbourhood: ±FREQ_NEIGHBOURS bins and ±TIME_NEIGHBOURS frames. */
const FREQ_NEIGHBOURS = 12;
const TIME_NEIGHBOURS = 6;
/** At most this many peaks per frame (the strongest), so dense music does not flood the index. */
const PEAKS_PER_FRAME = 4;
/** Frames quieter than this (log of the mean bin power; about −60 dBFS of hiss) hold no peaks: silence and dither are not landmarks. */
const SILENCE_LOG_POWER = -9;
/** A peak stands this far (natural log of power) above its frame's mean. */
const PEAK_OVER_MEAN = 1.5;
/** Target zone of an anchor: the next frames up to MAX_DT, within ±MAX_DF bins, at most FAN_OUT pairs. */
const MAX_DT = 48;
const MAX_DF = 127;
const FAN_OUT = 6;

/** ms per frame of the fingerprint. */
export const FRAME_MS = (HOP / SAMPLE_RATE) * 1000;

export interface Peak {
  /** Frame index. */
  t: number;
  /** FFT bin. */
  f: number;
}

export interface Fingerprint {
  /** Hash of a pair → the anchor frames it occurs at. */
  hashes: Map<number, number[]>;
  /** Number of pair hashes. */
  count: number;
  /** Frames analysed. */
  frames: number;
}

export interface MatchResult {
  found: boolean;
  /** Where the ad starts in the episode, in ms (the best offset, also when not found). */
  offsetMs: number;
  /** Hashes agreeing on that offset. */
  votes: number;
  /** votes / the ad's hashes. */
  ratio: number;
}

/** A match needs at least this many agreeing hashes and this share of the ad's hashes. */
export const MIN_VOTES = 25;
export const MIN_RATIO = 0.06;

const hashOf = (f1: number, f2: number, dt: number) => f1 * 65536 + (f2 - f1 + 128) * 256 + dt;

function hann(n: number): Float64Array {
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) w[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (n - 1));
  return w;
}

/** PCM samples, as 16-bit integers or floats in −1…1. */
export type Pcm = Int16Array | Float32Array;

/**
 * The spectral peaks of mono PCM at SAMPLE_RATE: local maxima of the log spectrogram over a
 * time-frequency neighbourhood, strongest PEAKS_PER_FRAME per frame. Streams frame by frame with a
 * ring of 2·TIME_NEIGHBOURS+1 spectra, so an hour of audio never holds its whole spectrogram.
 */
export function findPeaks(pcm: Pcm): Peak[] {
  const scale = pcm instanceof Int16Array ? 1 / 32768 : 1;
  const fft = new FFT(WINDOW);
  const window = hann(WINDOW);
  const input = new Float64Array(WINDOW);
  const out = new Float64Array(WINDOW * 2);
  const bins = MAX_BIN - MIN_BIN + 1;
  const span = 2 * TIME_NEIGHBOURS + 1;
  const ring: Float32Array[] = Array.from({ length: span }, () => new Float32Array(bins));
  // Each row's maximum over ±FREQ_NEIGHBOURS bins (so a peak's neighbourhood test is one read per frame).
  const rowMax: Float32Array[] = Array.from({ length: span }, () => new Float32Array(bins));
  const prefix = new Float32Array(bins);
  const suffix = new Float32Array(bins);
  const loud: boolean[] = new Array(span).fill(false);
  const means = new Float32Array(span);
  const frames = pcm.length >= WINDOW ? Math.floor((pcm.length - WINDOW) / HOP) + 1 : 0;
  const peaks: Peak[] = [];
  const candidates: Array<{ f: number; v: number }> = [];
  for (let t = 0; t < frames + TIME_NEIGHBOURS; t++) {
    const slot = t % span;
    if (t < frames) {
      const start = t * HOP;
      for (let i = 0; i < WINDOW; i++) input[i] = pcm[start + i]! * scale * window[i]!;
      fft.realTransform(out, input);
      const spec = ring[slot]!;
      let sum = 0;
      let power = 0;
      for (let b = 0; b < bins; b++) {
        const re = out[2 * (b + MIN_BIN)]!;
        const im = out[2 * (b + MIN_BIN) + 1]!;
        const p = re * re + im * im;
        const v = Math.log(p + 1e-12);
        spec[b] = v;
        sum += v;
        power += p;
      }
      means[slot] = sum / bins;
      loud[slot] = Math.log(power / bins + 1e-12) > SILENCE_LOG_POWER;
      slidingMax(spec, rowMax[slot]!, prefix, suffix);
    } else {
      ring[slot]!.fill(-Infinity);
      rowMax[slot]!.fill(-Infinity);
      loud[slot] = false;
    }
    // The centre frame of the ring now has all its neighbours.
    const c = t - TIME_NEIGHBOURS;
    if (c < 0) continue;
    const cs = c % span;
    if (!loud[cs]) continue;
    const spec = ring[cs]!;
    const floor = means[cs]! + PEAK_OVER_MEAN;
    candidates.length = 0;
    const centreMax = rowMax[cs]!;
    for (let b = 1; b < bins - 1; b++) {
      const v = spec[b]!;
      if (v < floor || v < centreMax[b]!) continue;
      let isMax = true;
      for (let k = 0; k < span; k++) {
        if (rowMax[k]![b]! > v) {
          isMax = false;
          break;
        }
      }
      if (isMax) candidates.push({ f: b + MIN_BIN, v });
    }
    candidates.sort((a, b) => b.v - a.v);
    for (let i = 0; i < Math.min(PEAKS_PER_FRAME, candidates.length); i++) peaks.push({ t: c, f: candidates[i]!.f });
  }
  return peaks;
}

/**
 * out[i] = max(row[i − FREQ_NEIGHBOURS … i + FREQ_NEIGHBOURS]) in O(n) (van Herk / Gil-Werman: block
 * prefix and suffix maxima, blocks as wide as the window).
 */
function slidingMax(row: Float32Array, out: Float32Array, prefix: Float32Array, suffix: Float32Array): void {
  const n = row.length;
  const w = 2 * FREQ_NEIGHBOURS + 1;
  for (let i = 0; i < n; i++) prefix[i] = i % w === 0 ? row[i]! : Math.max(prefix[i - 1]!, row[i]!);
  for (let i = n - 1; i >= 0; i--) suffix[i] = i === n - 1 || (i + 1) % w === 0 ? row[i]! : Math.max(suffix[i + 1]!, row[i]!);
  for (let i = 0; i < n; i++) {
    const lo = Math.max(0, i - FREQ_NEIGHBOURS);
    const hi = Math.min(n - 1, i + FREQ_NEIGHBOURS);
    out[i] = Math.max(suffix[lo]!, prefix[hi]!);
  }
}

/** Pairs each peak with the next peaks in its target zone and indexes the pair hashes by anchor frame. */
export function fingerprintPeaks(peaks: Peak[], frames: number): Fingerprint {
  const hashes = new Map<number, number[]>();
  let count = 0;
  for (let i = 0; i < peaks.length; i++) {
    const a = peaks[i]!;
    let paired = 0;
    for (let j = i + 1; j < peaks.length && paired < FAN_OUT; j++) {
      const b = peaks[j]!;
      const dt = b.t - a.t;
      if (dt <= 0) continue;
      if (dt > MAX_DT) break;
      if (Math.abs(b.f - a.f) > MAX_DF) continue;
      const h = hashOf(a.f, b.f, dt);
      const list = hashes.get(h);
      if (list) list.push(a.t);
      else hashes.set(h, [a.t]);
      count++;
      paired++;
    }
  }
  return { hashes, count, frames };
}

/** The fingerprint of mono PCM at SAMPLE_RATE. */
export function fingerprint(pcm: Pcm): Fingerprint {
  const frames = pcm.length >= WINDOW ? Math.floor((pcm.length - WINDOW) / HOP) + 1 : 0;
  return fingerprintPeaks(findPeaks(pcm), frames);
}

/**
 * Searches an episode's fingerprint for an ad's: every shared hash votes for the offset (episode frame −
 * ad frame) it implies; the offset with the most votes (counting its two neighbours, as re-encoding can
 * move a peak by a frame) is where the ad starts, and it is a match when enough of the ad agrees.
 */
export function matchFingerprints(ad: Fingerprint, episode: Fingerprint): MatchResult {
  const votes = new Map<number, number>();
  // Iterate the smaller side's hashes.
  for (const [h, adFrames] of ad.hashes) {
    const epFrames = episode.hashes.get(h);
    if (!epFrames) continue;
    for (const te of epFrames) for (const ta of adFrames) votes.set(te - ta, (votes.get(te - ta) ?? 0) + 1);
  }
  let best = 0;
  let bestVotes = 0;
  for (const [o, n] of votes) {
    const around = n + (votes.get(o - 1) ?? 0) + (votes.get(o + 1) ?? 0);
    if (around > bestVotes || (around === bestVotes && o < best)) {
      best = o;
      bestVotes = around;
    }
  }
  const ratio = ad.count ? bestVotes / ad.count : 0;
  return {
    found: bestVotes >= MIN_VOTES && ratio >= MIN_RATIO,
    offsetMs: Math.max(0, Math.round(best * FRAME_MS)),
    votes: bestVotes,
    ratio,
  };
}

/** `m:ss` (or `h:mm:ss`) of a position in ms, to the nearest second. */
export function formatOffset(ms: number): string {
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
