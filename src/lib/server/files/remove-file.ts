/** Deletes stored files, row and bytes: the files domain's one way to do it for other domains. */
import { and, eq } from 'drizzle-orm';
import { type Db, getDb, type Tx, files } from '../db';
import { removeStored } from './storage';

/** Deletes one file (its bytes go once the row is gone). */
export async function removeFile(fileId: number, db?: Db | Tx): Promise<void> {
  const conn = db ?? (await getDb());
  const [gone] = await conn.delete(files).where(eq(files.id, fileId)).returning({ path: files.path });
  if (gone) await removeStored(gone.path);
}

/** Deletes the files tagged with a record (its reference type and id). */
export async function removeFilesOf(reference: { type: string; id: number }, db?: Db | Tx): Promise<void> {
  const conn = db ?? (await getDb());
  const gone = await conn
    .delete(files)
    .where(and(eq(files.reference_type, reference.type), eq(files.reference_id, reference.id)))
    .returning({ path: files.path });
  for (const g of gone) await removeStored(g.path);
}

/** Deletes one file if it is still tagged with `referenceType` (an upload the caller replaced). */
export async function removeTaggedFile(fileId: number, referenceType: string, db?: Db | Tx): Promise<void> {
  const conn = db ?? (await getDb());
  const [gone] = await conn
    .delete(files)
    .where(and(eq(files.id, fileId), eq(files.reference_type, referenceType)))
    .returning({ path: files.path });
  if (gone) await removeStored(gone.path);
}
