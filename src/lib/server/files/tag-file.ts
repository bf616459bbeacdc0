/** Tags a stored file with the record it belongs to (a podcast's artwork, a manual-stats report…): the files domain's one writer of that link. */
import { eq } from 'drizzle-orm';
import { type Db, getDb, type Tx, files } from '../db';
import type { FileRow } from './file-resource';

/** Sets the file's reference (type and id) and answers the updated row. */
export async function tagFile(fileId: number, reference: { type: string; id: number }, db?: Db | Tx): Promise<FileRow> {
  const conn = db ?? (await getDb());
  const [tagged] = await conn.update(files).set({ reference_type: reference.type, reference_id: reference.id }).where(eq(files.id, fileId)).returning();
  return tagged!;
}
