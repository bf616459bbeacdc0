// npm run restore -- <backup folder> [--force]: brings a backup back into DATA_DIR (PGlite) or the empty
// database of DATABASE_URL, with its files. Run it with the server stopped; then npm run serve.
import { existsSync } from 'node:fs';

if (!existsSync(new URL('../dist/server/runtime.mjs', import.meta.url))) {
  console.error('The product is not built yet: run `npm run build` first.');
  process.exit(1);
}
const args = process.argv.slice(2);
const folder = args.find((a) => !a.startsWith('--'));
if (!folder) {
  console.error('Usage: npm run restore -- <backup folder> [--force]');
  process.exit(1);
}
const runtime = await import('../dist/server/runtime.mjs');
try {
  const result = await runtime.restoreBackup(folder, { force: args.includes('--force') });
  await runtime.closeDb();
  const cfg = runtime.config();
  console.log(`Restored the backup of ${result.manifest.created_at} (${result.manifest.dialect}) into ${cfg.databaseUrl ? 'DATABASE_URL' : cfg.dataDir}`);
  console.log(`  files: ${result.files}`);
  if (result.keptAside) console.log(`  the database it replaced was kept at ${result.keptAside}`);
  console.log('Start the server with: npm run serve');
} catch (error) {
  console.error(`[cuepoint] the restore failed: ${error?.message ?? error}`);
  process.exit(1);
}
