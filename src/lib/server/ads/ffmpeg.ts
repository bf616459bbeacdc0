/**
 * The ffmpeg work of automated ads (the binary of @ffmpeg-installer, as files/process-audio uses): silences
 * of an episode (silencedetect), a spot's length and loudness (volumedetect), loudness normalisation
 * (loudnorm to the podcast level of -16 LUFS) and encoding a spot or an episode to an MP3 profile.
 */
import { spawn } from 'node:child_process';
import { ffmpegPath } from '../files';
import type { Mp3Profile } from './mp3-frames';

/** Runs ffmpeg and answers its stderr (where the filters report); rejects on a non-zero exit. */
export function runFfmpeg(args: string[], timeoutMs = 10 * 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), ['-hide_banner', '-nostdin', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    let partial = '';
    child.stderr.on('data', (chunk: Buffer) => {
      // ebur128 logs every 100 ms of audio: those lines are dropped so an hour's silences are all kept.
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) if (!line.includes('TARGET:')) stderr += `${line}\n`;
      if (stderr.length > 4_000_000) stderr = stderr.slice(-2_000_000);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      stderr += partial;
      if (code === 0) resolve(stderr);
      else reject(new Error(`ffmpeg failed (exit ${code}): ${stderr.trim().split('\n').slice(-2).join(' ').slice(0, 400)}`));
    });
  });
}

export interface Silence {
  startMs: number;
  endMs: number;
}

/** Parses silencedetect's report. */
export function parseSilences(stderr: string): Silence[] {
  const out: Silence[] = [];
  let start: number | null = null;
  for (const line of stderr.split('\n')) {
    const s = /silence_start: (-?[\d.]+)/.exec(line);
    if (s) start = Math.max(0, Number(s[1]));
    const e = /silence_end: ([\d.]+)/.exec(line);
    if (e && start !== null) {
      out.push({ startMs: Math.round(start * 1000), endMs: Math.round(Number(e[1]) * 1000) });
      start = null;
    }
  }
  return out;
}

/** Parses ebur128's summary: the integrated loudness in LUFS (null when absent or silent). */
export function parseLoudness(stderr: string): number | null {
  const all = [...stderr.matchAll(/I:\s+(-?[\d.]+|-inf) LUFS/g)];
  const v = all.at(-1)?.[1];
  if (v === undefined || v === '-inf' || v === '-70.0') return null;
  return Number(v);
}

/** One decode of an episode: its silences (under -35 dB for half a second or more) and its integrated loudness. */
export async function analyseEpisode(path: string): Promise<{ silences: Silence[]; loudness: number | null }> {
  const stderr = await runFfmpeg(['-i', path, '-vn', '-af', 'silencedetect=noise=-35dB:d=0.5,ebur128', '-f', 'null', '-']);
  return { silences: parseSilences(stderr), loudness: parseLoudness(stderr) };
}

/** Parses "Duration: 00:01:02.50" (or the last "time=" of a decode) into ms. */
export function parseDurationMs(stderr: string): number | null {
  const times = [...stderr.matchAll(/time=(\d+):(\d+):([\d.]+)/g)];
  const m = times.at(-1) ?? /Duration: (\d+):(\d+):([\d.]+)/.exec(stderr);
  if (!m) return null;
  return Math.round((Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3])) * 1000);
}

export interface SpotAnalysis {
  durationMs: number;
  /** Loudest sample, dBFS (-Infinity for digital silence). */
  maxVolumeDb: number;
  meanVolumeDb: number;
}

/** Decodes a spot whole: its real length and how loud it is. */
export async function analyseSpot(path: string): Promise<SpotAnalysis> {
  const stderr = await runFfmpeg(['-i', path, '-vn', '-af', 'volumedetect', '-f', 'null', '-'], 120_000);
  const durationMs = parseDurationMs(stderr);
  const max = /max_volume: (-?[\d.]+|-inf) dB/.exec(stderr)?.[1];
  const mean = /mean_volume: (-?[\d.]+|-inf) dB/.exec(stderr)?.[1];
  if (durationMs === null || max === undefined) throw new Error('The file has no audio stream.');
  const db = (v: string | undefined) => (v === undefined || v === '-inf' ? Number.NEGATIVE_INFINITY : Number(v));
  return { durationMs, maxVolumeDb: db(max), meanVolumeDb: db(mean) };
}

/** Loudness-normalises a spot to -16 LUFS (true peak -1.5 dB) into a 44.1 kHz stereo WAV master. */
export async function normaliseSpot(input: string, output: string): Promise<void> {
  await runFfmpeg(
    ['-y', '-i', input, '-vn', '-af', 'loudnorm=I=-16:TP=-1.5:LRA=11', '-ar', '44100', '-ac', '2', '-c:a', 'pcm_s16le', '-f', 'wav', output],
    120_000,
  );
}

/**
 * Encodes audio to a plain MP3 of the profile: constant bitrate, no bit reservoir, no Xing frame, no tags
 * (frames only, ready to splice); `gainDb` shifts the loudness first (a limiter keeps the peaks under 0 dB).
 */
export async function encodeToProfile(input: string, output: string, profile: Mp3Profile, timeoutMs?: number, gainDb = 0): Promise<void> {
  await runFfmpeg(
    [
      '-y',
      '-i',
      input,
      '-vn',
      ...(gainDb ? ['-af', `volume=${gainDb.toFixed(1)}dB,alimiter=limit=0.89`] : []),
      '-map_metadata',
      '-1',
      '-ar',
      String(profile.sampleRate),
      '-ac',
      String(profile.channels),
      '-c:a',
      'libmp3lame',
      '-b:a',
      `${profile.bitrateKbps}k`,
      '-reservoir',
      '0',
      '-write_xing',
      '0',
      '-id3v2_version',
      '0',
      '-f',
      'mp3',
      output,
    ],
    timeoutMs,
  );
}
