/**
 * Object storage on any S3-compatible service (AWS S3, MinIO, R2, s3rver in the tests) through the
 * official SDK: bodies over 16 MB go up as multipart uploads (lib-storage's Upload, 4 parts at a time),
 * reads pass the byte range through to the bucket.
 */
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../config';
import { assertKey, isFileBody, type Storage, type StorageBody, type StoredObject } from './storage';

const PART_BYTES = 16 * 1024 * 1024;

type S3Config = NonNullable<Config['storage']['s3']>;

function missing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return error instanceof NotFound || error instanceof NoSuchKey || e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/** The S3 client of a configuration. */
export function s3Client(cfg: S3Config): S3Client {
  return new S3Client({
    region: cfg.region,
    endpoint: cfg.endpoint ?? undefined,
    forcePathStyle: cfg.forcePathStyle,
    credentials: cfg.accessKeyId && cfg.secretAccessKey ? { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey } : undefined,
    // Checksums only where the service asks for them: several S3-compatible servers reject the newer trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** The storage in an S3-compatible bucket. */
export function s3Storage(cfg: S3Config, client: S3Client = s3Client(cfg)): Storage {
  const Bucket = cfg.bucket;
  const head = async (key: string): Promise<StoredObject | null> => {
    assertKey(key);
    try {
      const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { key, size: out.ContentLength ?? 0, modifiedAt: out.LastModified ?? new Date(0), etag: out.ETag ?? `"${out.ContentLength}"` };
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  };
  return {
    kind: 's3',
    async put(key: string, body: StorageBody, options = {}) {
      assertKey(key);
      const ContentType = options.contentType;
      if (body instanceof Uint8Array && body.length <= PART_BYTES) {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType }));
      } else if (isFileBody(body)) {
        const { size } = await stat(body.path);
        if (size <= PART_BYTES) {
          await client.send(new PutObjectCommand({ Bucket, Key: key, Body: createReadStream(body.path), ContentLength: size, ContentType }));
        } else {
          await new Upload({ client, params: { Bucket, Key: key, Body: createReadStream(body.path), ContentType }, partSize: PART_BYTES, queueSize: 4 }).done();
        }
        await rm(body.path, { force: true });
      } else {
        const stream = body instanceof Uint8Array ? Readable.from(body) : (body as Readable);
        await new Upload({ client, params: { Bucket, Key: key, Body: stream, ContentType }, partSize: PART_BYTES, queueSize: 4 }).done();
      }
      const stored = await head(key);
      if (!stored) throw new Error(`The bucket did not keep "${key}".`);
      return stored;
    },
    stat: head,
    async read(key, range) {
      assertKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
        return out.Body as Readable;
      } catch (error) {
        if (missing(error)) throw Object.assign(new Error(`No stored object "${key}".`), { code: 'ENOENT' });
        throw error;
      }
    },
    async copy(from, to) {
      assertKey(from);
      assertKey(to);
      await client.send(new CopyObjectCommand({ Bucket, Key: to, CopySource: `${Bucket}/${from.split('/').map(encodeURIComponent).join('/')}` }));
      return (await head(to))!;
    },
    async remove(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch((error: unknown) => {
        if (!missing(error)) throw error;
      });
    },
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const out = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const o of out.Contents ?? []) {
          if (o.Key) yield { key: o.Key, size: o.Size ?? 0, modifiedAt: o.LastModified ?? new Date(0), etag: o.ETag ?? '""' };
        }
        ContinuationToken = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
