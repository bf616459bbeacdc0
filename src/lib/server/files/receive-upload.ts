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
 * 2-hour time-out is discarded. Without Content-Range the body is the whole file. Chunks wait in the
 * storage (not on one instance's disk), so each chunk may reach a different instance.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { HttpError, fieldError } from '../http';
import { UPLOAD_CHUNK_SIZE_BYTES, UPLOAD_MAX_FILE_BYTES, UPLOAD_TIMEOUT_MS } from '../../constants';
import { fileTooLargeMessage, parseContentRange } from '../../rules/uploads';
import type { SessionUser } from '../users';
import { detectFileType, uploadTypes, type UploadTypes } from './file-types';
import type { FileRow } from './file-resource';
import { removeQuietly, scratchDir, scratchPath } from './storage';
import { storage } from '../storage';
import { storeFile } from './store-file';
import { assertStorageQuota } from './storage-quota';

export type UploadOutcome = { done: true; file: FileRow } | { done: false; upload: { id: string; received: number; total: number } };

interface PartialState {
  user_id: number;
  total: number;
  received: number;
  name: string;
  started_at: number;
  /** Where each stored chunk starts, in order. */
  chunks: number[];
}

/** Storage keys of partial uploads start here. */
const PARTIAL_PREFIX = '.partial/';

const UPLOAD_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** Streams the `file` field of a multipart request to a new file at `path`, at most `limit` bytes. */
async function writeFilePart(request: Request, path: string, limit: number): Promise<{ bytes: number; filename: string }> {
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
    const out = createWriteStream(path);
    let bytes = 0;
    let truncated = false;
    stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
    stream.on('limit', () => (truncated = true));
    found = pipeline(stream, out).then(() => ({ bytes, filename: info.filename ?? '', truncated }));
    // A body cut off mid-file fails this pipeline and the outer one: the outer answers the 422, so this
    // rejection must not go unhandled.
    found.catch(() => undefined);
  });
  try {
    await pipeline(Readable.fromWeb(request.body as import('node:stream/web').ReadableStream), parser);
  } catch {
    throw new HttpError(422, 'The upload was interrupted.', { file: ['The upload was interrupted.'] });
  }
  if (!found) throw fieldError('file', 'The file field is required.');
  const result = await (found as Promise<{ bytes: number; filename: string; truncated: boolean }>);
  if (result.truncated) throw fieldError('file', limit >= UPLOAD_MAX_FILE_BYTES ? fileTooLargeMessage() : 'The chunk is larger than its Content-Range.');
  return result;
}

/** Where the chunks of one upload wait in the storage, so the next chunk may reach any instance. */
function partialKeys(userId: number, uploadId: string) {
  const base = `${PARTIAL_PREFIX}${userId}-${uploadId}`;
  return { state: `${base}/state.json`, chunk: (start: number) => `${base}/${start}.part` };
}

async function readState(key: string): Promise<PartialState | null> {
  const store = await storage();
  if (!(await store.stat(key))) return null;
  return JSON.parse((await buffer(await store.read(key))).toString('utf8')) as PartialState;
}

async function discard(userId: number, uploadId: string, state: PartialState | null): Promise<void> {
  const store = await storage();
  const keys = partialKeys(userId, uploadId);
  for (const start of state?.chunks ?? []) await store.remove(keys.chunk(start));
  await store.remove(keys.state);
}

