import { AUDIO_EXTENSIONS, FILE_NAME_LIMIT, IMAGE_PREVIEW_MIME_TYPES, PDF_MIME_TYPE, VIDEO_PLAYER_FORMATS } from '../constants';

export { IMAGE_PREVIEW_MIME_TYPES, VIDEO_PLAYER_FORMATS, PDF_MIME_TYPE };

/** The lower-case extension of a file name or URL path, without the dot ('' when none). */
export function fileExtension(nameOrUrl: string | null | undefined): string {
  if (!nameOrUrl) return '';
  const path = nameOrUrl.split(/[?#]/)[0] ?? '';
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export interface FileLike {
  mime?: string | null;
  name?: string | null;
  url?: string | null;
}

/** Audio is a mime starting with audio, video/mp4, or a name (or url) ending in mp4, mp3, m4a or wav. */
export function isAudio(file: FileLike): boolean {
  const mime = (file.mime ?? '').toLowerCase();
  if (mime.startsWith('audio') || mime === 'video/mp4') return true;
  const ext = fileExtension(file.name) || fileExtension(file.url);
  return (AUDIO_EXTENSIONS as readonly string[]).includes(ext);
}

/** True for image mimes that get an inline preview (png, gif, jpeg, svg+xml, tiff, webp). */
export function isPreviewableImage(mime: string | null | undefined): boolean {
  return (IMAGE_PREVIEW_MIME_TYPES as readonly string[]).includes((mime ?? '').toLowerCase());
}

/** True for PDF files. */
export function isPdf(mime: string | null | undefined): boolean {
  return (mime ?? '').toLowerCase() === PDF_MIME_TYPE;
}

/** True when the media player can play the file (m3u8, mp4, mp3, m4a, opus, aac, ogg). */
export function isPlayableMedia(nameOrUrl: string | null | undefined): boolean {
  return (VIDEO_PLAYER_FORMATS as readonly string[]).includes(fileExtension(nameOrUrl));
}

/** Truncates a file name longer than `limit` (100) to exactly `limit` characters, keeping its extension. */
export function truncateFileName(name: string, limit: number = FILE_NAME_LIMIT): string {
  if (name.length <= limit) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot) : '';
  // An "extension" as long as the limit is no extension worth keeping.
  if (!ext || ext.length >= limit) return name.slice(0, limit);
  return name.slice(0, limit - ext.length) + ext;
}
