/**
 * Speech-like audio made from numbers, for the matcher's tests, its bench and the demo's aired ad: a
 * voice (its pitch range and the formants of its vowels) reads "syllables" of harmonics shaped by
 * formant resonances, with consonant noise and pauses. Two scripts read by one voice share every
 * frequency the voice has and differ only in what is said when, which is exactly what tells two ads
 * by the same host apart. Deterministic for a seed.
 */
import { wavFile } from '../file-formats';

export const SYNTH_RATE = 16_000;

export interface Voice {
  /** Centre pitch in Hz. */
  f0: number;
  /** Formant triples (F1, F2, F3) of its vowels. */
  vowels: Array<[number, number, number]>;
}

/** One host's voice. */
export const HOST_VOICE: Voice = {
  f0: 128,
  vowels: [
    [730, 1090, 2440],
    [270, 2290, 3010],
    [530, 1840, 2480],
    [570, 840, 2410],
    [300, 870, 2240],
    [660, 1720, 2410],
  ],
};

/** A second voice (a guest). */
export const GUEST_VOICE: Voice = {
  f0: 205,
  vowels: [
    [850, 1220, 2810],
    [310, 2790, 3310],
    [610, 2330, 2990],
    [590, 920, 2710],
    [370, 950, 2670],
  ],
};

/** A small seeded generator (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `seconds` of speech by `voice`, the script chosen by `seed`: floats in −1…1 at SYNTH_RATE. */
export function speech(voice: Voice, seconds: number, seed: number): Float32Array {
  const rand = random(seed);
  const out = new Float32Array(Math.round(seconds * SYNTH_RATE));
  let pos = 0;
  while (pos < out.length) {
    // A word: 1 to 4 syllables, then a pause.
    const syllables = 1 + Math.floor(rand() * 4);
    for (let s = 0; s < syllables && pos < out.length; s++) {
      if (rand() < 0.45) {
        // A consonant: a short burst of noise.
        const len = Math.round((0.02 + rand() * 0.05) * SYNTH_RATE);
        const amp = 0.05 + rand() * 0.08;
        for (let i = 0; i < len && pos < out.length; i++, pos++) out[pos] = (rand() * 2 - 1) * amp;
      }
      const len = Math.round((0.09 + rand() * 0.18) * SYNTH_RATE);
      const f0 = voice.f0 * (0.8 + rand() * 0.45);
      const [f1, f2, f3] = voice.vowels[Math.floor(rand() * voice.vowels.length)]!;
      const period = Math.max(8, Math.round(SYNTH_RATE / f0));
      const table = new Float32Array(period);
      const actual = SYNTH_RATE / period;
      let peak = 0;
      for (let h = 1; h * actual < 7000; h++) {
        const f = h * actual;
        const gain = [f1, f2, f3].reduce((g, F, k) => g + (k === 0 ? 1 : 0.6 / k) / (1 + ((f - F) / 90) ** 2), 0) / Math.sqrt(h);
        const phase = rand() * Math.PI * 2;
        for (let i = 0; i < period; i++) table[i] = table[i]! + gain * Math.sin((2 * Math.PI * h * i) / period + phase);
      }
      for (let i = 0; i < period; i++) peak = Math.max(peak, Math.abs(table[i]!));
      const loud = (0.25 + rand() * 0.2) / (peak || 1);
      const attack = Math.round(0.015 * SYNTH_RATE);
      for (let i = 0; i < len && pos < out.length; i++, pos++) {
        const env = Math.min(1, i / attack, (len - i) / attack);
        out[pos] = table[i % period]! * loud * env;
      }
    }
    pos += Math.round((0.04 + rand() * 0.3) * SYNTH_RATE);
  }
  return out;
}

/** Silence of `seconds`. */
export const silence = (seconds: number) => new Float32Array(Math.round(seconds * SYNTH_RATE));

