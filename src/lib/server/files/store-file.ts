/** Turns a fully received temporary file into a stored file: real type, generated name, a row, audio processing. */
import { stat } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { getDb, files } from '../db';
import { fieldError } from '../http';
import { enqueue } from '../jobs';
import { isAudio, truncateFileName } from '../../format/files';
import { UPLOAD_MAX_FILE_BYTES } from '../../constants';
import { fileTooLargeMessage } from '../../rules/uploads';
import { detectFileType, uploadTypes, type UploadTypes } from './file-types';
import { fileUrl, type FileRow } from './file-resource';
import { generatedName, moveIntoPlace, removeQuietly } from './storage';
import { assertStorageQuota } from './storage-quota';

export const PROCESS_AUDIO_JOB = 'files.process-audio';

export interface StoreFileInput {
  userId: number;
  tempPath: string;
  originalName: string;
  originalUrl?: string | null;
  /** The field errors name this field ('file' for uploads, 'url' for by-url). */
  field?: string;
  /** The types the uploader listed (every accepted type by default). */
  types?: UploadTypes;
}

/** Checks the real type and size of a received file, moves it into place and records it. */
export async function storeFile(input: StoreFileInput): Promise<FileRow> {
  const field = input.field ?? 'file';
  const { size } = await stat(input.tempPath);
  if (size > UPLOAD_MAX_FILE_BYTES) {
    await removeQuietly(input.tempPath);
    throw fieldError(field, fileTooLargeMessage());
  }
  try {
    await assertStorageQuota(input.userId, size, field);
  } catch (error) {
    await removeQuietly(input.tempPath);
    throw error;
  }
  const types = input.types ?? uploadTypes(null);
  const type = await detectFileType(input.tempPath, types);
  if (!type) {
    await removeQuietly(input.tempPath);
    throw fieldError(field, types.message);
  }
  const { name, path } = generatedName(type.ext);
  await moveIntoPlace(input.tempPath, path);
  const originalName = truncateFileName(cleanName(input.originalName) || `file.${type.ext}`);
  const audio = isAudio({ mime: type.mime, name: originalName });
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(files)
      .values({
        user_id: input.userId,
        name,
        original_name: originalName,
        path,
        url: '',
        original_url: input.originalUrl ?? null,
        size,
        mime: type.mime,
        meta: { extension: type.ext },
        transcoding_status: audio ? 'pending' : null,
      })
      .returning();
    const [saved] = await tx
      .update(files)
      .set({ url: fileUrl(row!.id) })
      .where(eq(files.id, row!.id))
      .returning();
    if (audio) await enqueue(PROCESS_AUDIO_JOB, { fileId: row!.id }, { db: tx, maxAttempts: 2 });
    return saved!;
  });
}

/** A file name without folders or control characters. */
export function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
}
