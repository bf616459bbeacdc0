/** Looks up a file for a user: unknown answers 404, someone else's 403. */
import { eq } from 'drizzle-orm';
import { getDb, files } from '../db';
import { forbidden, notFound } from '../http';
import type { SessionUser } from '../users';
import { canViewFile } from './can-view-file';
import type { FileRow } from './file-resource';

/** The file with this id if the user may see it. */
export async function findViewableFile(user: SessionUser, id: number): Promise<FileRow> {
  const db = await getDb();
  const [file] = await db.select().from(files).where(eq(files.id, id));
  if (!file) throw notFound();
  if (!(await canViewFile(user, file))) throw forbidden();
  return file;
}