/** Receives an upload (whole or one chunk) for the user. */
export async function receiveUpload(user: SessionUser, request: Request): Promise<UploadOutcome> {
  const types = uploadTypes(request.headers.get('x-upload-types'));
  const rangeHeader = request.headers.get('content-range');
  if (!rangeHeader) return receiveWhole(user, request, types);

  const range = parseContentRange(rangeHeader);
  if (!range) throw fieldError('file', 'The Content-Range header is malformed.');
  const uploadId = request.headers.get('x-upload-id') ?? '';
  if (!UPLOAD_ID.test(uploadId)) throw fieldError('file', 'The X-Upload-Id header is required for a chunked upload.');
  if (range.total > UPLOAD_MAX_FILE_BYTES) throw fieldError('file', fileTooLargeMessage());
  if (range.end - range.start > UPLOAD_CHUNK_SIZE_BYTES) throw fieldError('file', 'A chunk must not be greater than 100 MB.');
  // The whole file must fit in the user's storage: told before a byte of it is kept.
  if (range.start === 0) await assertStorageQuota(user.id, range.total);

  const store = await storage();
  const keys = partialKeys(user.id, uploadId);
  const now = Date.now();
  let state: PartialState | null = null;
  if (range.start > 0) {
    state = await readState(keys.state);
    if (!state || state.user_id !== user.id)
      throw new HttpError(409, 'The upload was not found. Please upload the file again.', undefined, undefined, {
        message: 'The upload was not found. Please upload the file again.',
        received: 0,
      });
    if (now - state.started_at > UPLOAD_TIMEOUT_MS) {
      await discard(user.id, uploadId, state);
      throw fieldError('file', 'The upload timed out. Please upload the file again.');
    }
    if (state.total !== range.total) throw fieldError('file', 'The Content-Range total changed during the upload.');
    if (range.start > state.received) {
      const message = `The upload is missing bytes ${state.received} to ${range.start - 1}.`;
      throw new HttpError(409, message, undefined, undefined, { message, received: state.received });
    }
    // A retried chunk replaces what an interrupted attempt left (and anything after it).
    for (const start of state.chunks.filter((c) => c >= range.start)) await store.remove(keys.chunk(start));
    state.chunks = state.chunks.filter((c) => c < range.start);
  }

  const expected = range.end - range.start;
  const partPath = await scratchPath(`${user.id}-${uploadId}`);
  let written: { bytes: number; filename: string };
  try {
    written = await writeFilePart(request, partPath, expected);
  } catch (error) {
    await removeQuietly(partPath);
    throw error;
  }
  if (written.bytes !== expected) {
    await removeQuietly(partPath);
    throw fieldError('file', `The chunk holds ${written.bytes} bytes but its Content-Range says ${expected}.`);
  }
  if (range.start === 0 && range.total > 0 && !(await detectFileType(partPath, types))) {
    await removeQuietly(partPath);
    await discard(user.id, uploadId, await readState(keys.state));
    throw fieldError('file', types.message);
  }
  state = {
    user_id: user.id,
    total: range.total,
    received: range.end,
    name: state?.name ?? written.filename,
    started_at: state?.started_at ?? now,
    chunks: state?.chunks ?? [],
  };

  if (state.received < state.total) {
    await store.put(keys.chunk(range.start), { path: partPath });
    state.chunks.push(range.start);
    await store.put(keys.state, Buffer.from(JSON.stringify(state)), { contentType: 'application/json' });
    return { done: false, upload: { id: uploadId, received: state.received, total: state.total } };
  }
  const whole = state.chunks.length ? await assemble(state, keys, partPath) : partPath;
  await discard(user.id, uploadId, state);
  const file = await storeFile({ userId: user.id, tempPath: whole, originalName: state.name, types });
  return { done: true, file };
}

/** Joins the stored chunks and the last one (a scratch file) into one scratch file. */
async function assemble(state: PartialState, keys: ReturnType<typeof partialKeys>, lastPath: string): Promise<string> {
  const store = await storage();
  const target = await scratchPath(`${state.user_id}-assembled`);
  try {
    for (const start of [...state.chunks].sort((a, b) => a - b)) {
      await pipeline(await store.read(keys.chunk(start)), createWriteStream(target, { flags: 'a' }));
    }
    await pipeline(createReadStream(lastPath), createWriteStream(target, { flags: 'a' }));
  } catch (error) {
    await removeQuietly(target);
    throw error;
  } finally {
    await removeQuietly(lastPath);
  }
  return target;
}

/** Removes partial uploads past the time-out, from the storage and this instance's scratch folder. */
export async function prunePartialUploads(now = Date.now()): Promise<number> {
  const store = await storage();
  let removed = 0;
  for await (const object of store.list(PARTIAL_PREFIX)) {
    if (now - object.modifiedAt.getTime() > UPLOAD_TIMEOUT_MS) {
      await store.remove(object.key);
      removed++;
    }
  }
  const dir = await scratchDir();
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const info = await stat(join(dir, name)).catch(() => null);
    if (info && now - info.mtimeMs > UPLOAD_TIMEOUT_MS) await removeQuietly(join(dir, name));
  }
  return removed;
}

async function receiveWhole(user: SessionUser, request: Request, types: UploadTypes): Promise<UploadOutcome> {
  const tempPath = await scratchPath(`${user.id}`);
  let written: { bytes: number; filename: string };
  try {
    written = await writeFilePart(request, tempPath, UPLOAD_MAX_FILE_BYTES);
  } catch (error) {
    await removeQuietly(tempPath);
    throw error;
  }
  if (written.bytes === 0) {
    await removeQuietly(tempPath);
    throw fieldError('file', types.message);
  }
  const file = await storeFile({ userId: user.id, tempPath, originalName: written.filename, types });
  return { done: true, file };
}
