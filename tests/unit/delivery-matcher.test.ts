/**
 * The on-air matcher (issue 12) on generated audio: an ad read by the host is found wherever it is
 * placed in an episode, after re-encoding at another bitrate and at another volume, and a different ad
 * read by the same voice is never reported as found.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeFile, encodeMp3 } from '../../src/lib/server/delivery/decode-audio';
import { FRAME_MS, fingerprint, findPeaks, formatOffset, matchFingerprints, MIN_VOTES, type Fingerprint } from '../../src/lib/server/delivery/fingerprint';
import { concat, GUEST_VOICE, HOST_VOICE, mix, random, silence, speech, SYNTH_RATE, wav } from '../../src/lib/server/delivery/synthetic-speech';

const dir = mkdtempSync(join(tmpdir(), 'cuepoint-matcher-'));
let n = 0;

/** Encodes float samples to MP3 at a bitrate and decodes them back as the listener would. */
async function roundTrip(samples: Float32Array, kbps: number): Promise<Int16Array> {
  const path = join(dir, `clip-${++n}.mp3`);
  await encodeMp3(wav(samples), kbps, path);
  return decodeFile(path);
}

const AD = speech(HOST_VOICE, 25, 101);
const OTHER_AD = speech(HOST_VOICE, 25, 202);
let adPrint: Fingerprint;
let otherPrint: Fingerprint;

beforeAll(async () => {
  adPrint = fingerprint(await roundTrip(AD, 128));
  otherPrint = fingerprint(await roundTrip(OTHER_AD, 128));
}, 60_000);

describe('[DELIVERY] landmark fingerprints', () => {
  it('picks peaks from speech and none from silence', () => {
    expect(findPeaks(new Int16Array(SYNTH_RATE * 2))).toEqual([]);
    const peaks = findPeaks(Float32Array.from({ length: 8000 * 5 }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 1000 * i) / 8000)));
    // A steady tone is one peak per frame at its bin (1000 Hz = bin 128 of 1024 at 8 kHz).
    expect(new Set(peaks.map((p) => p.f))).toEqual(new Set([128]));
    expect(adPrint.count).toBeGreaterThan(500);
  });

  it('formats where the ad starts as m:ss', () => {
    expect(formatOffset(0)).toBe('0:00');
    expect(formatOffset(69_984)).toBe('1:10');
    expect(formatOffset(754_000)).toBe('12:34');
    expect(formatOffset(3_723_000)).toBe('1:02:03');
  });

  it('finds the ad anywhere in an episode, re-encoded, at another volume; never a different ad by the same voice', async () => {
    const rand = random(7);
    const cases = [
      { kbps: 64, gain: 1, noise: 0 },
      { kbps: 48, gain: 0.4, noise: 0.01 },
      { kbps: 96, gain: 1.6, noise: 0.003 },
      { kbps: 32, gain: 0.8, noise: 0.02 },
    ];
    for (const [i, c] of cases.entries()) {
      const before = 5 + rand() * 100;
      const host = speech(HOST_VOICE, before, 10 + i);
      const after = speech(GUEST_VOICE, 30, 20 + i);
      const episode = await roundTrip(concat([host, mix(AD, c.gain, c.noise, i + 1), after]), c.kbps);
      const print = fingerprint(episode);
      const found = matchFingerprints(adPrint, print);
      expect(found.found, `case ${i}: ${JSON.stringify(found)}`).toBe(true);
      // The start is exact to a frame or two (plus the MP3 encoder's delay).
      expect(Math.abs(found.offsetMs - (host.length / SYNTH_RATE) * 1000), `case ${i}`).toBeLessThan(3 * FRAME_MS);
      const other = matchFingerprints(otherPrint, print);
      expect(other.found, `case ${i} other ad: ${JSON.stringify(other)}`).toBe(false);
      expect(other.votes).toBeLessThan(MIN_VOTES);
    }
  }, 120_000);

  it('an episode with the other ad, or none, is never a match', async () => {
    const withOther = await roundTrip(concat([speech(HOST_VOICE, 40, 31), mix(OTHER_AD, 0.7), silence(2), speech(HOST_VOICE, 40, 32)]), 64);
    expect(matchFingerprints(adPrint, fingerprint(withOther)).found).toBe(false);
    const talkOnly = await roundTrip(speech(HOST_VOICE, 90, 33), 64);
    expect(matchFingerprints(adPrint, fingerprint(talkOnly)).found).toBe(false);
  }, 60_000);
});
