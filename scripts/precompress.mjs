// Writes a .br (quality 11) and a .gz (level 9) beside every script, stylesheet and SVG of the browser
// build (dist/client/_astro), once at build time, so the server sends hashed assets compressed at the
// best ratio without compressing them per request (server/http-delivery.mjs). Run by the build
// (astro.config.mjs); alone: `node scripts/precompress.mjs [dir]`.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.map', '.txt', '.wasm']);
const br = promisify(brotliCompress);
const gz = promisify(gzip);

/** Precompresses every compressible file under dir; answers how many files and bytes. */
export async function precompress(dir) {
  const names = readdirSync(dir, { recursive: true })
    .map(String)
    .filter((n) => COMPRESSIBLE.has(extname(n)));
  let raw = 0;
  let packed = 0;
  // The zlib work runs on libuv's thread pool; a few at a time keeps every thread busy.
  const queue = [...names];
  async function worker() {
    for (let name = queue.shift(); name; name = queue.shift()) {
      const path = join(dir, name);
      const bytes = readFileSync(path);
      const [b, g] = await Promise.all([
        br(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        gz(bytes, { level: 9 }),
      ]);
      writeFileSync(`${path}.br`, b);
      writeFileSync(`${path}.gz`, g);
      raw += bytes.length;
      packed += b.length;
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker));
  return { files: names.length, raw, packed };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? fileURLToPath(new URL('../dist/client/_astro', import.meta.url));
  const { files, raw, packed } = await precompress(dir);
  console.log(`precompressed ${files} files: ${(raw / 1024).toFixed(0)} KB → ${(packed / 1024).toFixed(0)} KB br`);
}
