/** The embedded storage: files under DATA_DIR/files, written to a temporary name and renamed into place. */
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { config } from '../config';
import { assertKey, isFileBody, type Storage, type StorageBody, type StoredObject } from './storage';

/** The folder of the local storage. */
export function localRoot(): string {
  return join(config().dataDir, 'files');
}

/** The storage on the local disk. */
export function localStorage(root = localRoot()): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertKey(key);
    const full = resolve(base, key);
    if (!full.startsWith(base + sep)) throw new Error(`"${key}" is not a storage key.`);
    return full;
  };
  const describeFile = async (key: string, full: string): Promise<StoredObject | null> => {
    const info = await stat(full).catch(() => null);
    if (!info?.isFile()) return null;
    return { key, size: info.size, modifiedAt: info.mtime, etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"` };
  };
  const place = async (full: string, write: (tmp: string) => Promise<void>) => {
    await mkdir(dirname(full), { recursive: true });
    const tmp = `${full}.${randomUUID()}.tmp`;
    try {
      await write(tmp);
      await rename(tmp, full);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  };
  return {
    kind: 'local',
    async put(key: string, body: StorageBody) {
      const full = pathOf(key);
      if (isFileBody(body)) {
        await mkdir(dirname(full), { recursive: true });
        const source = body.path;
        await rename(source, full).catch(async (error: NodeJS.ErrnoException) => {
          if (error.code !== 'EXDEV') throw error;
          await place(full, (tmp) => copyFile(source, tmp));
          await rm(source, { force: true });
        });
      } else if (body instanceof Uint8Array) {
        await place(full, (tmp) => writeFile(tmp, body));
      } else {
        await place(full, (tmp) => pipeline(body as Readable, createWriteStream(tmp)));
      }
      return (await describeFile(key, full))!;
    },
    stat: (key) => describeFile(key, pathOf(key)),
    async read(key, range) {
      const full = pathOf(key);
      if (!(await describeFile(key, full))) throw Object.assign(new Error(`No stored object "${key}".`), { code: 'ENOENT' });
      return createReadStream(full, range ? { start: range.start, end: range.end } : {});
    },
    async copy(from, to) {
      const target = pathOf(to);
      await place(target, (tmp) => copyFile(pathOf(from), tmp));
      return (await describeFile(to, target))!;
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async *list(prefix) {
      const start = prefix ? resolve(base, prefix.replace(/\/?[^/]*$/, '')) : base;
      if (!start.startsWith(base)) return;
      const walk = async function* (dir: string): AsyncGenerator<string> {
        const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
        for (const entry of entries) {
          const full = join(dir, entry.name);
          if (entry.isDirectory()) yield* walk(full);
          else if (entry.isFile() && !entry.name.endsWith('.tmp')) yield full;
        }
      };
      for await (const full of walk(start)) {
        const key = relative(base, full).split(sep).join('/');
        if (!key.startsWith(prefix)) continue;
        const found = await describeFile(key, full);
        if (found) yield found;
      }
    },
  };
}
