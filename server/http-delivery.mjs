// How answers travel: hashed /_astro assets from their build-time .br/.gz files (immutable, cached a
// year), every other compressible answer (HTML, JSON, JS, CSS, SVG, feeds) compressed on the fly with
// br, or gzip for clients that take only that: whole when it is complete within one turn of the event
// loop, streamed when its body comes in pieces; media, ranges and already-compressed types
// pass untouched; pages that ask to be revalidated (`Cache-Control: no-cache`) get an ETag from their
// bytes and a 304 when the browser's copy is current.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import compression from 'compression';
import vary from 'vary';
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

/**
 * Brotli as the answers on the fly use it. Measured on a 25 KB signed-in page: quality 3 takes ~0.25 ms
 * for 6.6 KB, quality 5 ~0.55 ms for 5.8 KB; the best ratio (quality 11) is for the assets, compressed
 * once at build time. A 256 KB window instead of the default 4 MB: pages are far smaller, and each
 * compressor allocates its window (with 25 answers in flight the default costs twice the CPU).
 */
const BROTLI_PARAMS = { [zlibConstants.BROTLI_PARAM_QUALITY]: 3, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 };
/** Answers up to this size that are complete in one turn are compressed at once, on the event loop's thread. */
const WHOLE_BODY_MAX = 256 * 1024;

const compress = compression({
  filter: shouldCompress,
  threshold: 1024,
  brotli: { params: BROTLI_PARAMS },
});

/**
 * Applies writeHead's arguments (status, an optional status message, headers as an object or a flat
 * [name, value, …] list) to the response's own headers; answers the arguments left: status and message.
 */
function applyHead(res, [status, ...rest]) {
  const headers = rest.find((r) => r && typeof r === 'object');
  const pairs = Array.isArray(headers) ? headers.flatMap((v, i) => (i % 2 ? [] : [[v, headers[i + 1]]])) : Object.entries(headers ?? {});
  for (const [k, v] of pairs) if (v !== undefined) res.setHeader(k, v);
  res.statusCode = status;
  return typeof rest[0] === 'string' ? [status, rest[0]] : [status];
}

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
  res.writeHead = function (...args) {
    const head = applyHead(this, args);
    const [status] = head;
    const cacheControl = String(this.getHeader('cache-control') ?? '');
    if (status === 200 && !this.getHeader('etag') && /\bno-cache\b/.test(cacheControl) && !/\bno-store\b/.test(cacheControl)) {
      this.statusCode = status;
      held = [];
      return this;
    }
    return writeHead.apply(this, head);
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
 * The encoding for a complete body compressed here, or null to leave it to the streaming compressor:
 * what `compression` would send (filter, no-transform, threshold, negotiation), decided on the body.
 */
function wholeBodyEncoding(req, res, body) {
  if (req.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304) return null;
  if (body.length < 1024 || body.length > WHOLE_BODY_MAX || res.getHeader('content-encoding')) return null;
  if (/\bno-transform\b/.test(String(res.getHeader('cache-control') ?? ''))) return null;
  if (!shouldCompress(req, res)) return null;
  return pickEncoding(req.headers['accept-encoding']);
}

/**
 * Astro writes a page in many small pieces, each of which would cost the compressor a round trip to
 * zlib's thread pool. Here the head and the pieces written in one turn of the event loop are held:
 * an answer that ends within that turn (a page rendered at once, a JSON answer) is compressed whole,
 * here, in one call, and sent with its length; one that waits on data goes on to the streaming
 * compressor a turn's pieces at a time, sending what is ready. Under load this matters more than the
 * CPU it saves: every answer waiting in the thread pool's queue keeps its whole render alive.
 */
function compressWholeBodies(req, res) {
  const writeHead = res.writeHead;
  const write = res.write;
  const end = res.end;
  let head = null;
  let pending = [];
  let scheduled = false;
  const sendHead = () => {
    if (!head) return;
    const args = head;
    head = null;
    writeHead.apply(res, args);
  };
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return sendHead();
    const chunk = pending.length === 1 ? pending[0] : Buffer.concat(pending);
    pending = [];
    sendHead();
    write.call(res, chunk);
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  };
  // The head waits for the body only within this turn: an answer whose body comes later sends it then.
  res.writeHead = (...args) => {
    head = args;
    schedule();
    return res;
  };
  res.write = (chunk, encoding, cb) => {
    if (typeof encoding === 'function') [cb, encoding] = [encoding, undefined];
    pending.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, encoding ?? 'utf8'));
    schedule();
    cb?.();
    return true;
  };
  res.end = (chunk, encoding, cb) => {
    if (typeof chunk === 'function') [cb, chunk] = [chunk, undefined];
    if (typeof encoding === 'function') [cb, encoding] = [encoding, undefined];
    if (chunk) pending.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, encoding ?? 'utf8'));
    let body = pending.length === 0 ? undefined : pending.length === 1 ? pending[0] : Buffer.concat(pending);
    pending = [];
    if (head && body) {
      // Nothing sent yet and the body is whole: apply the head's headers, then decide on the bytes.
      head = applyHead(res, head);
      const coding = wholeBodyEncoding(req, res, body);
      if (coding) {
        body =
          coding === 'br' ? brotliCompressSync(body, { params: { ...BROTLI_PARAMS, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } }) : gzipSync(body);
        res.setHeader('content-encoding', coding);
        res.setHeader('content-length', String(body.length));
        vary(res, 'Accept-Encoding');
      }
      if (!res.getHeader('content-length')) res.setHeader('content-length', String(body.length));
    }
    sendHead();
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
      compressWholeBodies(req, res);
      conditional(req, res);
      handler(req, res);
    });
  };
}