/** Joins pieces end to end. */
export function concat(parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A copy at another volume (`gain`), with a little hiss (`noise`, amplitude), clipped to −1…1. */
export function mix(samples: Float32Array, gain: number, noise = 0, seed = 1): Float32Array {
  const rand = random(seed);
  const out = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = Math.max(-1, Math.min(1, samples[i]! * gain + (noise ? (rand() * 2 - 1) * noise : 0)));
  return out;
}

/** A 16-bit mono WAV file of float samples at SYNTH_RATE. */
export function wav(samples: Float32Array, rate = SYNTH_RATE): Buffer {
  return wavFile(samples, rate);
}

/**
 * The same samples played `speed` times as fast, pitch and all (a record at another speed, a file
 * played at the wrong sample rate): read at `speed` samples per sample with cubic interpolation.
 */
export function resample(samples: Float32Array, speed: number): Float32Array {
  const out = new Float32Array(Math.floor(samples.length / speed));
  const at = (i: number) => samples[Math.min(samples.length - 1, Math.max(0, i))]!;
  for (let i = 0; i < out.length; i++) {
    const x = i * speed;
    const k = Math.floor(x);
    const t = x - k;
    const p0 = at(k - 1);
    const p1 = at(k);
    const p2 = at(k + 1);
    const p3 = at(k + 2);
    // Catmull-Rom.
    out[i] = p1 + 0.5 * t * (p2 - p0 + t * (2 * p0 - 5 * p1 + 4 * p2 - p3 + t * (3 * (p1 - p2) + p3 - p0)));
  }
  return out;
}

/** The RMS level of speech() (either voice, at gain 1): what a music bed's level is relative to. */
export const SPEECH_RMS = 0.12;

/**
 * `seconds` of a music bed (the kind mixed under a read ad): sustained chords of a few harmonics, a
 * bass note per beat and a soft hi-hat, `dbUnder` decibels (RMS) under speech at gain 1. Deterministic
 * for a seed.
 */
export function musicBed(seconds: number, seed: number, dbUnder = 12): Float32Array {
  const rand = random(seed);
  const out = new Float32Array(Math.round(seconds * SYNTH_RATE));
  const beat = Math.round((0.45 + rand() * 0.2) * SYNTH_RATE);
  const roots = [220, 246.94, 261.63, 293.66, 329.63, 349.23, 392];
  let chord: number[] = [];
  for (let start = 0; start < out.length; start += beat) {
    if ((start / beat) % 4 === 0) {
      const root = roots[Math.floor(rand() * roots.length)]!;
      chord = [root, root * 1.26, root * 1.5, root * 2];
    }
    const bass = chord[0]! / 2;
    for (let i = 0; i < beat && start + i < out.length; i++) {
      const t = (start + i) / SYNTH_RATE;
      let v = 0;
      for (const f of chord) v += (Math.sin(2 * Math.PI * f * t) + 0.4 * Math.sin(4 * Math.PI * f * t)) / chord.length;
      const decay = Math.exp(-i / (0.25 * SYNTH_RATE));
      v += 0.8 * Math.sin(2 * Math.PI * bass * t) * decay;
      if (i < 0.03 * SYNTH_RATE) v += (rand() * 2 - 1) * 0.3 * (1 - i / (0.03 * SYNTH_RATE));
      out[start + i] = v;
    }
  }
  let sum = 0;
  for (const v of out) sum += v * v;
  const gain = (SPEECH_RMS * 10 ** (-dbUnder / 20)) / (Math.sqrt(sum / (out.length || 1)) || 1);
  for (let i = 0; i < out.length; i++) out[i] = out[i]! * gain;
  return out;
}

/** Adds `bed` under `samples` (from the start, as long as both last), clipped to −1…1. */
export function overlay(samples: Float32Array, bed: Float32Array): Float32Array {
  const out = Float32Array.from(samples);
  for (let i = 0; i < Math.min(out.length, bed.length); i++) out[i] = Math.max(-1, Math.min(1, out[i]! + bed[i]!));
  return out;
}
