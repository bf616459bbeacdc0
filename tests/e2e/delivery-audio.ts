// Generated audio for the delivery spec: an ad read by the host, and an episode that carries it
// (re-encoded at another bitrate and volume) at a known place. Pure synthesis plus ffmpeg, no product code.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { concat, GUEST_VOICE, HOST_VOICE, mix, speech, wav } from '../../src/lib/server/delivery/synthetic-speech';

const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;

function mp3(samples: Float32Array, kbps: number, path: string): void {
  writeFileSync(`${path}.wav`, wav(samples));
  const r = spawnSync(ffmpeg, ['-v', 'error', '-y', '-i', `${path}.wav`, '-codec:a', 'libmp3lame', '-b:a', `${kbps}k`, path]);
  if (r.status !== 0) throw new Error(`ffmpeg: ${r.stderr}`);
}

/** Writes ad.mp3 and aired-episode.mp3 (the ad at `adAtSeconds`) into a new folder; answers it. */
export function deliveryAudio(adAtSeconds: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'cuepoint-e2e-delivery-'));
  const ad = speech(HOST_VOICE, 20, 8080);
  mp3(ad, 128, join(dir, 'ad.mp3'));
  mp3(concat([speech(HOST_VOICE, adAtSeconds, 1), mix(ad, 0.7, 0.004), speech(GUEST_VOICE, 40, 2)]), 64, join(dir, 'aired-episode.mp3'));
  return dir;
}
