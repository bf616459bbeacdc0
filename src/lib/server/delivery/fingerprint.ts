/**
 * Landmark audio fingerprinting (the method of Shazam, Wang 2003, and of Adblock Radio's
 * stream-audio-fingerprint): the spectrogram's strongest local peaks are paired (anchor, target), each
 * pair hashed as (f1, f2 − f1, t2 − t1), and an ad is found in an episode where many hashes agree on
 * one time offset (detect-ad.ts). Pairs of peaks survive re-encoding and volume changes (a gain shifts
 * every log-magnitude equally, so the local maxima stay where they are), and one offset collecting votes
 * is what a different ad read by the same voice never produces: its peaks share frequencies, not timing.
 *
 * Peaks keep their frequency to a fraction of a bin (parabolic interpolation), so the ad's peaks can be
 * moved to where they fall when the ad is played a few per cent faster or slower (speed and pitch
 * together, as a resampled copy) and hashed again without decoding anything twice.
 *
 * Pure: PCM in, peaks and hashes out. Decoding lives in decode-audio.ts.
 */
import FFT from 'fft.js';

/** Sample rate the audio is decoded to: speech and music peaks below 4 kHz are what we pair. */
export const SAMPLE_RATE = 8000;
/** Analysis window (128 ms) and hop (32 ms): the hop is the precision of the ad's start. */
export const WINDOW = 1024;
export const HOP = 256;
/** Frequency band the peaks are taken from (bins of WINDOW at SAMPLE_RATE: 7.8 Hz each). */
export const MIN_BIN = Math.round((250 * WINDOW) / SAMPLE_RATE);
export const MAX_BIN = Math.round((3600 * WINDOW) / SAMPLE_RATE);
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
export const MAX_DT = 48;
const MAX_DF = 127;
const FAN_OUT = 6;

/** ms per frame of the fingerprint. */
export const FRAME_MS = (HOP / SAMPLE_RATE) * 1000;

/** Spectral peaks, in time order: frame index and frequency in (fractional) FFT bins. */
export interface Peaks {
  t: Int32Array;
  f: Float32Array;
  length: number;
  /** Frames analysed. */
  frames: number;
}

/** Pair hashes with the frame of their anchor, in anchor order. */
export interface Hashes {
  hash: Uint32Array;
  frame: Int32Array;
  /** The pair each hash is of (a pair near a bin's edge is hashed more than once), and the number of pairs. */
  pair: Int32Array;
  pairs: number;
  length: number;
}

/** Number of distinct hash values: (f1 − MIN_BIN, f2 − f1 + 128, dt) packed. */
export const HASH_SPACE = (MAX_BIN - MIN_BIN + 2) * 256 * 64;

const hashOf = (f1: number, f2: number, dt: number) => ((f1 - MIN_BIN) * 256 + (f2 - f1 + 128)) * 64 + dt;

function hann(n: number): Float64Array {
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) w[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (n - 1));
  return w;
}

/** PCM samples, as 16-bit integers or floats in −1…1. */
export type Pcm = Int16Array | Float32Array;

/** Frames of WINDOW samples, HOP apart, in `samples` samples. */
export const framesIn = (samples: number) => (samples >= WINDOW ? Math.floor((samples - WINDOW) / HOP) + 1 : 0);

/** A growable pair of typed arrays. */
class PeakList {
  t = new Int32Array(1024);
  f = new Float32Array(1024);
  length = 0;
  push(t: number, f: number) {
    if (this.length === this.t.length) {
      const t2 = new Int32Array(this.t.length * 2);
      t2.set(this.t);
      this.t = t2;
      const f2 = new Float32Array(this.f.length * 2);
      f2.set(this.f);
      this.f = f2;
    }
    this.t[this.length] = t;
    this.f[this.length++] = f;
  }
}

/**
 * The spectral peaks of mono PCM at SAMPLE_RATE: local maxima of the log spectrogram over a
 * time-frequency neighbourhood, strongest PEAKS_PER_FRAME per frame, each at its interpolated
 * frequency. Streams frame by frame with a ring of 2·TIME_NEIGHBOURS+1 spectra, so an hour of audio
 * never holds its whole spectrogram.
 */
export function findPeaks(pcm: Pcm): Peaks {
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
  const frames = framesIn(pcm.length);
  const peaks = new PeakList();
  const candBin = new Int32Array(bins);
  const candVal = new Float32Array(bins);
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
    let n = 0;
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
      if (isMax) {
        // Insert in descending order of strength, keeping the strongest PEAKS_PER_FRAME.
        let i = Math.min(n, PEAKS_PER_FRAME - 1);
        if (n >= PEAKS_PER_FRAME && v <= candVal[i]!) continue;
        while (i > 0 && candVal[i - 1]! < v) {
          candVal[i] = candVal[i - 1]!;
          candBin[i] = candBin[i - 1]!;
          i--;
        }
        candVal[i] = v;
        candBin[i] = b;
        if (n < PEAKS_PER_FRAME) n++;
      }
    }
    for (let i = 0; i < n; i++) {
      const b = candBin[i]!;
      // Parabolic interpolation of the log spectrum around the peak: its frequency to a fraction of a bin.
      const a = spec[b - 1]!;
      const m = spec[b]!;
      const z = spec[b + 1]!;
      const den = a - 2 * m + z;
      const delta = den < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (a - z)) / den)) : 0;
      peaks.push(c, b + MIN_BIN + delta);
    }
  }
  return { t: peaks.t.subarray(0, peaks.length), f: peaks.f.subarray(0, peaks.length), length: peaks.length, frames };
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

