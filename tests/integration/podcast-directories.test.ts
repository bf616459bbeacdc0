import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { callEndpoint, freshEnvironment, seedPodcast, seedUser, startFeedServer, type FeedServer } from './support';

// A stand-in for the iTunes Search API and Podcast Index, reached through the guarded fetcher
// (allowed by FETCH_ALLOW_HOSTS); the directories are configured before anything reads config().
let server: FeedServer;
let env: { cleanup(): void };
const seen: { path: string; headers: Record<string, string | string[] | undefined> }[] = [];

const itunesResults = {
  resultCount: 3,
  results: [
    {
      collectionId: 1001,
      collectionName: 'Ridge Runners Radio',
      feedUrl: 'https://feeds.example.com/ridge-runners.rss',
      artistName: 'Maya Ortiz',
      primaryGenreName: 'Running',
      artworkUrl600: 'https://img.example.com/ridge.jpg',
    },
    // Already in Cuepoint's catalogue: shown once, from the catalogue.
    { collectionId: 1002, collectionName: 'Second Wind Running', feedUrl: 'https://feeds.example.com/second-wind.rss', artistName: 'Sam Lee' },
    // No feed address: cannot be added, left out.
    { collectionId: 1003, collectionName: 'Apple Exclusive Show' },
  ],
};

beforeAll(async () => {
  server = await startFeedServer();
  env = freshEnvironment(`127.0.0.1:${server.port}`);
  process.env.ITUNES_SEARCH_URL = `http://127.0.0.1:${server.port}/itunes`;
  process.env.PODCAST_INDEX_KEY = 'PIKEYTEST';
  process.env.PODCAST_INDEX_SECRET = 'pi-secret-test';
  process.env.PODCAST_INDEX_URL = `http://127.0.0.1:${server.port}/pi/api/1.0`;
  const json = (body: unknown) => (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
    seen.push({ path: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  server.route('/itunes/search', json(itunesResults));
  server.route('/itunes/lookup', json({ resultCount: 1, results: [itunesResults.results[0]] }));
  server.route(
    '/pi/api/1.0/search/byterm',
    json({
      status: 'true',
      feeds: [
        { id: 75075, title: 'Ridge Runners Radio', url: 'https://feeds.example.com/ridge-runners.rss' },
        {
          id: 920,
          title: 'Trail Talk Tuesdays',
          url: 'https://feeds.example.com/trail-talk.rss',
          description: '<p>Weekly <b>trail</b> running talk.</p>',
          artwork: 'https://img.example.com/trail.png',
        },
      ],
    }),
  );
  server.route(
    '/pi/api/1.0/podcasts/byfeedid',
    json({
      status: 'true',
      feed: { id: 920, title: 'Trail Talk Tuesdays', url: 'https://feeds.example.com/trail-talk.rss', description: 'Weekly trail running talk.' },
    }),
  );
  const { migrateWithQueue: migrate } = await import('../../src/lib/server/jobs/migrate-all');
  await migrate();
  const owner = await seedUser('PODCASTER');
  await seedPodcast(owner.id, 'https://feeds.example.com/second-wind.rss', { title: 'Second Wind Running' });
});

afterAll(async () => {
  const { closeDb } = await import('../../src/lib/server/db/client');
  await closeDb();
  await server.close();
  env.cleanup();
  for (const k of ['ITUNES_SEARCH_URL', 'PODCAST_INDEX_KEY', 'PODCAST_INDEX_SECRET', 'PODCAST_INDEX_URL']) delete process.env[k];
});

describe('[PODCASTERS] search over the iTunes Search API and Podcast Index', () => {
  it('answers the catalogue first, then each directory, one result per feed address', async () => {
    const { GET } = await import('../../src/pages/api/search-podcasts/[term]');
    const res = await callEndpoint(GET, { params: { term: 'running' } });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { id: string; title: string; url: string; about: string; avatar_url: string | null }[] };
    expect(data.map((r) => r.title)).toEqual(['Second Wind Running', 'Ridge Runners Radio', 'Trail Talk Tuesdays']);
    expect(data[1]).toEqual({
      id: 'itunes-1001',
      title: 'Ridge Runners Radio',
      url: 'https://feeds.example.com/ridge-runners.rss',
      about: 'By Maya Ortiz · Running',
      avatar_url: 'https://img.example.com/ridge.jpg',
    });
    expect(data[2]).toMatchObject({ id: 'pi-920', about: 'Weekly trail running talk.', avatar_url: 'https://img.example.com/trail.png' });
    const itunesCall = seen.find((s) => s.path.startsWith('/itunes/search'))!;
    expect(new URL(itunesCall.path, 'http://x').searchParams.get('term')).toBe('running');
    expect(new URL(itunesCall.path, 'http://x').searchParams.get('media')).toBe('podcast');
    // Podcast Index signs each call: sha1(key + secret + date).
    const piCall = seen.find((s) => s.path.startsWith('/pi/'))!;
    const date = String(piCall.headers['x-auth-date']);
    expect(piCall.headers['x-auth-key']).toBe('PIKEYTEST');
    expect(piCall.headers.authorization).toBe(createHash('sha1').update(`PIKEYTEST${'pi-secret-test'}${date}`).digest('hex'));
  });

  it('looks one result up by its directory id, and 404s an unknown one', async () => {
    const { GET } = await import('../../src/pages/api/search-podcasts/id/[id]');
    const itunes = await callEndpoint(GET, { params: { id: 'itunes-1001' } });
    expect(((await itunes.json()) as any).data.url).toBe('https://feeds.example.com/ridge-runners.rss');
    const pi = await callEndpoint(GET, { params: { id: 'pi-920' } });
    expect(((await pi.json()) as any).data.title).toBe('Trail Talk Tuesdays');
    server.route('/itunes/lookup', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"resultCount":0,"results":[]}');
    });
    expect((await callEndpoint(GET, { params: { id: 'itunes-999' } })).status).toBe(404);
  });

  it('still answers the catalogue when a directory fails', async () => {
    server.route('/itunes/search', (_req, res) => {
      res.writeHead(500);
      res.end('oops');
    });
    server.route('/pi/api/1.0/search/byterm', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('not json');
    });
    const { searchPodcasts } = await import('../../src/lib/server/podcasts/search-podcasts');
    expect((await searchPodcasts('second wind')).map((r) => r.title)).toEqual(['Second Wind Running']);
  });
});
