/**
 * The storage interface on both drivers: the local disk and an S3-compatible bucket (s3rver, started here),
 * plus the command that copies a disk into a bucket.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../../src/lib/server/storage/storage';

let s3rver: S3rver;
let endpoint = '';
const dir = mkdtempSync(join(tmpdir(), 'cuepoint-storage-'));
const BUCKET = 'cuepoint-storage-test';

beforeAll(async () => {
  s3rver = new S3rver({ port: 0, address: '127.0.0.1', directory: join(dir, 's3'), silent: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
  process.env.DATA_DIR = join(dir, 'data');
  process.env.APP_ENV = 'test';
  Object.assign(process.env, {
    S3_ENDPOINT: endpoint,
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  });
});

afterAll(async () => {
  await s3rver.close();
  rmSync(dir, { recursive: true, force: true });
  for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE']) delete process.env[name];
});

async function drivers(): Promise<[string, Storage][]> {
  const { localStorage } = await import('../../src/lib/server/storage/local');
  const { s3Storage } = await import('../../src/lib/server/storage/s3');
  const { config } = await import('../../src/lib/server/config');
  return [
    ['local disk', localStorage(join(dir, 'local'))],
    ['S3 (s3rver)', s3Storage(config().storage.s3!)],
  ];
}

describe('storage', () => {
  it('stores, describes, reads ranges, copies, lists and removes on both drivers', async () => {
    for (const [label, store] of await drivers()) {
      const bytes = Buffer.from('0123456789abcdefghij');
      const put = await store.put('hosted/abc/audio-1.mp3', bytes, { contentType: 'audio/mpeg' });
      expect(put.size, label).toBe(20);
      const stat = await store.stat('hosted/abc/audio-1.mp3');
      expect(stat?.size, label).toBe(20);
      expect(stat?.etag, label).toMatch(/^"/);
      expect(await store.stat('hosted/abc/missing.mp3'), label).toBeNull();
      expect((await buffer(await store.read('hosted/abc/audio-1.mp3'))).toString(), label).toBe('0123456789abcdefghij');
      expect((await buffer(await store.read('hosted/abc/audio-1.mp3', { start: 10, end: 14 }))).toString(), label).toBe('abcde');
      await expect(store.read('hosted/abc/missing.mp3'), label).rejects.toMatchObject({ code: 'ENOENT' });

      // A local file is moved in; a larger body goes up in parts.
      const path = join(dir, `move-${label.length}.bin`);
      const large = Buffer.alloc(17 * 1024 * 1024, 7);
      large.write('START', 0);
      writeFileSync(path, large);
      const moved = await store.put('2026/05/large.bin', { path });
      expect(moved.size, label).toBe(large.length);
      expect((await buffer(await store.read('2026/05/large.bin', { start: 0, end: 4 }))).toString(), label).toBe('START');

      const copied = await store.copy('hosted/abc/audio-1.mp3', 'hosted/xyz/ep-1.mp3');
      expect(copied.size, label).toBe(20);
      const listed = [];
      for await (const o of store.list('hosted/')) listed.push(o.key);
      expect(listed.sort(), label).toEqual(['hosted/abc/audio-1.mp3', 'hosted/xyz/ep-1.mp3']);

      await store.remove('hosted/abc/audio-1.mp3');
      await store.remove('hosted/abc/audio-1.mp3');
      expect(await store.stat('hosted/abc/audio-1.mp3'), label).toBeNull();
      await expect(store.put('../escape', bytes), label).rejects.toThrow(/not a storage key/);
    }
  });

  it('copies the files of a local disk into the bucket under the same keys, and skips them the second time', async () => {
    const { localStorage } = await import('../../src/lib/server/storage/local');
    const { copyLocalFilesToBucket } = await import('../../src/lib/server/storage/copy-to-bucket');
    const { s3Storage } = await import('../../src/lib/server/storage/s3');
    const { config } = await import('../../src/lib/server/config');
    const disk = localStorage();
    await disk.put('2025/11/report.pdf', Buffer.from('%PDF-1.4 report'));
    await disk.put('hosted/show/audio-2.mp3', Buffer.from('ID3 audio'));
    await disk.put('.partial/7-abc/0.part', Buffer.from('half'));
    const first = await copyLocalFilesToBucket();
    expect(first).toMatchObject({ copied: 2, skipped: 0, failed: [] });
    const bucket = s3Storage(config().storage.s3!);
    expect((await buffer(await bucket.read('hosted/show/audio-2.mp3'))).toString()).toBe('ID3 audio');
    expect(await bucket.stat('.partial/7-abc/0.part')).toBeNull();
    expect(await copyLocalFilesToBucket()).toMatchObject({ copied: 0, skipped: 2 });
  });
});
