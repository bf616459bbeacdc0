/** Where files live: DATA_DIR/files, under generated names, with partial chunked uploads beside them. */
import { mkdir, rename, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { dirname, join, resolve, sep } from 'node:path';
import { config } from '../config';

/** The root folder of stored files. */
export function filesRoot(): string {
  return join(config().dataDir, 'files');
}

/** The folder of partial (chunked) uploads. */
export function partialRoot(): string {
  return join(filesRoot(), '.partial');
}

/** A new generated name and its path relative to the files root: '2026/05/3f2a….pdf'. */
export function generatedName(ext: string, now = new Date()): { name: string; path: string } {
  const name = `${randomUUID()}.${ext}`;
  const folder = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return { name, path: `${folder}/${name}` };
}

/** The absolute path of a stored file; a path escaping the root is refused. */
export function absolutePath(relative: string): string {
  const root = resolve(filesRoot());
  const full = resolve(root, relative);
  if (!full.startsWith(root + sep)) throw new Error('A file path escaped the files folder.');
  return full;
}

/** Moves a finished temporary file into place under its generated path. */
export async function moveIntoPlace(tempPath: string, relative: string): Promise<void> {
  const target = absolutePath(relative);
  await mkdir(dirname(target), { recursive: true });
  await rename(tempPath, target);
}

/** Removes a file, ignoring one that is already gone. */
export async function removeQuietly(path: string): Promise<void> {
  await rm(path, { force: true }).catch(() => undefined);
}
