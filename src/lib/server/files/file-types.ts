/**
 * What the server accepts, judged from the bytes (magic numbers), never from the name or the browser's
 * claim: the types the screens' uploaders list (pdf, mp3, mp4, png, jpeg by default; m4a, wav, ogg, aac
 * for audio; gif, webp and bmp for pictures in the editor). An uploader names its own list in the
 * X-Upload-Types header and gets exactly that list. SVG is refused: it is a document that can carry script.
 */
import { fileTypeFromFile } from 'file-type';
import { UPLOAD_ALLOWED_TYPES_DISPLAY } from '../../constants';
import { UPLOAD_TYPE_MIMES, unsupportedTypeMessage } from '../../rules/uploads';

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
  'image/bmp': 'bmp',
};

export interface DetectedType {
  mime: string;
  ext: string;
}

/** The types one upload may have: what its uploader listed (within what the server accepts), and the words of its error. */
export interface UploadTypes {
  mimes: Set<string>;
  message: string;
}

const ALL: UploadTypes = { mimes: new Set(Object.keys(ACCEPTED_TYPES)), message: unsupportedTypeMessage(UPLOAD_ALLOWED_TYPES_DISPLAY) };

/** The types of an upload from its X-Upload-Types header (`pdf,mp3,png`); every accepted type without one. */
export function uploadTypes(header: string | null): UploadTypes {
  const listed = (header ?? '')
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter((t) => /^[a-z0-9]{2,5}$/.test(t))
    .slice(0, 20);
  if (!listed.length) return ALL;
  const mimes = new Set(listed.flatMap((t) => UPLOAD_TYPE_MIMES[t] ?? []).filter((m) => m in ACCEPTED_TYPES));
  // m4a files are named audio/mp4 once stored; allow both spellings of what was listed.
  if (mimes.has('audio/x-m4a')) mimes.add('audio/mp4');
  return { mimes, message: unsupportedTypeMessage(listed) };
}

/** The real type of a file on disk, or null when it is not one of the given types. */
export async function detectFileType(path: string, types: UploadTypes = ALL): Promise<DetectedType | null> {
  const found = await fileTypeFromFile(path);
  if (!found || !types.mimes.has(found.mime)) return null;
  // file-type names m4a audio/x-m4a and wav audio/wav; anything unlisted is refused.
  const ext = ACCEPTED_TYPES[found.mime];
  return ext ? { mime: found.mime === 'audio/x-m4a' ? 'audio/mp4' : found.mime, ext } : null;
}
