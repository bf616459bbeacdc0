// The body of the on-air verification benchmark (bundled and run by bench/verification.mjs): times the
// listener's work on a generated 60-minute episode (decode with ffmpeg, fingerprint, search for a 30 s
// ad), and measures the detection rate on a generated set: episodes with the ad at random places,
// re-encoded at 32-128 kbps and mixed at 0.4-1.6 volume, and as many with a different ad by the same voice.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-bench-verify-'));
Object.assign(process.env, { DATA_DIR: dataDir, APP_ENV: 'test', HOST: '127.0.0.1', PORT: '4398', APP_URL: 'http://127.0.0.1:4398' });
const { decodeFile, encodeMp3 } = await import('../src/lib/server/delivery/decode-audio');
const { fingerprint, matchFingerprints, FRAME_MS } = await import('../src/lib/server/delivery/fingerprint');
const { concat, GUEST_VOICE, HOST_VOICE, mix, random, speech, SYNTH_RATE, wav } = await import('../src/lib/server/delivery/synthetic-speech');

const SET = Number(process.env.BENCH_VERIFY_EPISODES ?? 12);

export async function runVerificationBench() {
  const ad = speech(HOST_VOICE, 30, 4242);
  const other = speech(HOST_VOICE, 30, 4343);
  await encodeMp3(wav(ad), 128, join(dataDir, 'ad.mp3'));
  await encodeMp3(wav(other), 128, join(dataDir, 'other.mp3'));
  const adPrint = fingerprint(await decodeFile(join(dataDir, 'ad.mp3')));
  const otherPrint = fingerprint(await decodeFile(join(dataDir, 'other.mp3')));

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
  const print = fingerprint(pcm);
  const t2 = performance.now();
  const hour = matchFingerprints(adPrint, print);
  const t3 = performance.now();

  const rand = random(99);
  let found = 0;
  let exact = 0;
  let falseMatches = 0;
  for (let i = 0; i < SET; i++) {
    const before = speech(HOST_VOICE, 10 + rand() * 170, 500 + i);
    const after = speech(GUEST_VOICE, 20 + rand() * 60, 600 + i);
    const kbps = [32, 48, 64, 96, 128][i % 5]!;
    const gain = 0.4 + rand() * 1.2;
    const withAd = join(dataDir, `with-${i}.mp3`);
    const withOther = join(dataDir, `other-${i}.mp3`);
    await encodeMp3(wav(concat([before, mix(ad, gain, 0.005, i), after])), kbps, withAd);
    await encodeMp3(wav(concat([before, mix(other, gain, 0.005, i), after])), kbps, withOther);
    const m = matchFingerprints(adPrint, fingerprint(await decodeFile(withAd)));
    if (m.found) found++;
    if (m.found && Math.abs(m.offsetMs - (before.length / SYNTH_RATE) * 1000) <= 3 * FRAME_MS) exact++;
    if (matchFingerprints(adPrint, fingerprint(await decodeFile(withOther))).found) falseMatches++;
    if (matchFingerprints(otherPrint, fingerprint(await decodeFile(withAd))).found) falseMatches++;
  }
  rmSync(dataDir, { recursive: true, force: true });
  return {
    decode: (t1 - t0) / 1000,
    fingerprint: (t2 - t1) / 1000,
    match: (t3 - t2) / 1000,
    total: (t3 - t0) / 1000,
    hourFound: hour.found,
    hourOffset: hour.offsetMs,
    set: SET,
    found,
    exact,
    falseMatches,
  };
}
