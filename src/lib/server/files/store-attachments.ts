/**
 * Files sent with a workroom message or deliverable (multipart with the message): the files domain stores them,
 * as it stores every file. The type is read from the bytes (file-type's magic numbers), never taken from the
 * browser's claim; bytes of no known type are kept as application/octet-stream, which is only ever downloaded.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILES } from '../../constants';
import { truncateFileName } from '../../format/files';
import { randomToken } from '../crypto';
import { type Db, getDb, type Tx, files } from '../db';
import { fieldError } from '../http';
import { storage } from '../storage';
import { ACCEPTED_TYPES } from './file-types';
import { assertStorageQuota } from './storage-quota';

/** The type of an attachment's bytes: a type we know by its magic numbers, else application/octet-stream. */
export async function sniffMime(bytes: Uint8Array): Promise<string> {
  const found = await fileTypeFromBuffer(bytes);
  if (!found || !(found.mime in ACCEPTED_TYPES)) return 'application/octet-stream';
  return found.mime === 'audio/x-m4a' ? 'audio/mp4' : found.mime;
}

/** Stores uploads as the user's files tagged with `referenceType` (e.g. 'discussion'), and answers their ids. */
export async function storeAttachments(userId: number, uploads: File[], referenceType: string, db?: Db | Tx): Promise<number[]> {
  if (uploads.length > UPLOAD_MAX_FILES) throw fieldError('files', `You may attach at most ${UPLOAD_MAX_FILES} files.`);
  const conn = db ?? (await getDb());
  await assertStorageQuota(
    userId,
    uploads.reduce((sum, u) => sum + u.size, 0),
    'files',
    conn,
  );
  const store = await storage();
  const ids: number[] = [];
  for (const upload of uploads) {
    if (upload.size > UPLOAD_MAX_FILE_BYTES) throw fieldError('files', 'The file may not be greater than 500 MB.');
    if (upload.size === 0) throw fieldError('files', 'The file is empty.');
    const bytes = Buffer.from(await upload.arrayBuffer());
    const original = truncateFileName((upload.name || 'file').replace(/[\\/\0]/g, '_'));
    const name = `${randomToken(12)}-${original.replace(/[^\w.-]+/g, '_')}`;
    await store.put(`workrooms/${name}`, bytes);
    const [row] = await conn
      .insert(files)
      .values({
        user_id: userId,
        name: original,
        original_name: original,
        path: `workrooms/${name}`,
        url: '',
        size: upload.size,
        mime: await sniffMime(bytes),
        reference_type: referenceType,
      })
      .returning({ id: files.id });
    ids.push(row!.id);
  }
  return ids;
}

/** Checks that the files were uploaded by the user (a file of someone else is refused on `field`). */
export async function assertOwnFiles(userId: number, fileIds: number[], db?: Db | Tx, field = 'content_files_ids'): Promise<void> {
  if (fileIds.length === 0) return;
  if (fileIds.length > UPLOAD_MAX_FILES) throw fieldError(field, `You may attach at most ${UPLOAD_MAX_FILES} files.`);
  const conn = db ?? (await getDb());
  const rows = await conn
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, fileIds), eq(files.user_id, userId)));
  if (rows.length !== new Set(fileIds).size) throw fieldError(field, 'The selected file is invalid.');
}
