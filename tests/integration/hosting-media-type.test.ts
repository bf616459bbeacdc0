/**
 * Issue 36, 6a: an enclosure's type comes from its bytes (ffmpeg reads the file as ffprobe would), not
 * from the URL's extension or what the old host declared: an MP3 named .m4a and declared audio/x-m4a
 * is stored as .mp3, served as audio/mpeg and written audio/mpeg in the hosted feed.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedPodcast, seedUser, hostingFeedsForFile } from './support';
import { FEEDS, silentMp3 } from '../fixtures/feeds/hosting/feed-server.mjs';

const hosting = hostingFeedsForFile();

const MISNAMED = '/audio/misnamed-episode.m4a?s=3';

describe('[HOSTING] enclosure types from the bytes', () => {
  it('serves an MP3 the old host named .m4a as audio/mpeg, in the feed and from /media/', async () => {
    const { getDb } = await import('../../src/lib/server/db/client');
    const { episodes, hostedPodcasts } = await import('../../src/lib/server/db/schema');
    const { startMigration } = await import('../../src/lib/server/hosting/start-migration');
    const { importHostedFeed } = await import('../../src/lib/server/hosting/import-feed');
    const { buildHostedFeed } = await import('../../src/lib/server/hosting/build-hosted-feed');
    const { serveMedia } = await import('../../src/lib/server/hosting/serve-media');
    hosting.feeds.inject(
      FEEDS.buzzsprout.path,
      `<item><title>Misnamed</title><guid isPermaLink="false">misnamed-1</guid><pubDate>Mon, 06 Jan 2025 11:00:00 GMT</pubDate><enclosure url="${hosting.feeds.url(MISNAMED)}" length="1" type="audio/x-m4a"/></item>`,
    );
    const user = await seedUser('PODCASTER');
    const podcast = await seedPodcast(user.id, hosting.feeds.url(FEEDS.buzzsprout.path), { verified_at: new Date() });
    const db = await getDb();
    const [hosted] = await db.insert(hostedPodcasts).values({ podcast_id: podcast.id, original_url: podcast.url }).returning();
    await startMigration(user, hosted!.id, {});
    const result = await importHostedFeed(hosted!.id, { retryDelaysMs: [0] }).finally(() => hosting.feeds.inject(FEEDS.buzzsprout.path, ''));
    expect(result.files.failed).toBe(0);

    const [episode] = await db.select().from(episodes).where(eq(episodes.guid, 'misnamed-1'));
    expect(episode!.enclosure_type).toBe('audio/mpeg');
    expect(episode!.enclosure_url).toMatch(/^http:\/\/cuepoint\.test\/media\/[\w-]+\/audio-[0-9a-f]{20}\.mp3$/);
    expect(episode!.enclosure_length).toBe(silentMp3(3).length);

    const name = episode!.enclosure_url!.split('/').pop()!;
    const served = await serveMedia(new Request(episode!.enclosure_url!, { method: 'HEAD' }), podcast.hash_id, name);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('audio/mpeg');

    const feed = await buildHostedFeed(podcast.hash_id, new Date('2040-01-01T00:00:00Z'));
    expect(feed!.xml).toContain(`<enclosure url="${episode!.enclosure_url}" length="${silentMp3(3).length}" type="audio/mpeg"/>`);

    // A Resync reuses the stored copy under the name the bytes gave it: the file is not fetched again.
    const { copyMedia } = await import('../../src/lib/server/hosting/media-storage');
    const fetched = () => hosting.feeds.requests.filter((p) => p === '/audio/misnamed-episode.m4a').length;
    const before = fetched();
    const again = await copyMedia(podcast.hash_id, hosting.feeds.url(MISNAMED), 'audio', 'audio/x-m4a');
    expect(fetched()).toBe(before);
    expect(again).toMatchObject({ url: episode!.enclosure_url, type: 'audio/mpeg', size: silentMp3(3).length });
  });

  it('reads AAC in MP4 as audio/x-m4a, an MP3 as audio/mpeg, and answers null for what is not audio', async () => {
    const { probeMediaType } = await import('../../src/lib/server/hosting/media-type');
    const { ffmpegPath } = await import('../../src/lib/server/files');
    const m4a = join(hosting.dataDir, 'tone.mp3.bin');
    const made = spawnSync(ffmpegPath(), ['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=d=0.5', '-c:a', 'aac', '-f', 'ipod', m4a]);
    expect(made.status).toBe(0);
    expect(await probeMediaType(readFileSync(m4a))).toEqual({ mime: 'audio/x-m4a', ext: '.m4a' });
    expect(await probeMediaType(silentMp3(1))).toEqual({ mime: 'audio/mpeg', ext: '.mp3' });
    expect(await probeMediaType(Buffer.from('<html>not audio</html>'))).toBeNull();
  });
});
