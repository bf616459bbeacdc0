// Issue #16: the build's files are served from a list made at start; anything else goes on to the app.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticFiles } from '../../server/static-files.mjs';

let base = '';
let close: () => void = () => undefined;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'static-'));
  mkdirSync(join(dir, '_astro'));
  writeFileSync(join(dir, '_astro', 'app.abc123.js'), 'console.log(1)');
  writeFileSync(join(dir, '_astro', 'app.abc123.js.br'), 'compressed');
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
  const serve = createStaticFiles(dir);
  const server = createServer((req, res) => {
    if (!serve(req, res)) res.writeHead(404).end('app');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}`;
  close = () => void server.close();
});
afterAll(() => close());

describe('createStaticFiles', () => {
  it('serves hashed assets immutable and public files revalidated, with an ETag and 304', async () => {
    const js = await fetch(`${base}/_astro/app.abc123.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toContain('immutable');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await js.text()).toBe('console.log(1)');
    const svg = await fetch(`${base}/favicon.svg`);
    expect(svg.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(svg.headers.get('x-content-type-options')).toBe('nosniff');
    const again = await fetch(`${base}/favicon.svg`, { headers: { 'if-none-match': svg.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('leaves pages, precompressed copies and other methods to the app', async () => {
    for (const path of ['/campaigns', '/_astro/app.abc123.js.br', '/_astro', '/../package.json'])
      expect((await fetch(`${base}${path}`)).status, path).toBe(404);
    expect((await fetch(`${base}/favicon.svg`, { method: 'POST' })).status).toBe(404);
  });
});
