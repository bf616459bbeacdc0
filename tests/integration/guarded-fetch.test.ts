import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchFailed, FetchRefused, guardedFetch } from '../../src/lib/server/fetch/guarded-fetch';
import { fixtureFeed, freshEnvironment, serveXml, startFeedServer, type FeedServer } from './support';

let server: FeedServer;
let env: { cleanup(): void };

beforeAll(async () => {
  server = await startFeedServer();
  env = freshEnvironment(`127.0.0.1:${server.port}`);
  server.route('/feed.xml', serveXml(fixtureFeed('libsyn.xml')));
  server.route('/gzip.xml', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-encoding': 'gzip' });
    res.end(gzipSync(fixtureFeed('buzzsprout.xml')));
  });
  server.route('/moved', (_req, res) => {
    res.writeHead(301, { location: '/feed.xml' });
    res.end();
  });
  server.route('/to-private', (_req, res) => {
    res.writeHead(302, { location: 'http://10.20.30.40/feed.xml' });
    res.end();
  });
  server.route('/to-metadata', (_req, res) => {
    res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' });
    res.end();
  });
  server.route('/to-file', (_req, res) => {
    res.writeHead(302, { location: 'file:///etc/passwd' });
    res.end();
  });
  for (let i = 1; i <= 7; i++) {
    server.route(`/hop/${i}`, (_req, res) => {
      res.writeHead(302, { location: i === 1 ? '/feed.xml' : `/hop/${i - 1}` });
      res.end();
    });
  }
  server.route('/slow', (_req, res) => {
    const t = setTimeout(() => serveXml('<rss><channel/></rss>')(_req, res), 3000);
    res.on('close', () => clearTimeout(t));
  });
  server.route('/cut', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-length': '1000' });
    res.write('<rss><channel>');
    setTimeout(() => res.socket?.destroy(), 50);
  });
  server.route('/cut-gzip', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-encoding': 'gzip', 'content-length': '100000' });
    res.write(gzipSync(fixtureFeed('libsyn.xml')).subarray(0, 200));
    setTimeout(() => res.socket?.destroy(), 50);
  });
  server.route('/trickle', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.write('<rss>');
    const t = setInterval(() => res.write('<!-- still here -->'), 100);
    res.on('close', () => clearInterval(t));
  });
  server.route('/big-declared', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-length': String(2 * 1024 * 1024) });
    res.end(Buffer.alloc(2 * 1024 * 1024, 0x20));
  });
  server.route('/big-chunked', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const push = () => {
      while (sent < 40 && res.write(chunk)) sent++;
      if (sent >= 40) res.end();
      else res.once('drain', push);
    };
    res.on('error', () => undefined);
    push();
  });
  server.route('/gzip-bomb', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-encoding': 'gzip' });
    res.end(gzipSync(Buffer.alloc(5 * 1024 * 1024, 0x20)));
  });
});

afterAll(async () => {
  await server.close();
  env.cleanup();
});

