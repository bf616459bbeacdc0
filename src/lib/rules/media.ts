/** The audio player's states and error texts, and which preview a file gets (core §4, §8, §9). */
import { isPdf, isPlayableMedia, isPreviewableImage } from '../format/files';

export type AudioPlayerState = 'loading' | 'ready' | 'playing' | 'paused' | 'error';

export const AUDIO_FILE_CORRUPT = 'File corrupt.';
export const AUDIO_CONVERTING = 'Converting... Please wait.';
export const AUDIO_CANNOT_PLAY = "File can't be played.";

/** True for an error that comes from decoding (Web Audio's EncodingError, a media element's MEDIA_ERR_DECODE). */
export function isDecodeError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { name?: unknown; code?: unknown; message?: unknown };
  if (e.name === 'EncodingError') return true;
  if (e.code === 3 && typeof (error as { MEDIA_ERR_DECODE?: unknown }).MEDIA_ERR_DECODE === 'number') return true;
  return typeof e.message === 'string' && /decod/i.test(e.message);
}

/** The text of a player error: 'File corrupt.' when transcoding failed, 'Converting... Please wait.' on a decode error, else "File can't be played.". */
export function audioErrorMessage(transcodingStatus: string | null | undefined, error?: unknown): string {
  if (transcodingStatus === 'failed') return AUDIO_FILE_CORRUPT;
  if (isDecodeError(error)) return AUDIO_CONVERTING;
  return AUDIO_CANNOT_PLAY;
}

/** mm:ss (h:mm:ss past an hour) for the player's clock. */
export function formatPlayerTime(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

export type PreviewKind = 'image' | 'pdf' | 'media' | 'file';

/** The preview a file gets: image (png, gif, jpeg, svg+xml, tiff, webp), pdf, the media player (m3u8, mp4, mp3, m4a, opus, aac, ogg), or a plain link. */
export function previewKind(file: { mime?: string | null; name?: string | null; url?: string | null }): PreviewKind {
  if (isPreviewableImage(file.mime)) return 'image';
  if (isPdf(file.mime)) return 'pdf';
  if (isPlayableMedia(file.name) || isPlayableMedia(file.url)) return 'media';
  return 'file';
}
