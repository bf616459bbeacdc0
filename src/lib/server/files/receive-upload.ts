/**
 * POST /api/files: a multipart body whose field `file` carries the whole file, or one chunk of it.
 *
 * The chunk protocol (every browser upload is chunked, 100 MB a chunk, core §9):
 *   Content-Range: bytes {first}-{last}/{total}   which bytes of the file this chunk holds
 *   X-Upload-Id:   {8–64 of [A-Za-z0-9_-]}        chosen by the client, the same for every chunk of one file
 * Chunks come in order. A chunk starting where the previous one did (a retry) replaces it; one starting
 * past the received bytes answers 409 with `received`. Each chunk but the last answers
 * 202 `{ upload: { id, received, total } }`; the last answers 201 `{ data: file }`. The real type is
 * checked after the first chunk, so a wrong file stops early with 422. A partial upload older than the
 * 2-hour time-out is discarded. Without Content-Range the body is the whole file.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import busboy from 'busboy';
import { HttpError, fieldError } from '../http';
import { UPLOAD_CHUNK_SIZE_BYTES, UPLOAD_MAX_FILE_BYTES, UPLOAD_TIMEOUT_MS } from '../../constants';
import { fileTooLargeMessage, parseContentRange, unsupportedTypeMessage } from '../../rules/uploads';
import type { SessionUser } from '../users/session-user';
import { detectFileType } from './file-types';
import type { FileRow } from './file-resource';
import { partialRoot, removeQuietly } from './storage';
import { storeFile } from './store-file';

export type UploadOutcome = { done: true; file: FileRow } | { done: false; upload: { id: string; received: number; total: number } };

interface PartialState {
  user_id: number;
  total: number;
  received: number;
  name: string;
  started_at: number;
}

const UPLOAD_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** Streams the `file` field of a multipart request to `path` from byte `start`, at most `limit` bytes. */
async function writeFilePart(request: Request, path: string, start: number, limit: number): Promise<{ bytes: number; filename: string }> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data') || !request.body) throw fieldError('file', 'The file field is required.');
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { 'content-type': type }, limits: { files: 1, fileSize: limit + 1, fields: 20 }, defParamCharset: 'utf8' });
  } catch {
    throw fieldError('file', 'The file field is required.');
  }
  let found: Promise<{ bytes: number; filename: string; truncated: boolean }> | null = null;
  parser.on('file', (field, stream, info) => {
    if (field !== 'file' || found) {
      stream.resume();
      return;
    }
    const out = createWriteStream(path, { flags: start > 0 ? 'r+' : 'w', start });
    let bytes = 0;
    let truncated = false;
    stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
    stream.on('limit', () => (truncated = true));
    found = pipeline(stream, out).then(() => ({ bytes, filename: info.filename ?? '', truncated }));
  });
  try {
    await pipeline(Readable.fromWeb(request.body as import('node:stream/web').ReadableStream), parser);
  } catch {
    throw new HttpError(422, 'The upload was interrupted.', { file: ['The upload was interrupted.'] });
  }
  if (!found) throw fieldError('file', 'The file field is required.');
  const result = await (found as Promise<{ bytes: number; filename: string; truncated: boolean }>);
  if (result.truncated)
    throw fieldError('file', start === 0 && limit >= UPLOAD_MAX_FILE_BYTES ? fileTooLargeMessage() : 'The chunk is larger than its Content-Range.');
  return result;
}

/** Removes partial uploads past the time-out (called as new uploads start). */
async function pruneStale(now: number): Promise<void> {
  const root = partialRoot();
  const names = await readdir(root).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.endsWith('.json')) continue;
    const full = join(root, name);
    const info = await stat(full).catch(() => null);
    if (info && now - info.mtimeMs > UPLOAD_TIMEOUT_MS) {
      await removeQuietly(full);
      await removeQuietly(full.replace(/\.json$/, '.part'));
    }
  }
}

