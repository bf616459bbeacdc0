/** Stores an uploaded image (already in memory, a few MB at most) through the files domain. */
import { writeFile } from 'node:fs/promises';
import { fieldError } from '../http';
import { removeQuietly, scratchPath, storeFile, tagFile } from '../files';
import type { FileRow } from '../files';

/** Writes the bytes to a temporary file, stores it as the user's file and tags it with its reference. */
export async function storeUploadedBytes(userId: number, upload: File, reference: { type: string; id: number }, field: string): Promise<FileRow> {
  const temp = await scratchPath('direct');
  try {
    await writeFile(temp, new Uint8Array(await upload.arrayBuffer()));
    const row = await storeFile({ userId, tempPath: temp, originalName: upload.name || 'upload', field });
    return await tagFile(row.id, reference);
  } catch (e) {
    await removeQuietly(temp);
    throw e;
  }
}

/** A non-empty uploaded File from a multipart field, or a 422 on that field. */
export function requireUpload(value: unknown, field: string, label = field): File {
  if (!(value instanceof File) || value.size === 0) throw fieldError(field, `The ${label} field is required.`);
  return value;
}
