/**
 * Issue 38, item 2: the request log is partitioned by day, raw rows are kept for the retention period and
 * the daily rollups for good. The maintenance job creates the days ahead (moving what the default
 * partition caught) and drops the expired ones; counting goes on across the change.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { downloadDays, mediaRequests } from '../../src/lib/server/db/schema';
import { logPartitions, maintainLogPartitions } from '../../src/lib/server/measurement';
import { seedPodcast, seedUser } from '../support/builders';
import { TEST_NOW } from '../support/clock';

const DAY = 86_400_000;
const dayName = (at: Date) => `media_requests_${at.toISOString().slice(0, 10).replaceAll('-', '')}`;
const startOfDay = (at: Date) => new Date(Math.floor(at.getTime() / DAY) * DAY);

async function logRow(podcastId: number, at: Date) {
  const db = await getDb();
  const [row] = await db
    .insert(mediaRequests)
    .values({
      occurred_at: at,
      source: 'hosted',
      podcast_id: podcastId,
      audio_key: '/media/x/partitions.mp3',
      method: 'GET',
      status: 200,
      listener_hash: 'l',
      listener_prev_hash: 'p',
      household_hash: 'h',
    })
    .returning({ id: mediaRequests.id });
  return row!.id;
}

async function partitionOf(id: number): Promise<string> {
  const db = await getDb();
  const { rows } = await db.execute<{ part: string }>(sql`select tableoid::regclass::text as part from media_requests where id = ${id}`);
  return rows[0]!.part;
}

describe('[SCALE] the request log by day', () => {
  it('is a partitioned table with a default partition', async () => {
    const db = await getDb();
    const { rows } = await db.execute<{ strategy: string }>(sql`
      select p.partstrat as strategy from pg_partitioned_table p join pg_class c on c.oid = p.partrelid where c.relname = 'media_requests'`);
    expect(rows).toEqual([{ strategy: 'r' }]);
  });

  it('creates yesterday to a week ahead, moving rows the default partition caught, and keeps ids in order', async () => {
    const user = await seedUser({ type: 'PODCASTER' });
    const { podcast } = await seedPodcast(user.id);
    // Far ahead of any partition: caught by the default one until its day is created.
    const ahead = new Date(TEST_NOW.getTime() + 40 * DAY);
    const early = await logRow(podcast.id, ahead);
    expect(await partitionOf(early)).toBe('media_requests_default');

    const report = await maintainLogPartitions(TEST_NOW, 400);
    const names = (await logPartitions()).map((p) => p.name);
    for (let d = -1; d <= 7; d++) expect(names).toContain(dayName(new Date(startOfDay(TEST_NOW).getTime() + d * DAY)));
    // Running again creates nothing new.
    expect((await maintainLogPartitions(TEST_NOW, 400)).created).toEqual([]);
    expect(report.dropped).toEqual([]);

    const today = await logRow(podcast.id, TEST_NOW);
    expect(await partitionOf(today)).toBe(dayName(TEST_NOW));
    expect(today).toBeGreaterThan(early);

    // The day 40 days on is created when its time comes, and its row moves in.
    const later = await maintainLogPartitions(new Date(ahead.getTime() - 2 * DAY), 400);
    expect(later.created).toContain(dayName(ahead));
    expect(later.moved).toBeGreaterThanOrEqual(1);
    expect(await partitionOf(early)).toBe(dayName(ahead));
  });

  it('drops the raw rows older than the retention period and keeps the daily rollups', async () => {
    const user = await seedUser({ type: 'PODCASTER' });
    const { podcast } = await seedPodcast(user.id);
    const db = await getDb();
    // Far enough back that no other test file's rows (they share this database) are that old.
    const old = new Date(TEST_NOW.getTime() - 710 * DAY);
    await maintainLogPartitions(old, 400);
    const oldRow = await logRow(podcast.id, old);
    expect(await partitionOf(oldRow)).toBe(dayName(old));
    const stray = await logRow(podcast.id, new Date(TEST_NOW.getTime() - 730 * DAY));
    expect(await partitionOf(stray)).toBe('media_requests_default');
    const rollupDay = old.toISOString().slice(0, 10);
    await db
      .insert(downloadDays)
      .values({ podcast_id: podcast.id, episode_id: 0, day: rollupDay, app: 'Apple Podcasts', device: 'phone', os: 'iOS', country: 'US', downloads: 7 });

    // With a retention of 700 days, the day 710 days ago and the stray row 730 days ago are both past it.
    const report = await maintainLogPartitions(TEST_NOW, 700);
    expect(report.dropped).toContain(dayName(old));
    expect(report.expired).toBeGreaterThanOrEqual(1);
    const left = await db.execute<{ n: number }>(sql`select count(*)::int as n from media_requests where id in (${oldRow}, ${stray})`);
    expect(left.rows[0]!.n).toBe(0);
    expect((await logPartitions()).every((p) => p.day.getTime() + DAY > startOfDay(TEST_NOW).getTime() - 700 * DAY)).toBe(true);
    // The rollup of that day is kept for good.
    const [kept] = await db.select().from(downloadDays).where(sql`${downloadDays.podcast_id} = ${podcast.id} and ${downloadDays.day} = ${rollupDay}`);
    expect(kept!.downloads).toBe(7);
  });
});
