/** The user's own latest files. */
import { desc, eq } from 'drizzle-orm';
import { getDb, files } from '../db';
import type { FileRow } from './file-resource';

/** The user's most recent uploads, newest first. */
export async function listUserFiles(userId: number, limit = 10): Promise<FileRow[]> {
  const db = await getDb();
  return db.select().from(files).where(eq(files.user_id, userId)).orderBy(desc(files.id)).limit(limit);
}
