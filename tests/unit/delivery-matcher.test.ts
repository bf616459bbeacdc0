/**
 * The on-air matcher (issues 12 and 33) on generated audio: an ad read by the host is found wherever it
 * is placed in an episode, after re-encoding, at another volume, under a music bed and played up to 5 %
 * faster or slower; only a complete airing (80 % of the ad, in order) passes, every airing is reported
 * with where the ad starts, a part of the ad is reported as what it is, and a different ad read by the
 * same voice is never heard.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeFile, encodeMp3 } from '../../src/lib/server/delivery/decode-audio';
import { adReference, COMPLETE, detectAd, type AdReference } from '../../src/lib/server/delivery/detect-ad';
import { FRAME_MS, findPeaks, formatOffset, indexEpisode } from '../../src/lib/server/delivery/fingerprint';
import {
  concat,
  GUEST_VOICE,
  HOST_VOICE,
  mix,
  musicBed,
  overlay,
  random,
  resample,
  silence,
  speech,
  SYNTH_RATE,
  wav,
} from '../../src/lib/server/delivery/synthetic-speech';

const dir = mkdtempSync(join(tmpdir(), 'cuepoint-matcher-'));
let n = 0;

/** Encodes float samples to MP3 at a bitrate and decodes them back as the listener would. */
async function roundTrip(samples: Float32Array, kbps: number): Promise<Int16Array> {
  const path = join(dir, `clip-${++n}.mp3`);
  await encodeMp3(wav(samples), kbps, path);
  return decodeFile(path);
}

const seconds = (s: number) => Math.round(s * SYNTH_RATE);
const cut = (a: Float32Array, from: number, to: number) => a.subarray(seconds(from), seconds(to));
const AD = speech(HOST_VOICE, 27, 101);
const OTHER_AD = speech(HOST_VOICE, 27, 202);
let adRef: AdReference;
let otherRef: AdReference;

/** Where an episode made of `parts` (re-encoded at `kbps`) hears the ad and the other ad. */
async function listen(parts: Float32Array[], kbps = 64) {
  const index = indexEpisode(await roundTrip(concat(parts), kbps));
  return { ad: detectAd(adRef, index), other: detectAd(otherRef, index) };
}

beforeAll(async () => {
  adRef = adReference(await roundTrip(AD, 128));
  otherRef = adReference(await roundTrip(OTHER_AD, 128));
}, 60_000);

describe('[DELIVERY] landmark fingerprints', () => {
  it('picks peaks from speech and none from silence, at their frequency to a fraction of a bin', () => {
    expect(findPeaks(new Int16Array(SYNTH_RATE * 2)).length).toBe(0);
    const peaks = findPeaks(Float32Array.from({ length: 8000 * 5 }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 1000 * i) / 8000)));
    // A steady tone is one peak per frame at its frequency (1000 Hz = bin 128 of 1024 at 8 kHz).
    expect(peaks.length).toBeGreaterThan(0);
    for (const f of peaks.f) expect(Math.abs(f - 128)).toBeLessThan(0.05);
    expect(adRef.peaks.length).toBeGreaterThan(300);
    expect(adRef.durationMs).toBe(27_000);
  });

  it('formats where the ad starts as m:ss', () => {
    expect(formatOffset(0)).toBe('0:00');
    expect(formatOffset(69_984)).toBe('1:10');
    expect(formatOffset(754_000)).toBe('12:34');
    expect(formatOffset(3_723_000)).toBe('1:02:03');
  });
});

