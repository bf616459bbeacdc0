/**
 * Workroom attachments: files sent with a message (uploaded through POST /api/files, or multipart with the
 * message, stored by the files domain under the storage's workrooms/ keys) are served by GET /api/file/{id}
 * to the members of a discussion whose messages carry them (the file view rule below).
 */
import { and, eq, sql } from 'drizzle-orm';
import { getDb, type Db, type Tx, discussionUsers, messages } from '../db';
import { registerFileViewRule, storeAttachments } from '../files';

export { assertOwnFiles } from '../files';

/** Stores files sent with a message or deliverable (through the files domain, typed from their bytes). */
export async function storeUploads(userId: number, uploads: File[], db?: Db | Tx): Promise<number[]> {
  return storeAttachments(userId, uploads, 'discussion', db);
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
