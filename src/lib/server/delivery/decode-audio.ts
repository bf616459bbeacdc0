/**
 * Decoding for the matcher: any audio ffmpeg reads (mp3, m4a, wav, …) becomes mono 16-bit PCM at the
 * fingerprint's sample rate. The bytes come from THE storage (an uploaded ad, a hosted episode) or
 * from the guarded fetcher (an episode on another host); either way ffmpeg reads a local scratch copy,
 * as an m4a's index may sit at the end of the file.
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { ffmpegPath, removeQuietly, scratchPath, withLocalCopy } from '../files';
import { guardedFetch } from '../fetch';
import { SAMPLE_RATE } from './fingerprint';

/** Largest episode the listener downloads (a three-hour show at 256 kbps fits). */
export const MAX_EPISODE_BYTES = 400 * 1024 * 1024;

/** Decodes a local audio file to mono s16le PCM at SAMPLE_RATE; rejects when ffmpeg cannot read it. */
export function decodeFile(path: string): Promise<Int16Array> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpegPath(),
      ['-hide_banner', '-nostdin', '-v', 'error', '-i', path, '-vn', '-ac', '1', '-ar', String(SAMPLE_RATE), '-f', 's16le', '-acodec', 'pcm_s16le', 'pipe:1'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0 || size < 2) {
        reject(new Error(`ffmpeg could not decode the audio (exit ${code}): ${stderr.trim().split('\n').pop() ?? ''}`));
        return;
      }
      const all = Buffer.concat(chunks, size);
      // Copy into an aligned buffer of whole samples.
      const pcm = new Int16Array(Math.floor(size / 2));
      new Uint8Array(pcm.buffer).set(all.subarray(0, pcm.length * 2));
      resolve(pcm);
    });
  });
}

/** Decodes an object of THE storage. */
export async function decodeStored(key: string): Promise<Int16Array> {
  return withLocalCopy(key, decodeFile);
}

/** Audio that could not be had: its address answered an error. The message says so in a sentence. */
export class AudioUnavailable extends Error {}

/** Fetches audio through the guarded fetcher and decodes it. */
export async function decodeUrl(url: string): Promise<Int16Array> {
  const res = await guardedFetch(url, { subject: 'episode audio', timeoutMs: 120_000, maxBytes: MAX_EPISODE_BYTES, headers: { accept: 'audio/*, */*;q=0.5' } });
  if (res.status >= 400) throw new AudioUnavailable(`The episode’s audio address answered ${res.status}.`);
  const path = await scratchPath('episode');
  try {
    await writeFile(path, res.body);
    return await decodeFile(path);
  } finally {
    await removeQuietly(path);
  }
}

/** Encodes a WAV file's bytes to an MP3 file at `kbps` (for generated audio: tests, bench, demo). */
export async function encodeMp3(wavBytes: Buffer, kbps: number, outPath: string): Promise<void> {
  const input = `${outPath}.wav`;
  await writeFile(input, wavBytes);
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(ffmpegPath(), ['-hide_banner', '-nostdin', '-v', 'error', '-y', '-i', input, '-codec:a', 'libmp3lame', '-b:a', `${kbps}k`, outPath], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => {
        stderr += c.toString();
      });
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg could not encode (exit ${code}): ${stderr.trim()}`))));
    });
  } finally {
    await removeQuietly(input);
  }
}
