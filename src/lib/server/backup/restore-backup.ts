/**
 * `npm run restore <folder>`: brings a backup back on a fresh machine (or, with `force`, over an existing
 * install, whose PGlite database is kept aside); the files go into the configured storage (disk or bucket). Run it with the server stopped. The next start applies any
 * migration newer than the backup.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, readdir, readFile, rename } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { config } from '../config';
import { closeDb, getDb, pgliteOptions } from '../db';
import { restoreStoredFiles } from './backup-files';
import { BACKUP_FORMAT, PGLITE_DUMP, POSTGRES_DUMP, type BackupManifest } from './create-backup';

const run = promisify(execFile);

export interface RestoreOptions {
  /** Replace a database that already has tables (PGlite's is moved aside, PostgreSQL's tables are dropped). */
  force?: boolean;
}

export interface RestoreResult {
  manifest: BackupManifest;
  files: number;
  /** Where the replaced PGlite database was moved, when there was one. */
  keptAside: string | null;
}

async function readManifest(dir: string): Promise<BackupManifest> {
  const raw = await readFile(join(dir, 'manifest.json'), 'utf8').catch(() => null);
  if (!raw) throw new Error(`${dir} is not a Cuepoint backup (it has no manifest.json).`);
  const manifest = JSON.parse(raw) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`This backup has format ${manifest.format}; this version restores format ${BACKUP_FORMAT}.`);
  return manifest;
}

async function restorePglite(dir: string, force: boolean): Promise<string | null> {
  const target = join(config().dataDir, 'db');
  let keptAside: string | null = null;
  if (existsSync(target) && (await readdir(target)).length > 0) {
    if (!force) throw new Error(`${target} already holds a database. Restore into a fresh DATA_DIR, or pass --force to replace it (it is kept aside).`);
    keptAside = `${target}.replaced-${Date.now()}`;
    await rename(target, keptAside);
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const dump = new Blob([new Uint8Array(await readFile(join(dir, PGLITE_DUMP)))], { type: 'application/x-gzip' });
  const db = await PGlite.create(target, { ...(await pgliteOptions()), loadDataDir: dump });
  await db.query('select 1');
  await db.close();
  return keptAside;
}

async function restorePostgres(dir: string, force: boolean): Promise<void> {
  const db = await getDb();
  const result = await db.execute(sql`select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`);
  const tables = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  await closeDb();
  if (tables > 0 && !force)
    throw new Error('The database in DATABASE_URL already has tables. Restore into an empty database, or pass --force to replace them.');
  const args = [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    ...(tables > 0 ? ['--clean', '--if-exists'] : []),
    `--dbname=${config().databaseUrl}`,
    join(dir, POSTGRES_DUMP),
  ];
  await run('pg_restore', args, { maxBuffer: 16 * 1024 * 1024 });
}

/** Restores the backup in `folder` into this install's database (DATABASE_URL or DATA_DIR) and DATA_DIR/files. */
export async function restoreBackup(folder: string, options: RestoreOptions = {}): Promise<RestoreResult> {
  const dir = resolve(folder);
  const manifest = await readManifest(dir);
  const c = config();
  const target = c.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.dialect !== target)
    throw new Error(
      manifest.dialect === 'postgres'
        ? 'This backup is of a PostgreSQL database: set DATABASE_URL to an empty PostgreSQL database to restore it.'
        : 'This backup is of an embedded (PGlite) database: unset DATABASE_URL to restore it into DATA_DIR.',
    );
  let keptAside: string | null = null;
  if (target === 'pglite') keptAside = await restorePglite(dir, !!options.force);
  else await restorePostgres(dir, !!options.force);
  const files = await restoreStoredFiles(join(dir, 'files'));
  // Signed links and sessions of the restored data were made with the backup's key.
  if (manifest.app_key === 'included' && !process.env.APP_KEY) await copyFile(join(dir, 'app-key'), join(c.dataDir, 'app-key'));
  return { manifest, files, keptAside };
}
