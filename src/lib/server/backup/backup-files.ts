/**
 * Copying the stored files (through THE storage: local disk or bucket) into a backup folder and back.
 * Files are written once under generated keys, so a copy is a snapshot; partial uploads are left out.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { storage } from '../storage';

const PARTIAL = '.partial/';

/** Copies the stored objects missing in `to` (or of another size); answers how many were copied and their bytes. */
export async function backupStoredFiles(to: string): Promise<{ files: number; bytes: number }> {
  const store = await storage();
  let files = 0;
  let bytes = 0;
  for await (const object of store.list('')) {
    if (object.key.startsWith(PARTIAL)) continue;
    const target = join(to, ...object.key.split('/'));
    const existing = await stat(target).catch(() => null);
    if (existing?.size === object.size) continue;
    await mkdir(dirname(target), { recursive: true });
    await pipeline(await store.read(object.key), createWriteStream(target));
    files++;
    bytes += object.size;
  }
  return { files, bytes };
}

async function localFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) out.push(full);
    }
  };
  await walk(root);
  return out.sort();
}

/** Puts the files of a backup folder into the storage (those it lacks, or holds at another size); answers how many. */
export async function restoreStoredFiles(from: string): Promise<number> {
  const store = await storage();
  let files = 0;
  for (const full of await localFiles(from)) {
    const key = relative(from, full).split(sep).join('/');
    const [local, stored] = await Promise.all([stat(full), store.stat(key)]);
    if (stored?.size === local.size) continue;
    await store.put(key, createReadStream(full));
    files++;
  }
  return files;
}
