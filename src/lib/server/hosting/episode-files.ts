/**
 * Transcript and chapters files attached to a hosted episode in the editor. They are small text files
 * (the files domain takes media and documents, not these), so the editor sends their text and the
 * server checks the format before storing: a transcript is WebVTT, SRT, Podcasting 2.0 JSON, HTML or
 * plain text; chapters are Podcasting 2.0 JSON chapters.
 */
import { z } from 'zod';
import { fieldError } from '../http';

/** The largest transcript or chapters file accepted. */
export const MAX_TEXT_FILE_BYTES = 1024 * 1024;

export const textFileSchema = z.object({
  filename: z.string().trim().min(1).max(255),
  content: z.string().max(MAX_TEXT_FILE_BYTES, 'The file may not be larger than 1 MB.'),
});
export type TextFile = z.infer<typeof textFileSchema>;

const TRANSCRIPT_TYPES = { vtt: 'text/vtt', srt: 'application/x-subrip', json: 'application/json', html: 'text/html', txt: 'text/plain' } as const;

/** The transcript's type and file extension from its name and content, or a 422 on `transcript`. */
export function transcriptFormat(file: TextFile): { type: string; ext: string } {
  const ext = file.filename.toLowerCase().split('.').pop() ?? '';
  const text = file.content.replace(/^\uFEFF/, '');
  const bad = (why: string) => fieldError('transcript', `${why} Upload a WebVTT (.vtt), SRT (.srt), JSON, HTML or text transcript.`);
  if (ext === 'vtt') {
    if (!/^WEBVTT\b/.test(text)) throw bad('This .vtt file does not start with WEBVTT.');
  } else if (ext === 'srt') {
    if (!/^\s*\d+\s*\r?\n\d{2}:\d{2}:\d{2}[,.]\d{3}\s*-->/.test(text)) throw bad('This .srt file has no subtitle timings.');
  } else if (ext === 'json') {
    const parsed = safeJson(text);
    if (!parsed || !Array.isArray((parsed as { segments?: unknown }).segments))
      throw bad('This JSON file is not a Podcasting 2.0 transcript (it has no segments).');
  } else if (ext !== 'html' && ext !== 'htm' && ext !== 'txt') {
    throw bad('This file type is not a transcript.');
  }
  const key = (ext === 'htm' ? 'html' : ext) as keyof typeof TRANSCRIPT_TYPES;
  return { type: TRANSCRIPT_TYPES[key], ext: `.${key}` };
}

/** Checks a chapters file (Podcasting 2.0 JSON chapters: a version and chapters with a startTime each), or a 422 on `chapters`. */
export function checkChapters(file: TextFile): void {
  const parsed = safeJson(file.content.replace(/^\uFEFF/, '')) as { chapters?: unknown } | null;
  const chapters = parsed?.chapters;
  if (!Array.isArray(chapters) || !chapters.every((c) => c && typeof c === 'object' && typeof (c as { startTime?: unknown }).startTime === 'number')) {
    throw fieldError('chapters', 'Upload a Podcasting 2.0 chapters file: JSON with a chapters list, each chapter with a startTime in seconds.');
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
