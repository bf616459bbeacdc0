/** One file to POST /api/files outside the uploader list (the editor's inline images), and by URL. */
import { api } from '../../lib/api';
import { UPLOAD_CHUNK_SIZE_BYTES } from '../../lib/constants';
import { chunkRanges, contentRange, isUnauthenticatedUpload, shouldRetryChunk } from '../../lib/rules/uploads';
import { uploadedFileId } from '../../lib/rules/editor';
import { freshAccessToken } from '../../lib/session';

/** Uploads a blob with the chunk protocol; answers the stored file's id, or throws with the server's message. */
export async function uploadBlob(blob: Blob, name: string): Promise<number> {
  const uploadId = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  let body: unknown = null;
  for (const range of chunkRanges(blob.size, UPLOAD_CHUNK_SIZE_BYTES)) {
    for (let attempt = 0; ; attempt++) {
      const token = await freshAccessToken();
      const form = new FormData();
      form.append('file', blob.slice(range.start, range.end), name);
      let status = 0;
      try {
        const res = await fetch('/api/files', {
          method: 'POST',
          body: form,
          headers: {
            Accept: 'application/json',
            'X-Requested-With': 'XMLHttpRequest',
            'Content-Range': contentRange(range, blob.size),
            'X-Upload-Id': uploadId,
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
          },
        });
        status = res.status;
        body = await res.json().catch(() => null);
      } catch {
        status = 0;
      }
      if (status >= 200 && status < 300) break;
      const message = (body as { message?: string } | null)?.message ?? '';
      if (isUnauthenticatedUpload(status, message)) {
        window.location.assign('/');
        throw new Error(message || 'Unauthenticated.');
      }
      if (!shouldRetryChunk(status, attempt)) throw new Error(message || 'The upload failed.');
    }
  }
  const id = uploadedFileId(body);
  if (id === null) throw new Error('The upload answered no file.');
  return id;
}

/** Asks the server to fetch a URL as a file (POST /api/files/by-url); answers data.data.id. */
export async function uploadByUrl(url: string): Promise<number> {
  const body = await api<unknown>('/api/files/by-url', { method: 'POST', body: { url } });
  const id = uploadedFileId(body);
  if (id === null) throw new Error('The upload answered no file.');
  return id;
}
