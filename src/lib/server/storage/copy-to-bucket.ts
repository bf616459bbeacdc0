/**
 * `npm run storage:migrate`: copies every file stored on the local disk (DATA_DIR/files) into the bucket
 * configured by S3_*, under the same keys, so the database's paths and the hosted media URLs keep
 * pointing at the same files. An object already in the bucket with the same size is skipped, so the
 * command can be run again after an interruption. Local files are left in place.
 */
import { config } from '../config';
import { localStorage } from './local';
import { s3Storage } from './s3';

export interface CopyReport {
  copied: number;
  skipped: number;
  bytes: number;
  failed: { key: string; error: string }[];
}

/** Copies the local files into the configured bucket; `log` hears about each file. */
export async function copyLocalFilesToBucket(log: (line: string) => void = () => undefined): Promise<CopyReport> {
  const { s3 } = config().storage;
  if (!s3)
    throw new Error('Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as your service needs) to copy files into a bucket.');
  const local = localStorage();
  const bucket = s3Storage(s3);
  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0, failed: [] };
  for await (const object of local.list('')) {
    // Partial uploads are abandoned by the move; nothing refers to them.
    if (object.key.startsWith('.partial/')) continue;
    try {
      const there = await bucket.stat(object.key);
      if (there && there.size === object.size) {
        report.skipped++;
        continue;
      }
      await bucket.put(object.key, await local.read(object.key));
      report.copied++;
      report.bytes += object.size;
      log(`copied ${object.key} (${object.size} bytes)`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      report.failed.push({ key: object.key, error: message });
      log(`FAILED ${object.key}: ${message}`);
    }
  }
  return report;
}
