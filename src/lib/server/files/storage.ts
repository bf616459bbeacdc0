/**
 * Where the files domain keeps bytes: stored files go to THE storage (storage/storage.ts: local disk or
 * bucket) under generated keys; uploads arrive in a scratch folder on this instance's disk first, where
 * their real type is read before they are stored.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { config } from '../config';
import { storage } from '../storage';

/** This instance's scratch folder for files on their way in or out (never shared, never served). */
export async function scratchDir(): Promise<string> {
  const dir = join(config().dataDir, 'tmp');
  await mkdir(dir, { recursive: true });
  return dir;
}

/** A new scratch file path (not created). */
export async function scratchPath(label: string): Promise<string> {
  return join(await scratchDir(), `${label}-${randomUUID()}.part`);
}

/** A new generated name and its storage key: '2026/05/3f2a….pdf'. */
export function generatedName(ext: string, now = new Date()): { name: string; path: string } {
  const name = `${randomUUID()}.${ext}`;
  const folder = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return { name, path: `${folder}/${name}` };
}

/** Moves a finished scratch file into the storage under its key. */
export async function moveIntoPlace(tempPath: string, key: string): Promise<void> {
  await (await storage()).put(key, { path: tempPath });
}

/** Removes a scratch file, ignoring one that is already gone. */
export async function removeQuietly(path: string): Promise<void> {
  await rm(path, { force: true }).catch(() => undefined);
}

/** Removes a stored file, ignoring one that is already gone. */
export async function removeStored(key: string): Promise<void> {
  await (await storage()).remove(key).catch((error: unknown) => console.error(`[cuepoint] could not remove stored file ${key}`, error));
}

/** Runs `fn` on a local copy of a stored file (ffmpeg reads paths), removed afterwards. */
export async function withLocalCopy<T>(key: string, fn: (path: string) => Promise<T>): Promise<T> {
  const path = await scratchPath('copy');
  try {
    await pipeline(await (await storage()).read(key), createWriteStream(path));
    return await fn(path);
  } finally {
    await removeQuietly(path);
  }
}
