/**
 * `npm run backup`: a consistent snapshot of the database and the stored files (local disk or bucket),
 * taken while the product serves. The files are copied before and after the database dump, so every file a dumped row names is in
 * the backup (files are never rewritten in place). PGlite is dumped by the process that holds it
 * (dumpDataDir); PostgreSQL by pg_dump. The app key comes along when it lives in DATA_DIR, since signed
 * links and sessions depend on it: a backup is as secret as the database.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { config } from '../config';
import { sign } from '../crypto';
import { dbHandle } from '../db';
import { backupStoredFiles } from './backup-files';

const run = promisify(execFile);

export const BACKUP_FORMAT = 1;
export const PGLITE_DUMP = 'database.pglite.tar.gz';
export const POSTGRES_DUMP = 'database.pgdump';

export interface BackupManifest {
  format: number;
  created_at: string;
  dialect: 'pglite' | 'postgres';
  database: string;
  files: number;
  file_bytes: number;
  app_key: 'included' | 'from environment';
  migrations: string[];
}

/** What `npm run backup` shows a running server (PGlite lives in its process) to have it take the backup. */
export function backupToken(): string {
  return sign('cuepoint:backup-request');
}

/** A new backup folder's name: cuepoint-2026-11-25T03-30-00Z. */
export function backupName(now = new Date()): string {
  return `cuepoint-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}`;
}

/** Writes a backup into `dir` (a new folder); answers its manifest. */
export async function createBackup(dir: string): Promise<BackupManifest> {
  const out = resolve(dir);
  if (existsSync(out) && (await readdir(out)).length > 0) throw new Error(`The backup folder ${out} is not empty; choose a new one.`);
  await mkdir(join(out, 'files'), { recursive: true });
  const c = config();
  const before = await backupStoredFiles(join(out, 'files'));

  const handle = await dbHandle();
  let database: string;
  if (handle.dialect === 'pglite') {
    const client = (handle.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('gzip');
    await writeFile(join(out, PGLITE_DUMP), new Uint8Array(await dump.arrayBuffer()));
    database = PGLITE_DUMP;
  } else {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${join(out, POSTGRES_DUMP)}`, c.databaseUrl!], {
      maxBuffer: 16 * 1024 * 1024,
    });
    database = POSTGRES_DUMP;
  }
  const after = await backupStoredFiles(join(out, 'files'));

  const keyFile = join(c.dataDir, 'app-key');
  const keyInDataDir = !process.env.APP_KEY && existsSync(keyFile);
  if (keyInDataDir) await copyFile(keyFile, join(out, 'app-key'));
  const migrations = await readdir(join(c.rootDir, 'src/lib/server/db/migrations')).catch(() => [] as string[]);
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    created_at: new Date().toISOString(),
    dialect: handle.dialect,
    database,
    files: before.files + after.files,
    file_bytes: before.bytes + after.bytes,
    app_key: keyInDataDir ? 'included' : 'from environment',
    migrations: migrations.filter((m) => m.endsWith('.sql')).sort(),
  };
  await writeFile(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await ownerOnly(out);
  return manifest;
}

/**
 * A backup holds the database, every stored file and perhaps the app key: its folders become 0700 and
 * its files 0600 (only the user that runs Cuepoint may read them), as the app key itself is.
 */
async function ownerOnly(dir: string): Promise<void> {
  await chmod(dir, 0o700);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await ownerOnly(path);
    else if (entry.isFile()) await chmod(path, 0o600);
  }
}
