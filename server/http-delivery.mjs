// How answers travel: hashed /_astro assets from their build-time .br/.gz files (immutable, cached a
// year), every other compressible answer (HTML, JSON, JS, CSS, SVG, feeds) compressed on the fly with
// br, or gzip for clients that take only that, streamed; media, ranges and already-compressed types
// pass untouched; pages that ask to be revalidated (`Cache-Control: no-cache`) get an ETag from their
// bytes and a 304 when the browser's copy is current.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compression from 'compression';
import { pickEncoding } from './accept-encoding.mjs';
import { etagMatches, IMMUTABLE } from './revalidation.mjs';
import { createStaticFiles } from './static-files.mjs';

const ASSET_TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves /_astro files that the build precompressed (scripts/precompress.mjs) from memory. Answers
 * false for anything else (other paths, byte ranges, a client that takes neither br nor gzip).
 */
export function createPrecompressedAssets(clientDir) {
  const files = new Map();
  let names = [];
  try {
    names = readdirSync(join(clientDir, '_astro'), { recursive: true }).map(String);
  } catch {
    // No build output yet: nothing to serve.
  }
  const present = new Set(names);
  for (const name of names) {
    const type = ASSET_TYPES[extname(name)];
    if (!type || !(present.has(`${name}.br`) || present.has(`${name}.gz`))) continue;
    files.set(`/_astro/${name.split('\\').join('/')}`, { name, type, loaded: null });
  }
  const load = (file) => {
    if (!file.loaded) {
      const read = (ext) => (present.has(`${file.name}${ext}`) ? readFileSync(join(clientDir, '_astro', `${file.name}${ext}`)) : null);
      file.loaded = { br: read('.br'), gzip: read('.gz') };
    }
    return file.loaded;
  };

  return function servePrecompressed(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    if (req.headers.range) return false;
    const path = (req.url ?? '').split('?')[0];
    const file = files.get(path);
    if (!file) return false;
    const encoding = pickEncoding(req.headers['accept-encoding']);
    const body = encoding ? load(file)[encoding] : null;
    if (!body) return false;
    const etag = `"${file.name.replace(/[^\w.-]/g, '')}.${encoding}"`;
    const headers = { 'content-type': file.type, 'cache-control': IMMUTABLE, vary: 'Accept-Encoding', etag };
    if (etagMatches(req.headers['if-none-match'], etag)) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    res.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': String(body.length) });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}

/** Compressible answers only: never byte ranges, event streams, or answers that forbid transforming. */
function shouldCompress(req, res) {
  if (req.headers.range || res.statusCode === 206 || res.getHeader('content-range')) return false;
  const type = String(res.getHeader('content-type') ?? '');
  if (type.startsWith('text/event-stream')) return false;
  return compression.filter(req, res);
}

const compress = compression({
  filter: shouldCompress,
  threshold: 1024,
  // Measured on a 32 KB signed-in page: quality 3 takes ~0.35 ms for 7.9 KB, the library's default 4
  // takes ~1.5 ms for 7.5 KB (zlib runs on the event loop's thread here). The best ratio (quality 11)
  // is for the assets, compressed once at build time.
  brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 3 } },
});

/**
 * Pages that must be revalidated on every view (`Cache-Control: …no-cache`) and carry no ETag of their
 * own get one from their bytes; a browser whose copy is current gets 304 and no body. The body is
 * held until it ends (such pages are small), everything else streams.
 */
function conditional(req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return;
  const writeHead = res.writeHead;
  const write = res.write;
  const end = res.end;
  let held = null;
  res.writeHead = function (status, ...rest) {
    const headers = rest.find((r) => r && typeof r === 'object');
    if (headers) for (const [k, v] of Object.entries(headers)) if (v !== undefined) this.setHeader(k, v);
    const cacheControl = String(this.getHeader('cache-control') ?? '');
    if (status === 200 && !this.getHeader('etag') && /\bno-cache\b/.test(cacheControl) && !/\bno-store\b/.test(cacheControl)) {
      this.statusCode = status;
      held = [];
      return this;
    }
    return writeHead.call(this, status);
  };
  res.write = function (chunk, encoding, cb) {
    if (!held) return write.call(this, chunk, encoding, cb);
    held.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8'));
    if (typeof encoding === 'function') encoding();
    else if (typeof cb === 'function') cb();
    return true;
  };
  res.end = function (chunk, encoding, cb) {
    if (!held) return end.call(this, chunk, encoding, cb);
    if (chunk && typeof chunk !== 'function') held.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8'));
    const body = Buffer.concat(held);
    held = null;
    const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
    this.setHeader('etag', etag);
    if (etagMatches(req.headers['if-none-match'], etag)) {
      this.removeHeader('content-length');
      writeHead.call(this, 304);
      return end.call(this);
    }
    this.setHeader('content-length', String(body.length));
    writeHead.call(this, 200);
    return end.call(this, req.method === 'HEAD' ? undefined : body);
  };
}

/**
 * Astro writes a page in many small pieces. Each one given to the compressor costs a round trip to
 * zlib's thread pool, so the pieces written in one turn of the event loop go on as one: a page that
 * renders at once is compressed in one piece, one that waits on data still sends what is ready.
 */
function coalesceWrites(res) {
  const write = res.write;
  const end = res.end;
  let pending = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const chunk = pending.length === 1 ? pending[0] : Buffer.concat(pending);
    pending = [];
    write.call(res, chunk);
  };
  res.write = (chunk, encoding, cb) => {
    if (typeof encoding === 'function') [cb, encoding] = [encoding, undefined];
    pending.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, encoding ?? 'utf8'));
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
    cb?.();
    return true;
  };
  res.end = (chunk, encoding, cb) => {
    if (typeof chunk === 'function') [cb, chunk] = [chunk, undefined];
    if (typeof encoding === 'function') [cb, encoding] = [encoding, undefined];
    if (chunk) pending.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, encoding ?? 'utf8'));
    const body = pending.length === 0 ? undefined : pending.length === 1 ? pending[0] : Buffer.concat(pending);
    pending = [];
    return end.call(res, body, cb);
  };
}

/** Wraps the product's request handler with precompressed assets, compression and revalidation. */
export function withHttpDelivery(handler, clientDir) {
  const servePrecompressed = createPrecompressedAssets(clientDir);
  const serveStatic = createStaticFiles(clientDir);
  return (req, res) => {
    if (servePrecompressed(req, res)) return;
    compress(req, res, () => {
      if (serveStatic(req, res)) return;
      coalesceWrites(res);
      conditional(req, res);
      handler(req, res);
    });
  };
}
