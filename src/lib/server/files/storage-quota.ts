/**
 * A per-user storage quota (STORAGE_QUOTA_MB, 10 GB by default): the files a user uploaded (uploads,
 * attachments, files by URL) may take up this much in all, besides the 500 MB cap of each file. Checked
 * when an upload starts (its declared total) and again when a file is stored (its real size), so neither
 * a chunked upload nor several at once can pass it. Hosted media a feed import moves is not counted.
 */
import { eq, sql } from 'drizzle-orm';
import { config } from '../config';
import { getDb, type Db, type Tx, files } from '../db';
import { fieldError } from '../http';
import { formatStorage } from '../../rules/storage';

/** What the user's files take up and what they may. */
export async function storageUsage(userId: number, conn?: Db | Tx): Promise<{ used: number; quota: number }> {
  const db = conn ?? (await getDb());
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${files.size}), 0)` })
    .from(files)
    .where(eq(files.user_id, userId));
  return { used: Number(row?.used ?? 0), quota: config().storageQuotaBytes };
}

/** Throws a 422 on `field` when `incoming` more bytes would pass the user's quota (`conn`: inside the caller's transaction). */
export async function assertStorageQuota(userId: number, incoming: number, field = 'file', conn?: Db | Tx): Promise<void> {
  const { used, quota } = await storageUsage(userId, conn);
  if (used + incoming <= quota) return;
  throw fieldError(
    field,
    `This file does not fit in your storage: your files take up ${formatStorage(used)} of your ${formatStorage(quota)}. Delete files you no longer need, or write to support for more room.`,
  );
}