/** Receives an upload (whole or one chunk) for the user. */
export async function receiveUpload(user: SessionUser, request: Request): Promise<UploadOutcome> {
  const root = partialRoot();
  await mkdir(root, { recursive: true });
  const rangeHeader = request.headers.get('content-range');
  if (!rangeHeader) return receiveWhole(user, request, root);

  const range = parseContentRange(rangeHeader);
  if (!range) throw fieldError('file', 'The Content-Range header is malformed.');
  const uploadId = request.headers.get('x-upload-id') ?? '';
  if (!UPLOAD_ID.test(uploadId)) throw fieldError('file', 'The X-Upload-Id header is required for a chunked upload.');
  if (range.total > UPLOAD_MAX_FILE_BYTES) throw fieldError('file', fileTooLargeMessage());
  if (range.end - range.start > UPLOAD_CHUNK_SIZE_BYTES) throw fieldError('file', 'A chunk must not be greater than 100 MB.');

  const base = join(root, `${user.id}-${uploadId}`);
  const partPath = `${base}.part`;
  const statePath = `${base}.json`;
  const now = Date.now();
  let state: PartialState | null = null;
  if (range.start > 0) {
    state = await readFile(statePath, 'utf8')
      .then((t) => JSON.parse(t) as PartialState)
      .catch(() => null);
    if (!state || state.user_id !== user.id)
      throw new HttpError(409, 'The upload was not found. Please upload the file again.', undefined, undefined, {
        message: 'The upload was not found. Please upload the file again.',
        received: 0,
      });
    if (now - state.started_at > UPLOAD_TIMEOUT_MS) {
      await removeQuietly(partPath);
      await removeQuietly(statePath);
      throw fieldError('file', 'The upload timed out. Please upload the file again.');
    }
    if (state.total !== range.total) throw fieldError('file', 'The Content-Range total changed during the upload.');
    if (range.start > state.received) {
      const message = `The upload is missing bytes ${state.received} to ${range.start - 1}.`;
      throw new HttpError(409, message, undefined, undefined, { message, received: state.received });
    }
    // A retried chunk replaces what an interrupted attempt left.
    await truncate(partPath, range.start);
  } else {
    void pruneStale(now);
  }

  const expected = range.end - range.start;
  let written: { bytes: number; filename: string };
  try {
    written = await writeFilePart(request, partPath, range.start, expected);
  } catch (error) {
    if (range.start === 0) await removeQuietly(partPath);
    throw error;
  }
  if (written.bytes !== expected) {
    if (range.start === 0) await removeQuietly(partPath);
    throw fieldError('file', `The chunk holds ${written.bytes} bytes but its Content-Range says ${expected}.`);
  }
  state = { user_id: user.id, total: range.total, received: range.end, name: state?.name ?? written.filename, started_at: state?.started_at ?? now };

  if (range.start === 0 && range.total > 0 && !(await detectFileType(partPath))) {
    await removeQuietly(partPath);
    await removeQuietly(statePath);
    throw fieldError('file', unsupportedTypeMessage());
  }
  if (state.received < state.total) {
    await writeFile(statePath, JSON.stringify(state));
    return { done: false, upload: { id: uploadId, received: state.received, total: state.total } };
  }
  await removeQuietly(statePath);
  const file = await storeFile({ userId: user.id, tempPath: partPath, originalName: state.name });
  return { done: true, file };
}

async function receiveWhole(user: SessionUser, request: Request, root: string): Promise<UploadOutcome> {
  const tempPath = join(root, `${user.id}-${randomUUID()}.part`);
  let written: { bytes: number; filename: string };
  try {
    written = await writeFilePart(request, tempPath, 0, UPLOAD_MAX_FILE_BYTES);
  } catch (error) {
    await removeQuietly(tempPath);
    throw error;
  }
  if (written.bytes === 0) {
    await removeQuietly(tempPath);
    throw fieldError('file', unsupportedTypeMessage());
  }
  const file = await storeFile({ userId: user.id, tempPath, originalName: written.filename });
  return { done: true, file };
}
