/**
 * An Uppy uploader plugin speaking the chunk protocol of POST /api/files (see
 * src/lib/server/files/receive-upload.ts): every file goes in 100 MB chunks (forced chunking) with
 * Content-Range and X-Upload-Id, each chunk retried twice, the whole upload allowed 2 hours. The bearer
 * token is fetched fresh for every chunk, so a long upload survives a token refresh.
 */
import { BasePlugin, type Body, type Meta, type PluginOpts, type Uppy, type UppyFile } from '@uppy/core';
import { UPLOAD_ALLOWED_TYPES_DISPLAY, UPLOAD_CHUNK_RETRIES, UPLOAD_CHUNK_SIZE_BYTES, UPLOAD_TIMEOUT_MS } from '../../lib/constants';
import { chunkRanges, contentRange, isAllowedUpload, shouldRetryChunk, unsupportedTypeMessage, uploadErrorMessage } from '../../lib/rules/uploads';
import { freshAccessToken } from '../../lib/session';
import type { FilePayload } from '../../lib/types';

export interface ChunkedUploadOptions extends PluginOpts {
  endpoint?: string;
  chunkSize?: number;
  retries?: number;
  timeoutMs?: number;
  allowedTypes?: readonly string[];
}

export type UploadBody = { data: FilePayload };

/** An upload failure with the HTTP status (0 for a network error or time-out). */
export class ChunkError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

interface ChunkAnswer {
  status: number;
  body: Record<string, unknown> | null;
}

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Sends one chunk with XMLHttpRequest (fetch reports no upload progress). */
function sendChunk(
  endpoint: string,
  form: FormData,
  headers: Record<string, string>,
  timeoutMs: number,
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
): Promise<ChunkAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', endpoint);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.timeout = Math.max(1, timeoutMs);
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => {
      let body: Record<string, unknown> | null = null;
      try {
        body = xhr.responseText ? (JSON.parse(xhr.responseText) as Record<string, unknown>) : null;
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => resolve({ status: 0, body: null });
    xhr.ontimeout = () => resolve({ status: 0, body: { message: 'The upload timed out.' } });
    const abort = () => xhr.abort();
    signal.addEventListener('abort', abort, { once: true });
    xhr.onabort = () => reject(new ChunkError('The upload was cancelled.', 0));
    xhr.send(form);
  });
}

export class ChunkedUpload<M extends Meta, B extends Body> extends BasePlugin<ChunkedUploadOptions, M, B> {
  #controllers = new Map<string, AbortController>();

  constructor(uppy: Uppy<M, B>, opts: ChunkedUploadOptions = {}) {
    super(uppy, {
      endpoint: '/api/files',
      chunkSize: UPLOAD_CHUNK_SIZE_BYTES,
      retries: UPLOAD_CHUNK_RETRIES,
      timeoutMs: UPLOAD_TIMEOUT_MS,
      allowedTypes: UPLOAD_ALLOWED_TYPES_DISPLAY,
      ...opts,
    });
    this.id = opts.id ?? 'ChunkedUpload';
    this.type = 'uploader';
  }

  #upload = async (fileIDs: string[]): Promise<void> => {
    const files = this.uppy.getFilesByIds(fileIDs);
    this.uppy.emit('upload-start', files);
    for (const file of files) await this.#uploadFile(file);
  };

  #onRemoved = (file: UppyFile<M, B> | undefined) => {
    if (file) this.#controllers.get(file.id)?.abort();
  };

  async #uploadFile(file: UppyFile<M, B>): Promise<void> {
    const allowed = this.opts.allowedTypes ?? UPLOAD_ALLOWED_TYPES_DISPLAY;
    if (file.isRemote || !file.data) return;
    const blob = file.data;
    if (!isAllowedUpload({ name: file.name, type: file.type }, allowed)) {
      this.uppy.emit('upload-error', file, { name: 'UnsupportedType', message: unsupportedTypeMessage(allowed) });
      return;
    }
    const controller = new AbortController();
    this.#controllers.set(file.id, controller);
    const deadline = Date.now() + (this.opts.timeoutMs ?? UPLOAD_TIMEOUT_MS);
    const uploadId = randomId();
    const total = blob.size;
    try {
      let answer: ChunkAnswer | null = null;
      for (const range of chunkRanges(total, this.opts.chunkSize)) {
        answer = await this.#sendWithRetries(file, blob, range, total, uploadId, deadline, controller.signal);
      }
      const body = answer?.body as unknown as B;
      this.uppy.emit('upload-success', this.uppy.getFile(file.id), {
        status: answer?.status ?? 201,
        body,
        uploadURL: (answer?.body as UploadBody | null)?.data?.url,
      });
    } catch (error) {
      if (controller.signal.aborted || !this.uppy.getFile(file.id)) return;
      const status = error instanceof ChunkError ? error.status : 0;
      this.uppy.emit(
        'upload-error',
        this.uppy.getFile(file.id),
        { name: 'UploadError', message: uploadErrorMessage(error instanceof Error ? error.message : '', allowed), details: String(status) },
        { status, body: undefined } as never,
      );
    } finally {
      this.#controllers.delete(file.id);
    }
  }

  async #sendWithRetries(
    file: UppyFile<M, B>,
    blob: Blob,
    range: { start: number; end: number },
    total: number,
    uploadId: string,
    deadline: number,
    signal: AbortSignal,
  ): Promise<ChunkAnswer> {
    for (let attempt = 0; ; attempt++) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new ChunkError('The upload took longer than 2 hours.', 0);
      const token = await freshAccessToken();
      const form = new FormData();
      form.append('file', blob.slice(range.start, range.end), file.name);
      const headers: Record<string, string> = {
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        'Content-Range': contentRange(range, total),
        'X-Upload-Id': uploadId,
        // The server accepts exactly the types this uploader lists, judged from the bytes.
        'X-Upload-Types': (this.opts.allowedTypes ?? UPLOAD_ALLOWED_TYPES_DISPLAY).join(','),
      };
      if (token) headers.Authorization = `Bearer ${token}`;
      const answer = await sendChunk(
        this.opts.endpoint ?? '/api/files',
        form,
        headers,
        remaining,
        (loaded) => {
          const current = this.uppy.getFile(file.id);
          if (!current) return;
          this.uppy.emit('upload-progress', current, {
            uploadStarted: current.progress.uploadStarted ?? Date.now(),
            bytesUploaded: Math.min(total, range.start + loaded),
            bytesTotal: total,
          });
        },
        signal,
      );
      if (answer.status >= 200 && answer.status < 300) return answer;
      const message = typeof answer.body?.message === 'string' ? answer.body.message : '';
      if (!shouldRetryChunk(answer.status, attempt, this.opts.retries)) throw new ChunkError(message, answer.status);
    }
  }

  override install(): void {
    this.uppy.addUploader(this.#upload);
    this.uppy.on('file-removed', this.#onRemoved);
  }

  override uninstall(): void {
    this.uppy.removeUploader(this.#upload);
    this.uppy.off('file-removed', this.#onRemoved);
  }
}
