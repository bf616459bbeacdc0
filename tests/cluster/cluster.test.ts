/**
 * [CLUSTER]: the product scaled out (npm run cluster's startCluster): PostgreSQL, s3rver, the separate realtime
 * server, two web instances behind the round-robin proxy and one worker. A real journey through the proxy,
 * every request alternating between the instances: a brand and a podcaster chat in a workroom, an upload
 * stored through one instance is played through the other, a feed import runs on the worker while the web
 * instances keep answering, and one web instance is killed in the middle without losing anything.
 * Runs when PostgreSQL answers at 127.0.0.1:5432 (CLUSTER_TEST_DATABASE_URL names the database).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import type Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostingFeedServer, type HostingFeedServer } from '../fixtures/feeds/hosting/feed-server.mjs';
import { BASE_PORT, client, eventually, listen, postgresAnswers, realtimeClient } from './support';

const DATABASE_URL = process.env.CLUSTER_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cuepoint_scaleout_cluster';
const PORT = BASE_PORT + 50;
const EPISODES = 120;
const TONE = readFileSync(new URL('../fixtures/audio/tone.mp3', import.meta.url));

const available = await postgresAnswers();
if (!available) console.warn('[cluster] PostgreSQL does not answer at 127.0.0.1:5432: the cluster test is skipped. Start PostgreSQL to run it.');

interface Cluster {
  url: string;
  instances: { name: string; url: string; kill(signal?: string): Promise<void>; start(): Promise<void> }[];
  s3: { endpoint: string; bucket: string };
  stop(): Promise<void>;
}

let cluster: Cluster;
let feeds: HostingFeedServer;
let dataDir: string;
const logs: string[] = [];
const realtime: Pusher[] = [];

beforeAll(async () => {
  if (!available) return;
  feeds = await startHostingFeedServer({ port: PORT + 5, audioDelayMs: 40 });
  dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-cluster-'));
  const { startCluster, ensureDatabase, resetDatabase } = await import('../../server/cluster.mjs');
  await ensureDatabase(DATABASE_URL);
  await resetDatabase(DATABASE_URL);
  cluster = await startCluster({
    port: PORT,
    databaseUrl: DATABASE_URL,
    dataDir,
    env: { FETCH_ALLOW_HOSTS: `127.0.0.1:${PORT + 5}`, APP_ENV: 'test' },
    log: (line: string) => logs.push(line),
  });
}, 240_000);

afterAll(async () => {
  for (const p of realtime) p.disconnect();
  await cluster?.stop();
  await feeds?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Runs SQL on the cluster's database (test set-up that has no screen, like the builders of the API tests). */
async function sql<T = any>(text: string, values: unknown[] = []): Promise<T[]> {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    return (await db.query(text, values)).rows as T[];
  } finally {
    await db.end();
  }
}

