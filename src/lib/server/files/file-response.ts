/**
 * GET /api/file/{id}: the stored bytes (from the storage, local disk or bucket) with their real type, a Content-Disposition naming the
 * original file, and byte ranges (206) so media can seek.
 */
import { Readable } from 'node:stream';
import { notFound } from '../http';
import { isPreviewableImage, isPdf, isAudio } from '../../format/files';
import type { FileRow } from './file-resource';
import { storage } from '../storage';
import { resolveRange } from '../byte-range';

function disposition(file: FileRow, download: boolean): string {
  // An SVG is a document that can carry script: it is only ever downloaded, never shown in our origin.
  const svg = file.mime === 'image/svg+xml';
  const inline = !download && !svg && (isPreviewableImage(file.mime) || isPdf(file.mime) || isAudio({ mime: file.mime }) || file.mime.startsWith('video/'));
  const ascii = file.original_name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.original_name)}`;
}

/** The response for a stored file, honouring a Range header. */
export async function fileResponse(file: FileRow, request: Request, options: { download?: boolean } = {}): Promise<Response> {
  const store = await storage();
  const info = await store.stat(file.path);
  if (!info) throw notFound();
  const size = info.size;
  const headers: Record<string, string> = {
    'content-type': file.mime,
    'content-disposition': disposition(file, options.download ?? false),
    'accept-ranges': 'bytes',
    'cache-control': 'private, max-age=3600',
    'x-content-type-options': 'nosniff',
    // A stored SVG opened directly must not run script in our origin.
    'content-security-policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; media-src 'self'; frame-ancestors 'self'; sandbox",
    'last-modified': info.modifiedAt.toUTCString(),
  };
  const range = resolveRange(request.headers.get('range'), size);
  if (range === 'unsatisfiable') {
    return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${size}` } });
  }
  const head = request.method === 'HEAD';
  if (range) {
    const length = range.end - range.start + 1;
    const body = head ? null : (Readable.toWeb(await store.read(file.path, range)) as ReadableStream);
    return new Response(body, {
      status: 206,
      headers: { ...headers, 'content-range': `bytes ${range.start}-${range.end}/${size}`, 'content-length': String(length) },
    });
  }
  const body = head ? null : (Readable.toWeb(await store.read(file.path)) as ReadableStream);
  return new Response(body, { status: 200, headers: { ...headers, 'content-length': String(size) } });
}
