// Issue #16 item 4: answers are compressed (br, or gzip for a client that takes only that) with
// `Vary: Accept-Encoding`; a body complete in one turn is compressed whole and sent with its length,
// one that comes in pieces is streamed; media and small answers pass untouched.
import { mkdtempSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withHttpDelivery } from '../../server/http-delivery.mjs';

const PAGE = `<!doctype html><html><body>${'<p>Second Wind Running, episode notes and sponsors.</p>'.repeat(200)}</body></html>`;
const AUDIO = Buffer.alloc(4096, 7);

type Route = (res: ServerResponse) => void | Promise<void>;
const routes: Record<string, Route> = {
  // Astro's way: the head, then the page in several writes within one turn, then the end.
  '/page': (res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.write(PAGE.slice(0, 1000));
    res.write(PAGE.slice(1000));
    res.end();
  },
  // A page that waits on data half way: what is ready goes first.
  '/slow': async (res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.write(PAGE.slice(0, 3000));
    await new Promise((r) => setTimeout(r, 30));
    res.end(PAGE.slice(3000));
  },
  // writeHead's other forms: a status message, and headers as a flat name/value list.
  '/flat': (res) => {
    res.writeHead(200, 'Fine', ['content-type', 'text/html; charset=utf-8', 'x-show', 'second-wind']);
    res.end(PAGE);
  },
  '/small': (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  },
  '/audio': (res) => {
    res.writeHead(200, { 'content-type': 'audio/mpeg' });
    res.end(AUDIO);
  },
  '/revalidated': (res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-cache' });
    res.end(PAGE);
  },
};

let port = 0;
let close: () => void = () => undefined;

beforeAll(async () => {
  const handler = withHttpDelivery(
    (req: { url?: string }, res: ServerResponse) => {
      const route = routes[req.url ?? ''];
      if (route) void route(res);
      else res.writeHead(404).end();
    },
    mkdtempSync(join(tmpdir(), 'delivery-')),
  );
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as { port: number }).port;
  close = () => void server.close();
});
afterAll(() => close());

/** The raw answer (not decoded), as a browser's network layer receives it. */
function get(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; message?: string; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, message: res.statusMessage, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('withHttpDelivery compression', () => {
  it('sends a page complete in one turn as br with its length, and gzip to a client that takes only gzip', async () => {
    const br = await get('/page', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(PAGE.length / 4);
    expect(brotliDecompressSync(br.body).toString()).toBe(PAGE);

    const gzip = await get('/page', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(PAGE);

    const flat = await get('/flat', { 'accept-encoding': 'br' });
    expect([flat.message, flat.headers['x-show'], flat.headers['content-encoding']]).toEqual(['Fine', 'second-wind', 'br']);
    expect(brotliDecompressSync(flat.body).toString()).toBe(PAGE);

    const plain = await get('/page');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(PAGE);
  });

  it('streams a page whose body comes in pieces, still compressed', async () => {
    const slow = await get('/slow', { 'accept-encoding': 'br' });
    expect(slow.headers['content-encoding']).toBe('br');
    expect(slow.headers['transfer-encoding']).toBe('chunked');
    expect(brotliDecompressSync(slow.body).toString()).toBe(PAGE);
  });

  it('leaves small answers, media and HEAD bodies alone', async () => {
    const small = await get('/small', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('{"ok":true}');
    const audio = await get('/audio', { 'accept-encoding': 'br, gzip' });
    expect(audio.headers['content-encoding']).toBeUndefined();
    expect(audio.body.equals(AUDIO)).toBe(true);
    const head = await get('/page', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it('gives a revalidated page an ETag and answers 304 when the browser has it', async () => {
    const first = await get('/revalidated', { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.etag).toBeTruthy();
    const again = await get('/revalidated', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });
});
