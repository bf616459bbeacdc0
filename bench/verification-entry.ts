// The body of the on-air verification benchmark (bundled and run by bench/verification.mjs): times the
// listener's work on a generated 60-minute episode (decode with ffmpeg, fingerprint, search for a 30 s
// ad), and measures detection on generated sets, each episode re-encoded at 32-128 kbps, mixed at
// 0.4-1.6 volume, a third of them under a music bed 10-18 dB below the voice:
//   complete  the whole ad at a random place: must pass, starting within 3 frames of the truth;
//   partial   3-15 s of the ad (its start, middle or end): must not pass, and be reported as a part
//             starting within a second of where it starts, with its length within a second;
//   sped-up   the whole ad played 0.95-1.05 times as fast (pitch with it): must pass, start right;
//   doubled   the ad aired twice: must pass with two airings, each starting right.
// False matches: in every episode, a different ad read by the same voice, both ways, must hear nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-bench-verify-'));
Object.assign(process.env, { DATA_DIR: dataDir, APP_ENV: 'test', HOST: '127.0.0.1', PORT: '4398', APP_URL: 'http://127.0.0.1:4398' });
const { decodeFile, encodeMp3 } = await import('../src/lib/server/delivery/decode-audio');
const { FRAME_MS, findPeaks, hashPeaks, indexEpisode, indexHashes } = await import('../src/lib/server/delivery/fingerprint');
const { adReference, detectAd } = await import('../src/lib/server/delivery/detect-ad');
const { concat, GUEST_VOICE, HOST_VOICE, mix, musicBed, overlay, random, resample, speech, SYNTH_RATE, wav } = await import(
  '../src/lib/server/delivery/synthetic-speech'
);

const SET = Number(process.env.BENCH_VERIFY_EPISODES ?? 10);
let clip = 0;

async function roundTrip(samples: Float32Array, kbps: number): Promise<Int16Array> {
  const path = join(dataDir, `clip-${++clip}.mp3`);
  await encodeMp3(wav(samples), kbps, path);
  return decodeFile(path);
}

type Kind = 'complete' | 'partial' | 'sped-up' | 'doubled';

export async function runVerificationBench() {
  const ad = speech(HOST_VOICE, 30, 4242);
  const other = speech(HOST_VOICE, 30, 4343);
  const adRef = adReference(await roundTrip(ad, 128));
  const otherRef = adReference(await roundTrip(other, 128));

  // A 60-minute episode: a host and a guest talking, the ad 41 minutes in.
  const parts: Float32Array[] = [];
  for (let m = 0; m < 41; m++) parts.push(speech(m % 3 ? HOST_VOICE : GUEST_VOICE, 60, 100 + m));
  parts.push(mix(ad, 0.8, 0.004));
  for (let m = 41; m < 60; m++) parts.push(speech(m % 3 ? HOST_VOICE : GUEST_VOICE, m === 59 ? 30 : 60, 100 + m));
  const long = join(dataDir, 'hour.mp3');
  await encodeMp3(wav(concat(parts)), 64, long);
  const t0 = performance.now();
  const pcm = await decodeFile(long);
  const t1 = performance.now();
  const peaks = findPeaks(pcm);
  const index = indexHashes(hashPeaks(peaks), peaks.frames);
  const t2 = performance.now();
  const hour = detectAd(adRef, index);
  const t3 = performance.now();
  const hourFalse = detectAd(otherRef, index).airings.length;

  const rand = random(99);
  const sets: Record<Kind, { passed: number; total: number }> = {
    complete: { passed: 0, total: 0 },
    partial: { passed: 0, total: 0 },
    'sped-up': { passed: 0, total: 0 },
    doubled: { passed: 0, total: 0 },
  };
  let falseMatches = hourFalse;
  let episodes = 1;
  for (const kind of Object.keys(sets) as Kind[]) {
    for (let i = 0; i < SET; i++) {
      const before = 10 + rand() * 170;
      const kbps = [32, 48, 64, 96, 128][i % 5]!;
      const gain = 0.4 + rand() * 1.2;
      const bedDb = i % 3 === 0 ? 10 + rand() * 8 : 0;
      const speed = kind === 'sped-up' ? 0.95 + rand() * 0.1 : 1;
      const length = 3 + rand() * 12;
      const from = kind === 'partial' ? [0, (30 - length) / 2, 30 - length][i % 3]! : 0;
      const play = (a: Float32Array) => {
        const part = kind === 'partial' ? a.subarray(Math.round(from * SYNTH_RATE), Math.round((from + length) * SYNTH_RATE)) : a;
        const sped = resample(mix(part, gain, 0.005, i), speed);
        return bedDb ? overlay(sped, mix(musicBed(sped.length / SYNTH_RATE + 1, i, bedDb), gain)) : sped;
      };
      const episode = (a: Float32Array) =>
        kind === 'doubled'
          ? [speech(HOST_VOICE, before, 500 + i), play(a), speech(GUEST_VOICE, 60 + rand() * 120, 600 + i), play(a), speech(HOST_VOICE, 20, 700 + i)]
          : [speech(HOST_VOICE, before, 500 + i), play(a), speech(GUEST_VOICE, 20 + rand() * 60, 600 + i)];
      const withAd = indexEpisode(await roundTrip(concat(episode(ad)), kbps));
      const withOther = indexEpisode(await roundTrip(concat(episode(other)), kbps));
      episodes += 2;
      const heard = detectAd(adRef, withAd);
      const startsRight = (ms: number, at: number, slack: number) => Math.abs(ms - at * 1000) <= slack;
      let ok = false;
      if (kind === 'complete' || kind === 'sped-up') ok = heard.found && heard.airings.length === 1 && startsRight(heard.best!.startMs, before, 3 * FRAME_MS);
      if (kind === 'doubled')
        ok =
          heard.found && heard.airings.length === 2 && heard.airings.every((a) => a.complete) && startsRight(heard.airings[0]!.startMs, before, 3 * FRAME_MS);
      if (kind === 'partial')
        ok =
          !heard.found &&
          heard.airings.length === 1 &&
          startsRight(heard.best!.startMs, before, 1000) &&
          Math.abs(heard.best!.matchedMs - length * 1000) <= 1000;
      sets[kind].total++;
      if (ok) sets[kind].passed++;
      falseMatches += detectAd(adRef, withOther).airings.length + detectAd(otherRef, withAd).airings.length;
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
  return {
    decode: (t1 - t0) / 1000,
    fingerprint: (t2 - t1) / 1000,
    match: (t3 - t2) / 1000,
    total: (t3 - t0) / 1000,
    hourFound: hour.found && hour.airings.length === 1,
    hourOffset: hour.best?.startMs ?? 0,
    sets,
    falseMatches,
    episodes,
  };
}
