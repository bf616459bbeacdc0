/**
 * Issue 34, item 2: every reader of a request body stops at its limit while reading, whatever
 * Content-Length says or leaves out, and answers 413 with nothing kept. Chunked bodies over the limit
 * go to every route that reads one (and the server-level paths), as a signed-in user, and the server's
 * memory (it runs in this process) stays flat while they stream.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getDb } from '../../src/lib/server/db/client';
import { users } from '../../src/lib/server/db/schema';
import { seedUser } from '../support/builders';
import { fillPattern, routeFiles } from '../support/routes-on-disk';
import { testServer } from '../support/test-server';

const MB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'a');

interface Answer {
  status: number;
  body: string;
  sent: number;
}

/**
 * Sends `bytes` as a chunked body (no Content-Length) in 64 KB pieces, or `declared` as a Content-Length
 * that the body then exceeds; answers the status (0 when the connection was cut before any answer).
 */
async function stream(method: string, path: string, bytes: number, headers: Record<string, string> = {}, declared?: number): Promise<Answer> {
  const { baseUrl } = await testServer();
  const url = new URL(path, baseUrl);
  return new Promise((resolve) => {
    let sent = 0;
    let settled = false;
    const done = (answer: Answer) => {
      if (!settled) {
        settled = true;
        resolve(answer);
      }
    };
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname + url.search,
      method,
      headers: {
        'x-forwarded-for': '198.18.7.7',
        ...headers,
        ...(declared !== undefined ? { 'content-length': String(declared) } : { 'transfer-encoding': 'chunked' }),
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c.length < 2000 ? c : ''));
      res.on('end', () => done({ status: res.statusCode ?? 0, body, sent }));
      res.on('error', () => done({ status: res.statusCode ?? 0, body, sent }));
    });
    req.on('error', () => done({ status: 0, body: '', sent }));
    const pump = () => {
      while (sent < bytes && !settled) {
        sent += CHUNK.length;
        if (!req.write(CHUNK)) return void req.once('drain', pump);
      }
      if (!settled) req.end();
    };
    pump();
  });
}

const rss = () => process.memoryUsage().rss;

