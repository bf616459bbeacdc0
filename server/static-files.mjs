// The build's browser files (dist/client: hashed /_astro assets and the public/ files) served from a
// list made once at start, so a page or API request never touches the disk to learn it is not a file
// (Astro's standalone handler stats the disk for every request before rendering). Files are read
// once, on their first request, and kept in memory: the client build is a few megabytes.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, sep } from 'node:path';
import { etagMatches, IMMUTABLE } from './revalidation.mjs';

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.html': 'text/html; charset=utf-8',
};

/** Answers a function that serves a GET or HEAD of a build file and says whether it did. */
export function createStaticFiles(clientDir) {
  const files = new Map();
  let names = [];
  try {
    names = readdirSync(clientDir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => join(d.parentPath ?? d.path, d.name).slice(clientDir.length + 1));
  } catch {
    // No build output yet: nothing to serve.
  }
  for (const name of names) {
    if (name.endsWith('.br') || name.endsWith('.gz')) continue;
    files.set(`/${name.split(sep).join('/')}`, { name, body: null, etag: null });
  }

  return function serveStatic(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const path = (req.url ?? '').split('?')[0];
    const file = files.get(path);
    if (!file) return false;
    if (!file.body) {
      file.body = readFileSync(join(clientDir, file.name));
      file.etag = `"${createHash('sha256').update(file.body).digest('base64url').slice(0, 22)}"`;
    }
    const headers = {
      'content-type': TYPES[extname(file.name)] ?? 'application/octet-stream',
      'cache-control': path.startsWith('/_astro/') ? IMMUTABLE : 'public, max-age=0, must-revalidate',
      etag: file.etag,
      'x-content-type-options': 'nosniff',
    };
    if (etagMatches(req.headers['if-none-match'], file.etag)) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : file.body);
    return true;
  };
}
