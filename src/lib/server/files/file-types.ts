/**
 * What the server accepts, judged from the bytes (magic numbers), never from the name or the
 * browser's claim. SVG is text, so it is recognised by its root element.
 */
import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';

/** Every type a stored file may have, with the extension its generated name gets. */
export const ACCEPTED_TYPES: Record<string, string> = {
  'application/pdf': 'pdf',
  'audio/mpeg': 'mp3',
  'video/mp4': 'mp4',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/ogg': 'ogg',
  'audio/opus': 'opus',
  'audio/aac': 'aac',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/tiff': 'tif',
  'image/bmp': 'bmp',
  'image/svg+xml': 'svg',
};

export interface DetectedType {
  mime: string;
  ext: string;
}

async function looksLikeSvg(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const head = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart();
    // An XML prolog, comments or a doctype may come first; the root element must be <svg.
    const body = head.replace(/^<\?xml[\s\S]*?\?>\s*/, '').replace(/^(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*/i, '');
    return /^<svg[\s>]/i.test(body);
  } finally {
    await handle.close();
  }
}

/** The real type of a file on disk, or null when it is not one the server accepts. */
export async function detectFileType(path: string): Promise<DetectedType | null> {
  const found = await fileTypeFromFile(path);
  if (found) {
    // file-type names m4a audio/x-m4a and wav audio/wav; anything unlisted is refused.
    const ext = ACCEPTED_TYPES[found.mime];
    return ext ? { mime: found.mime === 'audio/x-m4a' ? 'audio/mp4' : found.mime, ext } : null;
  }
  if (await looksLikeSvg(path)) return { mime: 'image/svg+xml', ext: 'svg' };
  return null;
}
