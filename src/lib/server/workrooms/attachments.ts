/**
 * Workroom attachments: files sent with a message (uploaded through POST /api/files, or multipart with the
 * message, stored under the storage's workrooms/ keys) are served by GET /api/file/{id} to the members of a
 * discussion whose messages carry them (the file view rule below).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { randomToken } from '../crypto';
import { getDb, type Db, type Tx } from '../db/client';
import { discussionUsers, files, messages } from '../db/schema';
import { fieldError } from '../http';
import { truncateFileName } from '../../format/files';
import { UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILES } from '../../constants';
import { registerFileViewRule } from '../files/can-view-file';
import { storage } from '../storage/storage';

/** Stores uploaded files as the user's files and answers their ids. */
export async function storeUploads(userId: number, uploads: File[], db?: Db | Tx): Promise<number[]> {
  if (uploads.length > UPLOAD_MAX_FILES) throw fieldError('files', `You may attach at most ${UPLOAD_MAX_FILES} files.`);
  const conn = db ?? (await getDb());
  const store = await storage();
  const ids: number[] = [];
  for (const upload of uploads) {
    if (upload.size > UPLOAD_MAX_FILE_BYTES) throw fieldError('files', 'The file may not be greater than 500 MB.');
    if (upload.size === 0) throw fieldError('files', 'The file is empty.');
    const original = truncateFileName((upload.name || 'file').replace(/[\\/\0]/g, '_'));
    const name = `${randomToken(12)}-${original.replace(/[^\w.-]+/g, '_')}`;
    await store.put(`workrooms/${name}`, Buffer.from(await upload.arrayBuffer()));
    const [row] = await conn
      .insert(files)
      .values({
        user_id: userId,
        name: original,
        original_name: original,
        path: `workrooms/${name}`,
        url: '',
        size: upload.size,
        mime: upload.type || 'application/octet-stream',
        reference_type: 'discussion',
      })
      .returning({ id: files.id });
    ids.push(row!.id);
  }
  return ids;
}

/** Checks that the files were uploaded by the user (a file of someone else is refused). */
export async function assertOwnFiles(userId: number, fileIds: number[], db?: Db | Tx): Promise<void> {
  if (fileIds.length === 0) return;
  if (fileIds.length > UPLOAD_MAX_FILES) throw fieldError('content_files_ids', `You may attach at most ${UPLOAD_MAX_FILES} files.`);
  const conn = db ?? (await getDb());
  const rows = await conn
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, fileIds), eq(files.user_id, userId)));
  if (rows.length !== new Set(fileIds).size) throw fieldError('content_files_ids', 'The selected file is invalid.');
}

/** True when the user may see the file because it is attached in a discussion they belong to (the file access hook). */
export async function canViewFileAsMember(userId: number, fileId: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ one: sql`1` })
    .from(messages)
    .innerJoin(discussionUsers, and(eq(discussionUsers.discussion_id, messages.discussion_id), eq(discussionUsers.user_id, userId)))
    .where(sql`${messages.content_files_ids} @> ${JSON.stringify([fileId])}::jsonb`)
    .limit(1);
  return !!row;
}

/** Lets members of a discussion open its attachments through GET /api/file/{id}; registered once per process. */
export function registerAttachmentViewRule(): void {
  const key = Symbol.for('cuepoint.workrooms.file-view-rule');
  const g = globalThis as { [key: symbol]: boolean | undefined };
  if (g[key]) return;
  g[key] = true;
  registerFileViewRule((user, file) => canViewFileAsMember(user.id, file.id));
}

registerAttachmentViewRule();