describe('bounded request bodies', () => {
  it('a guest POST /register with a 300 MB chunked body is refused with 413 at the limit, kept nowhere, memory flat', async () => {
    global.gc?.();
    const before = rss();
    const started = Date.now();
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await stream('POST', '/register', 100 * MB, { 'content-type': 'application/x-www-form-urlencoded' }));
    const grew = rss() - before;
    for (const a of answers) {
      expect(a.status).toBe(413);
      expect(JSON.parse(a.body).message).toMatch(/too large.*2 MB/);
      // Refused at the limit, not after the whole body: far less than 100 MB went out before the answer.
      expect(a.sent).toBeLessThan(40 * MB);
    }
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(grew, `RSS grew by ${Math.round(grew / MB)} MB`).toBeLessThan(64 * MB);
  }, 60_000);

  it('keeps reading a refused body after the 413, so a client still sending is not reset before it reads the answer', async () => {
    const { baseUrl } = await testServer();
    const url = new URL(baseUrl);
    const socket = net.connect(Number(url.port), url.hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    let failed: Error | undefined;
    let closed = false;
    socket.on('data', (c) => (answer += c.toString('latin1')));
    socket.on('error', (e) => (failed = e));
    socket.on('close', () => (closed = true));
    const piece = `${CHUNK.length.toString(16)}\r\n${CHUNK.toString('latin1')}\r\n`;
    const send = async (bytes: number) => {
      for (let sent = 0; sent < bytes && !failed && !closed; sent += CHUNK.length) {
        if (!socket.write(piece, 'latin1'))
          await new Promise((resolve) => {
            socket.once('drain', resolve);
            socket.once('close', resolve);
          });
      }
    };
    socket.write(
      `POST /api/password/email HTTP/1.1\r\nhost: ${url.host}\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\nx-forwarded-for: 198.18.7.8\r\n\r\n`,
    );
    await send(3 * MB);
    const deadline = Date.now() + 10_000;
    while (!answer.includes('\r\n\r\n') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    // The client goes on sending after the answer: the server drains it rather than resetting the connection.
    await send(4 * MB);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(failed?.message).toBeUndefined();
    expect(closed).toBe(false);
    socket.destroy();
  }, 60_000);

  it('refuses a declared Content-Length over the limit before reading, and a body longer than it declared', async () => {
    const declared = await stream('POST', '/api/password/email', 4 * MB, { 'content-type': 'application/json' }, 3 * MB);
    expect(declared.status).toBe(413);
    // Declares 1 MB, sends 3: stopped at the limit all the same (Node itself stops at the declared length).
    const lying = await stream('POST', '/session', 3 * MB, { 'content-type': 'application/json', origin: (await testServer()).baseUrl });
    expect(lying.status).toBe(413);
  }, 60_000);

  it('multipart forms stop at 25 MB; JSON at 2 MB; an upload chunk at 101 MB', async () => {
    const user = await seedUser();
    const auth = { authorization: `Bearer ${user.token}` };
    const multipart = await stream('POST', '/register', 40 * MB, { 'content-type': 'multipart/form-data; boundary=x' });
    expect(multipart.status).toBe(413);
    expect(JSON.parse(multipart.body).message).toMatch(/25 MB/);
    const json = await stream('PUT', `/api/users/${user.id}`, 4 * MB, { ...auth, 'content-type': 'application/json' });
    expect(json.status).toBe(413);
    const upload = await stream('POST', '/api/files', 110 * MB, { ...auth, 'content-type': 'multipart/form-data; boundary=x' });
    expect(upload.status).toBe(413);
    expect(JSON.parse(upload.body).message).toMatch(/101 MB/);
    // Nothing was kept: the user is as they were.
    const [row] = await (await getDb()).select().from(users).where(eq(users.id, user.id));
    expect(row!.first_name).toMatch(/^Test/);
  }, 120_000);

  it('every route that reads a body, and the server-level paths, answer an over-limit chunked body with 413 or a refusal, never 2xx or 5xx, memory flat', async () => {
    const user = await seedUser({ type: 'PODCASTER' });
    const { baseUrl } = await testServer();
    // Endpoints, and the pages that read a form (the others answer as for a GET, and the body is dropped unread).
    const FORM_PAGES = /^\/(login|logout|sign-up|password|admin)/;
    // Whether a route file reads the body at all (one that does not answers as usual, and the body is dropped unread).
    const READS = /parseBody|readBody|formData|receiveUpload|readMessageInput|request\.text|collectEvent|Form\(|serveDemoHost|tokenGrant/;
    const targets: [string, string, boolean][] = [];
    for (const route of routeFiles()) {
      if (route.kind === 'page' && !FORM_PAGES.test(route.pattern)) continue;
      const reads = READS.test(readFileSync(new URL(`../../src/pages/${route.file}`, import.meta.url), 'utf8'));
      const methods = route.methods.includes('ALL') ? ['POST'] : route.methods.filter((m) => m !== 'GET');
      for (const method of methods) targets.push([method, fillPattern(route.pattern, { id: '1', path: 'x', hash: 'x', slug: 'x' }), reads]);
    }
    targets.push(
      ['POST', '/feeds/demo-host/night-shift-stories', true],
      ['POST', '/e/x/example.com/a.mp3', false],
      ['POST', '/media/x/a.mp3', false],
      ['POST', '/apps/cuepoint/events', true],
    );
    expect(targets.length).toBeGreaterThan(120);
    global.gc?.();
    const before = rss();
    const failures: string[] = [];
    let refusedAtLimit = 0;
    for (const [method, path, reads] of targets) {
      const big = path === '/api/files' ? 0 : 3 * MB;
      if (!big) continue;
      const answer = await stream(method, path, big, {
        'content-type': 'application/json',
        authorization: `Bearer ${user.token}`,
        cookie: user.cookie,
        origin: baseUrl,
      });
      if (answer.status === 413) refusedAtLimit++;
      // A reader answers 413, or refuses before reading (a redirect away from a guest page, 401, 403, 404, 405, 409, 422, 429);
      // nothing answers 5xx or cuts the connection. (A DELETE of a route that reads its POST's body reads none.)
      else if (answer.status === 0 || answer.status >= 500 || (reads && method !== 'DELETE' && answer.status < 300))
        failures.push(`${answer.status} ${method} ${path}`);
    }
    const grew = rss() - before;
    console.log(`[body-limits] ${targets.length} requests, ${refusedAtLimit} refused at the limit, RSS ${Math.round(grew / MB)} MB`);
    expect(failures, failures.join('\n')).toEqual([]);
    expect(refusedAtLimit).toBeGreaterThan(50);
    expect(grew, `RSS grew by ${Math.round(grew / MB)} MB`).toBeLessThan(96 * MB);
  }, 300_000);
});
