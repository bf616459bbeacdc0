/**
 * What an enclosure is, read from its bytes (issue 36, 6a): ffmpeg (the binary the files domain ships)
 * opens the file as ffprobe would, and its container and streams name the type, so an MP3 the old host
 * named .m4a is stored as .mp3 and served as audio/mpeg. Null when ffmpeg does not recognise the file
 * (the URL's extension or the feed's declared type is then all there is).
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { ffmpegPath, removeQuietly, scratchPath } from '../files';

export interface ProbedType {
  mime: string;
  /** The extension a stored copy gets ('.mp3'), so it is served with that type. */
  ext: string;
}

/** What ffmpeg prints of a file it opens without an output (it exits 1 for the missing output: that is expected). */
function ffmpegReport(path: string): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(ffmpegPath(), ['-hide_banner', '-nostdin', '-i', path], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 20_000) stderr += chunk.toString();
    });
    child.on('error', () => {
      clearTimeout(timer);
      resolve('');
    });
    child.on('close', () => {
      clearTimeout(timer);
      resolve(stderr);
    });
  });
}

/** The type ffmpeg's report names: the input's container, and for MP4 whether a real video stream is in it. */
export function typeFromReport(report: string): ProbedType | null {
  const format = /^Input #0, ([^ ]+?), from /m.exec(report)?.[1];
  if (!format) return null;
  const streams = [...report.matchAll(/^\s*Stream #0:\d+[^:]*: (Audio|Video): ([^\n]*)$/gm)];
  const audio = streams.find((s) => s[1] === 'Audio');
  // Cover art inside an MP3 or M4A is a video stream too, marked (attached pic).
  const video = streams.some((s) => s[1] === 'Video' && !s[2]!.includes('(attached pic)'));
  const names = format.split(',');
  if (names.includes('mp4') || names.includes('mov')) {
    if (video) return { mime: 'video/mp4', ext: '.mp4' };
    return audio ? { mime: 'audio/x-m4a', ext: '.m4a' } : null;
  }
  if (!audio) return null;
  if (names.includes('mp3')) return { mime: 'audio/mpeg', ext: '.mp3' };
  if (names.includes('ogg')) return /^opus\b/.test(audio[2]!) ? { mime: 'audio/opus', ext: '.opus' } : { mime: 'audio/ogg', ext: '.ogg' };
  if (names.includes('wav')) return { mime: 'audio/wav', ext: '.wav' };
  if (names.includes('aac')) return { mime: 'audio/aac', ext: '.aac' };
  if (names.includes('flac')) return { mime: 'audio/flac', ext: '.flac' };
  return null;
}

/** The type of a media file from its bytes, or null when ffmpeg does not recognise it as audio or video. */
export async function probeMediaType(bytes: Buffer): Promise<ProbedType | null> {
  // MP4 keeps its index (moov) at either end: ffmpeg needs the file, not a pipe, to find it.
  const path = await scratchPath('probe');
  try {
    await writeFile(path, bytes);
    return typeFromReport(await ffmpegReport(path));
  } finally {
    await removeQuietly(path);
  }
}
