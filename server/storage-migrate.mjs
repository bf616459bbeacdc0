// npm run storage:migrate: copies the files stored under DATA_DIR/files into the S3-compatible bucket named
// by S3_BUCKET (S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE), under
// the same keys. Safe to run again: objects already there with the same size are skipped.
import { existsSync } from 'node:fs';

if (!existsSync(new URL('../dist/server/runtime.mjs', import.meta.url))) {
  console.error('The product is not built yet: run `npm run build` first.');
  process.exit(1);
}
const runtime = await import('../dist/server/runtime.mjs');
try {
  const report = await runtime.copyLocalFilesToBucket((line) => console.log(`[storage] ${line}`));
  console.log(
    `[storage] ${report.copied} file(s) copied (${(report.bytes / 1024 / 1024).toFixed(1)} MB), ${report.skipped} already there, ${report.failed.length} failed.`,
  );
  process.exit(report.failed.length ? 1 : 0);
} catch (error) {
  console.error(`[storage] ${error?.message ?? error}`);
  process.exit(1);
}
