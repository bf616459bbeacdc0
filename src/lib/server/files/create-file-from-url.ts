/**
 * POST /api/files/by-url: fetches a file a user pointed at (a pasted image whose direct upload failed)
 * through THE guarded fetcher, with a size limit, and stores it like an upload.
 */
import { writeFile } from 'node:fs/promises';
import { fieldError } from '../http';
import { fetchErrorMessage, guardedFetch } from '../fetch';
import { MB } from '../../constants';
import type { SessionUser } from '../users';
import type { FileRow } from './file-resource';
import { scratchPath } from './storage';
import { storeFile } from './store-file';

/** Largest file fetched by URL: the body is held in memory, and by-url is for pasted images. */
export const BY_URL_MAX_BYTES = 50 * MB;
/** Deadline of the whole fetch, redirects included. */
export const BY_URL_TIMEOUT_MS = 60_000;

/** The file name a URL suggests: its last path segment. */
function nameFromUrl(url: string): string {
  try {
    const segment = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    return segment;
  } catch {
    return '';
  }
}

/** Fetches the URL and stores its body as the user's file. */
export async function createFileFromUrl(user: SessionUser, url: string): Promise<FileRow> {
  let response;
  try {
    response = await guardedFetch(url, { subject: 'file', maxBytes: BY_URL_MAX_BYTES, timeoutMs: BY_URL_TIMEOUT_MS, headers: { accept: '*/*' } });
  } catch (error) {
    const message = fetchErrorMessage(error);
    if (message) throw fieldError('url', message);
    throw error;
  }
  if (response.status < 200 || response.status > 299) throw fieldError('url', `The file could not be downloaded (HTTP ${response.status}).`);
  const tempPath = await scratchPath(`${user.id}`);
  await writeFile(tempPath, response.body);
  return storeFile({ userId: user.id, tempPath, originalName: nameFromUrl(response.url), originalUrl: url, field: 'url' });
}
