/** The file entity as the API answers it: every field of core §3 plus isAudio. */
import type { files } from '../db';
import type { FilePayload } from '../../types';
import { isAudio } from '../../format/files';

export type FileRow = typeof files.$inferSelect;

/** The public URL of a stored file. */
export function fileUrl(id: number): string {
  return `/api/file/${id}`;
}

/** Serialises a file row (the path on disk stays private). */
export function fileResource(file: FileRow): FilePayload {
  return {
    id: file.id,
    reference_id: file.reference_id,
    reference_type: file.reference_type,
    user_id: file.user_id,
    name: file.name,
    original_name: file.original_name,
    url: file.url,
    original_url: file.original_url,
    size: file.size,
    mime: file.mime,
    meta: file.meta,
    duration: file.duration,
    waveform: file.waveform ?? null,
    transcoding_status: file.transcoding_status ?? null,
    isAudio: isAudio({ mime: file.mime, name: file.original_name }),
    created_at: file.created_at.toISOString(),
    updated_at: file.updated_at.toISOString(),
  };
}
