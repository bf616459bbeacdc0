/**
 * THE place every stored byte goes through (uploads, avatars, workroom attachments, hosted media, stitched
 * variants, exports): the local disk under DATA_DIR/files by default, any S3-compatible bucket when
 * S3_BUCKET is set. Objects are addressed by keys shaped like relative paths ('2026/05/3f2a….pdf',
 * 'hosted/{podcast hash}/audio-….mp3'), the same on both, so `npm run storage:migrate` copies a disk
 * into a bucket one file to one object.
 */
import { Readable } from 'node:stream';
import { config } from '../config';

export interface StoredObject {
  key: string;
  size: number;
  modifiedAt: Date;
  /** Changes whenever the bytes do (quoted, as an HTTP ETag). */
  etag: string;
}

/** What to store: bytes in memory, a stream, or a local file (moved in: the file is gone once stored). */
export type StorageBody = Buffer | Uint8Array | Readable | { path: string };

export interface Storage {
  readonly kind: 'local' | 's3';
  /** Stores the body under the key (replacing what was there); large bodies go up in parts. */
  put(key: string, body: StorageBody, options?: { contentType?: string }): Promise<StoredObject>;
  /** The object's size and version, or null when there is none. */
  stat(key: string): Promise<StoredObject | null>;
  /** The bytes (or the inclusive range `start`–`end` of them); throws when the object does not exist. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Copies one object to another key. */
  copy(from: string, to: string): Promise<StoredObject>;
  /** Removes the object; nothing when it is already gone. */
  remove(key: string): Promise<void>;
  /** Every object whose key starts with the prefix. */
  list(prefix: string): AsyncIterable<StoredObject>;
}

/** True when the body names a local file to move in (a file stream has a `path` too, but is read as a stream). */
export function isFileBody(body: StorageBody): body is { path: string } {
  return !(body instanceof Uint8Array) && !(body instanceof Readable) && typeof (body as { path?: unknown }).path === 'string';
}

/** A key is a relative path of plain segments: no '..', no empty or absolute parts. */
export function assertKey(key: string): void {
  const badPart = key.split('/').some((part) => part === '' || part === '.' || part === '..');
  const badChar = [...key].some((c) => c.charCodeAt(0) < 32 || c === '\\');
  if (!key || badPart || badChar) throw new Error(`"${key}" is not a storage key.`);
}

const KEY = Symbol.for('cuepoint.storage');

/** The storage of this process, chosen by configuration. */
export async function storage(): Promise<Storage> {
  const g = globalThis as { [KEY]?: Promise<Storage> };
  g[KEY] ??= (async () => {
    const { s3 } = config().storage;
    if (s3) {
      const { s3Storage } = await import('./s3');
      return s3Storage(s3);
    }
    const { localStorage } = await import('./local');
    return localStorage();
  })();
  return g[KEY];
}

/** The public address of a stored object behind MEDIA_PUBLIC_URL, or null when none is configured. */
export function publicUrl(key: string): string | null {
  const base = config().storage.mediaPublicUrl;
  return base ? `${base}/${key.split('/').map(encodeURIComponent).join('/')}` : null;
}
