import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixtureFeed, freshEnvironment, serveXml, startFeedServer, type FeedServer } from './support';

// A resolver we control: names under .rebind.test answer whatever the test sets, and count the lookups.
const answers = new Map<string, Array<{ address: string; family: number }>>();
const lookups: string[] = [];
vi.mock('node:dns/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:dns/promises')>();
  const lookup = async (hostname: string, options: unknown) => {
    lookups.push(hostname);
    const answer = answers.get(hostname);
    if (answer) return answer;
    return (real.lookup as (h: string, o: unknown) => Promise<unknown>)(hostname, options);
  };
  return { ...real, default: { ...real, lookup }, lookup };
});

const { guardedFetch, FetchRefused } = await import('../../src/lib/server/fetch/guarded-fetch');

let server: FeedServer;
let env: { cleanup(): void };
let hostSeen = '';

beforeAll(async () => {
  server = await startFeedServer();
  env = freshEnvironment('');
  server.route('/feed.xml', (req, res) => {
    hostSeen = req.headers.host ?? '';
    serveXml(fixtureFeed('anchor.xml'))(req, res);
  });
});

afterAll(async () => {
  await server.close();
  env.cleanup();
});

describe('DNS is resolved once and the connection pinned', () => {
  it('connects to the address of the one lookup, sending the real Host header', async () => {
    answers.set('feeds.rebind.test', [{ address: '127.0.0.1', family: 4 }]);
    lookups.length = 0;
    const response = await guardedFetch(`http://feeds.rebind.test:${server.port}/feed.xml`, { allowHosts: [`feeds.rebind.test:${server.port}`] });
    expect(response.status).toBe(200);
    expect(response.body.equals(fixtureFeed('anchor.xml'))).toBe(true);
    // feeds.rebind.test does not exist in real DNS: the socket can only have used the pinned address.
    expect(lookups).toEqual(['feeds.rebind.test']);
    expect(hostSeen).toBe(`feeds.rebind.test:${server.port}`);
  });

  it('refuses a name when any of its addresses is private, even if another is public', async () => {
    answers.set('mixed.rebind.test', [
      { address: '93.184.216.34', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ]);
    const error = await guardedFetch(`http://mixed.rebind.test:${server.port}/feed.xml`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchRefused);
    expect((error as Error).message).toBe('That address points to a private network and cannot be fetched.');
  });

  it('refuses a name that resolves to an IPv4-mapped IPv6 loopback', async () => {
    answers.set('mapped.rebind.test', [{ address: '::ffff:127.0.0.1', family: 6 }]);
    await expect(guardedFetch(`http://mapped.rebind.test:${server.port}/feed.xml`)).rejects.toThrow(
      'That address points to a private network and cannot be fetched.',
    );
  });

  it('refuses a name that resolves to the IPv6 metadata address', async () => {
    answers.set('meta.rebind.test', [{ address: 'fd00:ec2::254', family: 6 }]);
    await expect(guardedFetch('http://meta.rebind.test/latest/meta-data/')).rejects.toThrow(
      'That address points to a cloud metadata service and cannot be fetched.',
    );
  });
});
