/**
 * The uploader's rules (core §4, §5, §8, §9), shared by the browser uploader and the server:
 * which files are allowed, how a file is cut into chunks, and what an error says.
 */
import {
  UPLOAD_ALLOWED_TYPES_DISPLAY,
  UPLOAD_CHUNK_RETRIES,
  UPLOAD_COMPLETION_POLL_MS,
  UPLOAD_CHUNK_SIZE_BYTES,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILE_MB,
} from '../constants';

/** An upload item's state: added → uploading → success or error (core §4). */
export type UploadItemState = 'added' | 'uploading' | 'success' | 'error';

/** The mime types each displayed extension stands for. */
export const UPLOAD_TYPE_MIMES: Record<string, readonly string[]> = {
  pdf: ['application/pdf'],
  mp3: ['audio/mpeg', 'audio/mp3'],
  mp4: ['video/mp4', 'audio/mp4'],
  m4a: ['audio/mp4', 'audio/x-m4a', 'audio/m4a'],
  wav: ['audio/wav', 'audio/x-wav', 'audio/vnd.wave', 'audio/wave'],
  png: ['image/png'],
  jpeg: ['image/jpeg'],
  jpg: ['image/jpeg'],
  gif: ['image/gif'],
  webp: ['image/webp'],
  tiff: ['image/tiff'],
  svg: ['image/svg+xml'],
  bmp: ['image/bmp', 'image/x-ms-bmp'],
  ogg: ['audio/ogg'],
  opus: ['audio/opus', 'audio/ogg'],
  aac: ['audio/aac'],
};

/** Extensions that are spellings of the same type (a .jpg is a jpeg). */
const ALIASES: Record<string, string> = { jpg: 'jpeg', jpe: 'jpeg', tif: 'tiff', m4v: 'mp4' };

/** 'Only supported file types allowed: pdf, mp3, mp4, png, jpeg' (core §8, the fallback). */
export function unsupportedTypeMessage(allowed: readonly string[] = UPLOAD_ALLOWED_TYPES_DISPLAY): string {
  return `Only supported file types allowed: ${allowed.join(', ')}`;
}

/** The size message, in the words of Laravel's max rule (500 MB = 512000 kilobytes). */
export function fileTooLargeMessage(maxBytes: number = UPLOAD_MAX_FILE_BYTES): string {
  return maxBytes === UPLOAD_MAX_FILE_BYTES
    ? `The file must not be greater than ${UPLOAD_MAX_FILE_MB} MB.`
    : `The file must not be greater than ${Math.floor(maxBytes / 1024)} kilobytes.`;
}

/** A size in whole MB (or KB under 1 MB) for the hints: "500 MB", "10 MB", "512 KB". */
function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The uploader's hint under its drop zone: the types, the size limit and how many files, in plain
 * English: "png, jpeg · one file, up to 10 MB" or "pdf, mp3 · up to 10 files, 500 MB each".
 */
export function uploadHint(allowed: readonly string[], maxFileBytes: number, maxFiles: number): string {
  const size = sizeText(maxFileBytes);
  const limits = maxFiles <= 1 ? `one file, up to ${size}` : `up to ${maxFiles} files, ${size} each`;
  return `${allowed.join(', ')} · ${limits}`;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  return ALIASES[ext] ?? ext;
}

/** True when a file (by its extension, or its mime when it has none we know) is one of the allowed types. */
export function isAllowedUpload(file: { name: string; type?: string | null }, allowed: readonly string[] = UPLOAD_ALLOWED_TYPES_DISPLAY): boolean {
  const list = allowed.map((a) => ALIASES[a.toLowerCase()] ?? a.toLowerCase());
  const ext = extensionOf(file.name);
  if (ext && list.includes(ext)) return true;
  const mime = (file.type ?? '').toLowerCase();
  if (!mime) return false;
  // A name without a known extension (a pasted blob) is judged by its mime.
  if (ext && UPLOAD_TYPE_MIMES[ext]) return false;
  return list.some((a) => (UPLOAD_TYPE_MIMES[a] ?? []).includes(mime));
}

export interface ChunkRange {
  /** First byte of the chunk. */
  start: number;
  /** One past the last byte of the chunk. */
  end: number;
}

/**
 * The chunks of a file: every upload is chunked (forced chunking), in pieces of 100 MB; an empty file
 * is one empty chunk.
 */
export function chunkRanges(size: number, chunkSize: number = UPLOAD_CHUNK_SIZE_BYTES): ChunkRange[] {
  if (size <= 0) return [{ start: 0, end: 0 }];
  const ranges: ChunkRange[] = [];
  for (let start = 0; start < size; start += chunkSize) ranges.push({ start, end: Math.min(size, start + chunkSize) });
  return ranges;
}

/** The Content-Range header of a chunk: 'bytes 0-104857599/125829120' ('bytes *\/0' for an empty file). */
export function contentRange(range: ChunkRange, total: number): string {
  if (total === 0) return 'bytes */0';
  return `bytes ${range.start}-${range.end - 1}/${total}`;
}

/** Parses a chunk's Content-Range header into an end-exclusive range and the total; null when malformed. */
export function parseContentRange(header: string | null | undefined): (ChunkRange & { total: number }) | null {
  if (!header) return null;
  const empty = /^bytes \*\/0$/.exec(header.trim());
  if (empty) return { start: 0, end: 0, total: 0 };
  const m = /^bytes (\d{1,15})-(\d{1,15})\/(\d{1,15})$/.exec(header.trim());
  if (!m) return null;
  const start = Number(m[1]);
  const last = Number(m[2]);
  const total = Number(m[3]);
  if (last < start || last >= total) return null;
  return { start, end: last + 1, total };
}

/** True when an upload failed for want of a session: a 401, or a message saying 'Unauthenticated' (core §8). */
export function isUnauthenticatedUpload(status: number | null | undefined, message: string | null | undefined): boolean {
  return status === 401 || /unauthenticated/i.test(message ?? '');
}

/** The red message of a failed item: the server's message, else the supported-types fallback (core §8). */
export function uploadErrorMessage(serverMessage: string | null | undefined, allowed: readonly string[] = UPLOAD_ALLOWED_TYPES_DISPLAY): string {
  const text = (serverMessage ?? '').trim();
  return text || unsupportedTypeMessage(allowed);
}

/** True while any item is uploading (the uploader's processing flag). */
export function isProcessing(states: readonly UploadItemState[]): boolean {
  return states.some((s) => s === 'uploading');
}

/**
 * Resolves once `busy()` turns false, checking every 100 ms (core §9 "completion check polls every
 * 100 ms"): a form waits for its uploads before it sends.
 */
export function waitForUploads(busy: () => boolean, intervalMs: number = UPLOAD_COMPLETION_POLL_MS): Promise<void> {
  return new Promise((resolve) => {
    if (!busy()) return resolve();
    const timer = setInterval(() => {
      if (busy()) return;
      clearInterval(timer);
      resolve();
    }, intervalMs);
  });
}

/** How a failed chunk is handled: retried (up to 2 retries) for network errors, time-outs and 5xx; never for 4xx. */
export function shouldRetryChunk(status: number | null, attempt: number, retries: number = UPLOAD_CHUNK_RETRIES): boolean {
  if (attempt >= retries) return false;
  return status === null || status === 0 || status === 408 || status === 429 || status >= 500;
}