describe('[DELIVERY] complete airings', () => {
  it('finds the ad anywhere in an episode, re-encoded, at another volume; never a different ad by the same voice', async () => {
    const rand = random(7);
    const cases = [
      { kbps: 64, gain: 1, noise: 0 },
      { kbps: 48, gain: 0.4, noise: 0.01 },
      { kbps: 96, gain: 1.6, noise: 0.003 },
      { kbps: 32, gain: 0.8, noise: 0.02 },
    ];
    for (const [i, c] of cases.entries()) {
      const host = speech(HOST_VOICE, 5 + rand() * 100, 10 + i);
      const heard = await listen([host, mix(AD, c.gain, c.noise, i + 1), speech(GUEST_VOICE, 30, 20 + i)], c.kbps);
      expect(heard.ad.found, `case ${i}: ${JSON.stringify(heard.ad)}`).toBe(true);
      expect(heard.ad.airings).toHaveLength(1);
      // The start is exact to a frame or two (plus the MP3 encoder's delay), and the whole ad is heard.
      expect(Math.abs(heard.ad.best!.startMs - (host.length / SYNTH_RATE) * 1000), `case ${i}`).toBeLessThan(3 * FRAME_MS);
      expect(heard.ad.best!.coverage).toBeGreaterThanOrEqual(COMPLETE);
      expect(heard.other.airings, `case ${i} other ad`).toEqual([]);
    }
  }, 120_000);

  it('an ad played at 95 % or 103 % speed, or under a music bed, passes and starts where it starts', async () => {
    for (const [speed, bed] of [
      [0.95, false],
      [1.03, false],
      [1.03, true],
      [0.97, true],
    ] as const) {
      const played = resample(mix(AD, 0.8), speed);
      const heard = await listen([speech(HOST_VOICE, 41, 3), bed ? overlay(played, musicBed(30, 4, 12)) : played, speech(GUEST_VOICE, 20, 4)]);
      const label = `${speed}${bed ? ' with a bed' : ''}: ${JSON.stringify(heard.ad.best)}`;
      expect(heard.ad.found, label).toBe(true);
      expect(Math.abs(heard.ad.best!.startMs - 41_000), label).toBeLessThan(3 * FRAME_MS);
      expect(Math.abs(heard.ad.best!.speed - speed), label).toBeLessThan(0.003);
      expect(heard.other.airings, label).toEqual([]);
    }
  }, 120_000);

  it('an ad aired twice is two airings, each with its time', async () => {
    const heard = await listen([speech(HOST_VOICE, 30, 5), AD, speech(GUEST_VOICE, 200, 6), mix(AD, 0.6), speech(HOST_VOICE, 20, 7)]);
    expect(heard.ad.found).toBe(true);
    expect(heard.ad.airings.map((a) => a.complete)).toEqual([true, true]);
    expect(Math.abs(heard.ad.airings[0]!.startMs - 30_000)).toBeLessThan(3 * FRAME_MS);
    expect(Math.abs(heard.ad.airings[1]!.startMs - 257_000)).toBeLessThan(3 * FRAME_MS);
  }, 60_000);
});

describe('[DELIVERY] less than a complete airing is not a pass', () => {
  it('3 s of a 27 s ad: heard, not passed, reported as 3 s at where they start', async () => {
    const heard = await listen([speech(HOST_VOICE, 16, 8), cut(AD, 10, 13), speech(GUEST_VOICE, 40, 9)]);
    expect(heard.ad.found).toBe(false);
    expect(heard.ad.airings).toHaveLength(1);
    const [part] = heard.ad.airings;
    expect(part!.complete).toBe(false);
    expect(Math.round(part!.matchedMs / 1000)).toBe(3);
    expect(formatOffset(part!.startMs)).toBe('0:16');
  }, 60_000);

  it('the last 10 s only: not a pass; the start reported is where they start, not 0:00', async () => {
    const heard = await listen([speech(HOST_VOICE, 8, 10), cut(AD, 17, 27), speech(GUEST_VOICE, 40, 11)]);
    expect(heard.ad.found).toBe(false);
    const part = heard.ad.best!;
    expect(part.complete).toBe(false);
    expect(Math.abs(part.startMs - 8_000)).toBeLessThan(600);
    expect(Math.round(part.matchedMs / 1000)).toBeGreaterThanOrEqual(9);
    expect(Math.round(part.matchedMs / 1000)).toBeLessThanOrEqual(10);
  }, 60_000);

  it('the first 20 s of 27 (74 %) are not a complete airing', async () => {
    const heard = await listen([speech(HOST_VOICE, 30, 12), cut(AD, 0, 20), speech(GUEST_VOICE, 40, 13)]);
    expect(heard.ad.found).toBe(false);
    expect(heard.ad.best!.coverage).toBeLessThan(COMPLETE);
    expect(Math.abs(heard.ad.best!.startMs - 30_000)).toBeLessThan(600);
  }, 60_000);

  it('an episode with the other ad, or none, hears nothing', async () => {
    const withOther = await listen([speech(HOST_VOICE, 40, 31), mix(OTHER_AD, 0.7), silence(2), speech(HOST_VOICE, 40, 32)]);
    expect(withOther.ad.airings).toEqual([]);
    expect(withOther.other.found).toBe(true);
    const talkOnly = await listen([speech(HOST_VOICE, 90, 33)]);
    expect(talkOnly.ad.airings).toEqual([]);
    expect(talkOnly.other.airings).toEqual([]);
  }, 60_000);
});
