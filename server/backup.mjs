// npm run backup [-- --out <folder>]: a consistent snapshot of the database and the stored files.
// An embedded (PGlite) database belongs to the serving process, so a running server is asked to take it;
// PostgreSQL (DATABASE_URL) is dumped from here with pg_dump, servers running or not.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

if (!existsSync(new URL('../dist/server/runtime.mjs', import.meta.url))) {
  console.error('The product is not built yet: run `npm run build` first.');
  process.exit(1);
}
const runtime = await import('../dist/server/runtime.mjs');
const cfg = runtime.config();
const outAt = process.argv.indexOf('--out');
const dir = resolve(outAt > 0 && process.argv[outAt + 1] ? process.argv[outAt + 1] : join(cfg.rootDir, 'backups', runtime.backupName()));

const report = (manifest, how) => {
  console.log(`Backup written to ${dir} (${how})`);
  console.log(`  database: ${manifest.dialect} → ${manifest.database}`);
  console.log(`  files: ${manifest.files} (${(manifest.file_bytes / 1024 / 1024).toFixed(1)} MB)`);
  console.log(
    `  app key: ${manifest.app_key === 'included' ? 'included (keep this backup as secret as the database)' : 'from the environment (APP_KEY), not included'}`,
  );
  console.log(`Restore it on a fresh machine with: npm run restore -- ${dir}`);
};

try {
  if (!cfg.databaseUrl) {
    const host = ['0.0.0.0', '::', 'localhost'].includes(cfg.host) ? '127.0.0.1' : cfg.host;
    const response = await fetch(`http://${host}:${cfg.port}/internal/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${runtime.backupToken()}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ dir }),
    }).catch(() => null);
    if (response) {
      const body = await response.json().catch(() => ({}));
      if (!response.ok) throw new Error(body.message ?? `the server answered ${response.status}`);
      report(body.data, `taken by the server at ${host}:${cfg.port} while it serves`);
      process.exit(0);
    }
  }
  // PostgreSQL, or PGlite with no server running on PORT: take it in this process.
  const manifest = await runtime.createBackup(dir);
  await runtime.closeDb();
  report(manifest, cfg.databaseUrl ? 'pg_dump' : 'no server was running');
} catch (error) {
  console.error(`[cuepoint] the backup failed: ${error?.message ?? error}`);
  process.exit(1);
}