describe('guardedFetch against a local server', () => {
  it('refuses 127.0.0.1 when it is not allow-listed', async () => {
    const error = await guardedFetch(server.url('/feed.xml'), { allowHosts: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchRefused);
    expect((error as FetchRefused).message).toBe('That address points to a private network and cannot be fetched.');
  });

  it('refuses localhost resolved by DNS when it is not allow-listed', async () => {
    const error = await guardedFetch(`http://localhost:${server.port}/feed.xml`, { allowHosts: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchRefused);
    expect((error as Error).message).toBe('That address points to a private network and cannot be fetched.');
  });

  it('allows the host:port listed in FETCH_ALLOW_HOSTS and answers the body', async () => {
    const response = await guardedFetch(server.url('/feed.xml'));
    expect(response.status).toBe(200);
    expect(response.url).toBe(server.url('/feed.xml'));
    expect(response.headers['content-type']).toContain('application/rss+xml');
    expect(response.body.equals(fixtureFeed('libsyn.xml'))).toBe(true);
    expect(response.redirects).toEqual([]);
  });

  it('allow-listing is by host and port: another port of the same host stays refused', async () => {
    await expect(guardedFetch(`http://127.0.0.1:${server.port === 65535 ? 65534 : server.port + 1}/feed.xml`)).rejects.toThrow(FetchRefused);
  });

  it('decodes a gzip answer', async () => {
    const response = await guardedFetch(server.url('/gzip.xml'));
    expect(response.body.equals(fixtureFeed('buzzsprout.xml'))).toBe(true);
  });

  it('refuses schemes other than http(s)', async () => {
    for (const url of ['ftp://example.com/feed.xml', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url']) {
      const error = await guardedFetch(url).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FetchRefused);
      expect((error as Error).message).toBe('The feed address must start with http:// or https://.');
    }
  });

  it('follows a redirect and reports it', async () => {
    const response = await guardedFetch(server.url('/moved'));
    expect(response.status).toBe(200);
    expect(response.url).toBe(server.url('/feed.xml'));
    expect(response.redirects).toEqual([{ status: 301, location: '/feed.xml' }]);
  });

  it('answers the redirect itself with followRedirects: false', async () => {
    const response = await guardedFetch(server.url('/moved'), { followRedirects: false });
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe('/feed.xml');
    expect(response.body.length).toBe(0);
  });

  it('refuses a redirect to a private address at the hop', async () => {
    const error = await guardedFetch(server.url('/to-private')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchRefused);
    expect((error as Error).message).toBe('The feed redirected to an address that points to a private network and cannot be fetched.');
  });

  it('refuses a redirect to the cloud metadata address', async () => {
    const error = await guardedFetch(server.url('/to-metadata')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchRefused);
    expect((error as Error).message).toBe('The feed redirected to an address that points to a cloud metadata service and cannot be fetched.');
  });

  it('refuses a redirect to a non-http scheme', async () => {
    await expect(guardedFetch(server.url('/to-file'))).rejects.toThrow('The feed redirected to an address that is not http:// or https://.');
  });

  it('follows 5 redirects but not 6', async () => {
    const five = await guardedFetch(server.url('/hop/5'));
    expect(five.status).toBe(200);
    expect(five.redirects).toHaveLength(5);
    await expect(guardedFetch(server.url('/hop/6'))).rejects.toThrow('The feed redirected more than 5 times.');
  });

  it('gives up after the time limit when the server is silent', async () => {
    const started = Date.now();
    const error = await guardedFetch(server.url('/slow'), { timeoutMs: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchFailed);
    expect((error as Error).message).toBe('The feed did not answer within 0.3 seconds.');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('the time limit covers a body that never ends', async () => {
    const error = await guardedFetch(server.url('/trickle'), { timeoutMs: 500 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchFailed);
    expect((error as FetchFailed).reason).toBe('timeout');
  });

  it('refuses a body declared larger than the limit', async () => {
    await expect(guardedFetch(server.url('/big-declared'), { maxBytes: 1024 * 1024 })).rejects.toThrow('The feed is larger than 1 MB.');
  });

  it('aborts a streamed body once it passes the limit', async () => {
    const error = await guardedFetch(server.url('/big-chunked'), { maxBytes: 1024 * 1024 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchFailed);
    expect((error as Error).message).toBe('The feed is larger than 1 MB.');
  });

  it('applies the limit to the decompressed size', async () => {
    await expect(guardedFetch(server.url('/gzip-bomb'), { maxBytes: 1024 * 1024 })).rejects.toThrow('The feed is larger than 1 MB.');
  });

  it('reports a refused connection readably', async () => {
    const other = await startFeedServer();
    const port = other.port;
    await other.close();
    const error = await guardedFetch(`http://127.0.0.1:${port}/feed.xml`, { allowHosts: [`127.0.0.1:${port}`] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchFailed);
    expect((error as Error).message).toBe('The feed server refused the connection.');
  });

  it('reports a body cut short', async () => {
    const error = await guardedFetch(server.url('/cut')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchFailed);
    expect((error as Error).message).toBe('The feed server closed the connection before the end.');
  });

  it('reports a compressed body cut short', async () => {
    await expect(guardedFetch(server.url('/cut-gzip'))).rejects.toThrow('The feed server closed the connection before the end.');
  });

  it('says the limit in whole seconds', async () => {
    await expect(guardedFetch(server.url('/slow'), { timeoutMs: 1000 })).rejects.toThrow('The feed did not answer within 1 second.');
  });
});