describe.skipIf(!available)('[CLUSTER] two web instances, a worker, PostgreSQL, object storage and a separate realtime server', () => {
  it('keeps a brand and a podcaster working through the proxy while instances alternate, a feed imports on the worker and an instance dies', async () => {
    try {
      const web = client(cluster.url);

      // Sign-in on one instance works on the other.
      const brand = await web.signIn('brand@cuepoint.test');
      const brandInit = await web.call('GET', '/api/initialize', { token: brand.token });
      expect(brandInit.status).toBe(200);
      expect(brandInit.instance).not.toBe(brand.instance);
      const podcaster = await web.signIn('podcaster@cuepoint.test');
      const podInit = await web.call('GET', '/api/initialize', { token: podcaster.token });
      expect(podInit.status).toBe(200);
      expect(podInit.instance).not.toBe(podcaster.instance);

      // The workroom they share, and both on the separate realtime server.
      const brandRooms = (await web.call('GET', '/api/discussions', { token: brand.token })).body.data as { id: number }[];
      const podRooms = new Set(((await web.call('GET', '/api/discussions', { token: podcaster.token })).body.data as { id: number }[]).map((d) => d.id));
      const room = brandRooms.find((d) => podRooms.has(d.id));
      expect(room, 'a workroom the demo brand and podcaster share').toBeDefined();
      const brandRt = await realtimeClient(cluster.url, brand.token);
      const podRt = await realtimeClient(cluster.url, podcaster.token);
      realtime.push(brandRt, podRt);
      const brandHears = await listen(brandRt, `private-workrooms.${room!.id}`);
      const podHears = await listen(podRt, `private-workrooms.${room!.id}`);

      // They chat, each message taken by a different instance and pushed live to the other side.
      const hello = await web.call('POST', `/api/discussions/${room!.id}/messages`, {
        token: brand.token,
        body: { content: 'Cluster check: can you hear me?' },
      });
      expect(hello.status).toBe(201);
      expect((await podHears('message.created', (m) => m.id === hello.body.data.id)).content).toBe('Cluster check: can you hear me?');
      const reply = await web.call('POST', `/api/discussions/${room!.id}/messages`, { token: podcaster.token, body: { content: 'Loud and clear.' } });
      expect(reply.status).toBe(201);
      expect(reply.instance).not.toBe(hello.instance);
      expect((await brandHears('message.created', (m) => m.id === reply.body.data.id)).content).toBe('Loud and clear.');

      // An upload in two chunks, one taken by each instance, stored in the bucket and played through the other.
      const half = Math.ceil(TONE.length / 2);
      const chunk = async (start: number, end: number) => {
        const form = new FormData();
        form.append('file', new Blob([TONE.subarray(start, end)], { type: 'audio/mpeg' }), 'cluster-tone.mp3');
        return web.call('POST', '/api/files', {
          token: brand.token,
          raw: form,
          headers: { 'content-range': `bytes ${start}-${end - 1}/${TONE.length}`, 'x-upload-id': 'cluster-upload-01' },
        });
      };
      const first = await chunk(0, half);
      expect(first.status).toBe(202);
      const last = await chunk(half, TONE.length);
      expect(last.status).toBe(201);
      expect(last.instance).not.toBe(first.instance);
      const file = last.body.data as { id: number; url: string; size: number };
      expect(file.size).toBe(TONE.length);
      const s3 = new S3Client({
        endpoint: cluster.s3.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      const objects = (await s3.send(new ListObjectsV2Command({ Bucket: cluster.s3.bucket }))).Contents ?? [];
      expect(objects.some((o) => o.Size === TONE.length && /^\d{4}\/\d{2}\/[\w-]+\.mp3$/.test(o.Key ?? ''))).toBe(true);
      const shared = await web.call('POST', `/api/discussions/${room!.id}/messages`, {
        token: brand.token,
        body: { content: 'The read, for review.', content_files_ids: [file.id] },
      });
      expect(shared.status).toBe(201);
      const seek = await web.call('GET', `/api/file/${file.id}`, { token: podcaster.token, headers: { range: 'bytes=100-199' } });
      expect(seek.status).toBe(206);
      expect(seek.headers.get('content-range')).toBe(`bytes 100-199/${TONE.length}`);
      expect(Buffer.compare(seek.body, TONE.subarray(100, 200))).toBe(0);
      const play = await web.call('GET', `/api/file/${file.id}`, { token: podcaster.token });
      expect(play.status).toBe(200);
      expect(Buffer.compare(play.body, TONE)).toBe(0);
      expect(new Set([seek.instance, play.instance]).size).toBe(2);
      // The worker analyses the audio from the bucket (duration and waveform).
      await eventually(
        async () => (await sql(`select transcoding_status from files where id = $1`, [file.id]))[0]?.transcoding_status === 'completed',
        'audio processed by the worker',
        60_000,
      );

      // A feed import on the worker: the hosted demo show moves a generated feed of EPISODES episodes.
      const feedUrl = feeds.url(`/generated/${EPISODES}.rss`);
      const [show] = await sql<{ hosted_id: number; podcast_id: number }>(
        `select h.id as hosted_id, p.id as podcast_id from hosted_podcasts h join podcasts p on p.id = h.podcast_id join users u on u.id = p.user_id where u.email = 'hosted@cuepoint.test' limit 1`,
      );
      await sql(`update podcasts set url = $1, verified_at = now() where id = $2`, [feedUrl, show!.podcast_id]);
      await sql(`update hosted_podcasts set original_url = $1, migration_status = 'pending' where id = $2`, [feedUrl, show!.hosted_id]);
      const hosted = await web.signIn('hosted@cuepoint.test');
      const started = await web.call('POST', `/api/podcasts/hosted/${show!.hosted_id}/migrate`, { token: hosted.token, body: {} });
      expect(started.status).toBe(200);

      // While it runs, the web instances keep answering, and one of them is killed without a goodbye.
      const during: number[] = [];
      let killed = false;
      const percents: number[] = [];
      const sentDuring: number[] = [];
      for (let i = 0; ; i++) {
        const progress = await web.call('GET', `/api/podcasts/hosted/${show!.hosted_id}/migrate/progress`, { token: hosted.token });
        during.push(progress.status);
        const percent = progress.body?.data?.percent ?? progress.body?.percent ?? 0;
        percents.push(percent);
        if (!killed && percent >= 20) {
          await cluster.instances[1]!.kill('SIGKILL');
          killed = true;
        }
        const note = await web.call('POST', `/api/discussions/${room!.id}/messages`, {
          token: i % 2 ? brand.token : podcaster.token,
          body: { content: `Still here while the import runs (${i}).` },
        });
        during.push(note.status);
        if (note.status === 201) sentDuring.push(note.body.data.id);
        if ((progress.body?.data?.migration_status ?? progress.body?.migration_status) === 'completed') break;
        if (i > 600) throw new Error(`the import did not finish; progress ${percents.slice(-5).join(', ')}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(killed).toBe(true);
      expect(during.every((s) => s === 200 || s === 201)).toBe(true);
      // Progress showed on the way. (It may read 100 for a poll or two before 'completed': that is the
      // validation step, 'Migration complete, validating migration...'.)
      expect(percents.slice(0, -1).some((p) => p < 100)).toBe(true);

      // Nothing lost: every episode once, every message said while the instance died is in the thread.
      const [counts] = await sql<{ total: string; distinct_guids: string }>(
        `select count(*) as total, count(distinct guid) as distinct_guids from episodes where podcast_id = $1 and guid like 'bench-episode-%'`,
        [show!.podcast_id],
      );
      expect(Number(counts!.total)).toBe(EPISODES);
      expect(Number(counts!.distinct_guids)).toBe(EPISODES);
      const stored = await sql<{ id: number }>(`select id from messages where id = any($1::int[])`, [
        [hello.body.data.id, reply.body.data.id, shared.body.data.id, ...sentDuring],
      ]);
      expect(stored.length).toBe(3 + sentDuring.length);
      const afterKill = await web.call('GET', `/api/discussions/${room!.id}/messages`, { token: brand.token });
      expect(afterKill.status).toBe(200);

      // The killed instance comes back and takes its share again.
      await cluster.instances[1]!.start();
      await eventually(
        async () => (await web.call('GET', '/api/initialize', { token: brand.token })).instance === 'web-2',
        'web-2 answering through the proxy again',
        30_000,
      );
      expect(new Set(web.answeredBy)).toEqual(new Set(['web-1', 'web-2']));
    } catch (error) {
      console.error(`[cluster] process output:\n${logs.slice(-80).join('\n')}`);
      throw error;
    }
  }, 240_000);
});