/**
 * Pairs each peak with the next peaks in its target zone and hashes the pairs. `speed` hashes the peaks
 * where they fall in a copy played that many times as fast (frames divided by it, frequencies
 * multiplied): the ad's hashes at another speed, without a second decode.
 */
export function hashPeaks(peaks: Peaks, speed = 1, fuzz = 0): Hashes {
  const n = peaks.length;
  const t = new Int32Array(n);
  const f = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    t[i] = Math.round(peaks.t[i]! / speed);
    f[i] = Math.floor(peaks.f[i]! * speed);
  }
  let hash = new Uint32Array(n * FAN_OUT + 4);
  let frame = new Int32Array(n * FAN_OUT + 4);
  let pair = new Int32Array(n * FAN_OUT + 4);
  let count = 0;
  let pairs = 0;
  for (let i = 0; i < n; i++) {
    const f1 = f[i]!;
    if (f1 < MIN_BIN || f1 > MAX_BIN) continue;
    let paired = 0;
    for (let j = i + 1; j < n && paired < FAN_OUT; j++) {
      const dt = t[j]! - t[i]!;
      if (dt <= 0) continue;
      if (dt > MAX_DT) break;
      const f2 = f[j]!;
      if (f2 < MIN_BIN || f2 > MAX_BIN || Math.abs(f2 - f1) > MAX_DF) continue;
      if (count + 4 > hash.length) {
        const h2 = new Uint32Array(hash.length * 2);
        h2.set(hash);
        hash = h2;
        const fr2 = new Int32Array(frame.length * 2);
        fr2.set(frame);
        frame = fr2;
        const p2 = new Int32Array(pair.length * 2);
        p2.set(pair);
        pair = p2;
      }
      hash[count] = hashOf(f1, f2, dt);
      pair[count] = pairs;
      frame[count++] = t[i]!;
      if (fuzz > 0) {
        // Near a bin's edge, the episode's peak may fall in the neighbouring bin: ask for it too.
        const r1 = peaks.f[i]! * speed - f1;
        const r2 = peaks.f[j]! * speed - f2;
        const n1 = r1 < fuzz ? f1 - 1 : r1 > 1 - fuzz ? f1 + 1 : f1;
        const n2 = r2 < fuzz ? f2 - 1 : r2 > 1 - fuzz ? f2 + 1 : f2;
        const ok = (a: number, b: number) => a >= MIN_BIN && a <= MAX_BIN && b >= MIN_BIN && b <= MAX_BIN && Math.abs(b - a) <= MAX_DF;
        if (n1 !== f1 && ok(n1, f2)) {
          hash[count] = hashOf(n1, f2, dt);
          pair[count] = pairs;
          frame[count++] = t[i]!;
        }
        if (n2 !== f2 && ok(f1, n2)) {
          hash[count] = hashOf(f1, n2, dt);
          pair[count] = pairs;
          frame[count++] = t[i]!;
        }
        if (n1 !== f1 && n2 !== f2 && ok(n1, n2)) {
          hash[count] = hashOf(n1, n2, dt);
          pair[count] = pairs;
          frame[count++] = t[i]!;
        }
      }
      pairs++;
      paired++;
    }
  }
  return { hash: hash.subarray(0, count), frame: frame.subarray(0, count), pair: pair.subarray(0, count), pairs, length: count };
}

/** An episode's hashes indexed by value (compressed rows: the anchor frames of hash h are frames[start[h] … start[h + 1])). */
export interface EpisodeIndex {
  start: Uint32Array;
  frames: Int32Array;
  /** Frames analysed. */
  frameCount: number;
  count: number;
}

/** Indexes hashes by value: two passes over them, no per-hash allocation (an hour of audio is a few million hashes). */
export function indexHashes(hashes: Hashes, frameCount: number): EpisodeIndex {
  const start = new Uint32Array(HASH_SPACE + 1);
  for (let i = 0; i < hashes.length; i++) start[hashes.hash[i]! + 1]!++;
  for (let h = 0; h < HASH_SPACE; h++) start[h + 1]! += start[h]!;
  const fill = start.slice(0, HASH_SPACE);
  const frames = new Int32Array(hashes.length);
  for (let i = 0; i < hashes.length; i++) frames[fill[hashes.hash[i]!]!++] = hashes.frame[i]!;
  return { start, frames, frameCount, count: hashes.length };
}

/** The index of an episode's PCM at SAMPLE_RATE. */
export function indexEpisode(pcm: Pcm): EpisodeIndex {
  const peaks = findPeaks(pcm);
  return indexHashes(hashPeaks(peaks), peaks.frames);
}

export { formatOffset } from '../../format/offset';
