import { describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { call, page } from '../support/http';
import { seedPodcast, seedUser } from '../support/builders';
import { seedCampaign, seedProposal } from '../support/campaign-builders';
import { getDb } from '../../src/lib/server/db/client';
import {
  campaigns,
  downloadDays,
  episodes,
  notifications,
  packages,
  podcastManualStats,
  supportConversations,
  transactions,
} from '../../src/lib/server/db/schema';
import { TEST_NOW } from '../support/clock';

type ListPage = { data: Array<{ id: number | string }>; meta: { next_cursor: string | null } };

/** Reads every page of `path` by next_cursor, inserting a newer row after the first page. */
async function readAll(token: string, path: string, afterFirstPage: () => Promise<unknown>) {
  const ids: Array<number | string> = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const url: string = cursor ? `${path}${sep}cursor=${encodeURIComponent(cursor)}` : path;
    const res: { status: number; body: ListPage } = await call<ListPage>('GET', url, { token });
    expect(res.status).toBe(200);
    ids.push(...res.body.data.map((row) => row.id));
    cursor = res.body.meta.next_cursor;
    if (++pages === 1) await afterFirstPage();
  } while (cursor && pages < 50);
  return { ids, pages };
}

describe('[KEYSET] lists page by cursor', () => {
  it("pages through a brand's campaigns: every row once, in order, through ties on created_at and an insert between pages", async () => {
    const brand = await seedUser({ type: 'BRAND' });
    const db = await getDb();
    const made: number[] = [];
    for (let i = 0; i < 7; i++) made.push((await seedCampaign(brand.id, { title: `Keyset ${i}` })).campaign.id);
    // Three share one instant, two differ only in microseconds (JS dates stop at milliseconds).
    const at = [
      '2026-02-01 10:00:00.000000+00',
      '2026-02-01 10:00:00.000000+00',
      '2026-02-01 10:00:00.000000+00',
      '2026-02-01 09:00:00.123456+00',
      '2026-02-01 09:00:00.123100+00',
      '2026-01-01 00:00:00+00',
      '2026-01-01 00:00:00+00',
    ];
    for (const [i, id] of made.entries()) await db.execute(sql`update ${campaigns} set created_at = ${at[i]}::timestamptz where id = ${id}`);
    const expected = (
      await db.execute<{ id: number }>(sql`select id from ${campaigns} where brand_user_id = ${brand.id} order by created_at desc, id desc`)
    ).rows.map((r) => Number(r.id));
    expect(expected).toHaveLength(7);

    const { ids, pages } = await readAll(brand.token, '/api/campaigns?per_page=2', () => seedCampaign(brand.id, { title: 'Inserted between pages' }));
    expect(pages).toBe(4);
    expect(ids).toEqual(expected);

    // The total stays the filter's total on a cursor page (the "Page x of y" count).
    const first = await call('GET', '/api/campaigns?per_page=2', { token: brand.token });
    const second = await call('GET', `/api/campaigns?per_page=2&cursor=${first.body.meta.next_cursor}`, { token: brand.token });
    expect(second.body.meta.total).toBe(8);
    // page= keeps working beside it.
    const paged = await call('GET', '/api/campaigns?per_page=2&page=2', { token: brand.token });
    // The row inserted between pages now leads, so page 2 holds the second and third of the original rows.
    expect(paged.body.data.map((c: { id: number }) => c.id)).toEqual(expected.slice(1, 3));
  });

  it("pages through a campaign's proposal feed and the v0 lists the same way", async () => {
    const brand = await seedUser({ type: 'BRAND' });
    for (let i = 0; i < 3; i++) await seedCampaign(brand.id, { title: `v0 ${i}` });
    const db = await getDb();
    const expected = (
      await db.execute<{ id: number }>(sql`select id from ${campaigns} where brand_user_id = ${brand.id} order by created_at desc, id desc`)
    ).rows.map((r) => Number(r.id));
    const v0 = await readAll(brand.token, '/api/v0/campaigns', async () => undefined);
    expect(v0.ids).toEqual(expected);
    const podcaster = await seedUser({ type: 'PODCASTER' });
    const { podcast } = await seedPodcast(podcaster.id);
    for (let i = 0; i < 3; i++) await seedProposal(expected[0]!, podcast.id, [{ fee: 10_000 }]);
    await db.execute(sql`update ${packages} set created_at = '2026-02-01 10:00:00+00' where campaign_id = ${expected[0]}`);
    const feedExpected = (
      await db.execute<{ id: number }>(sql`select id from ${packages} where campaign_id = ${expected[0]} order by created_at desc, id desc`)
    ).rows.map((r) => Number(r.id));
    expect(feedExpected).toHaveLength(3);
    const feed = await readAll(brand.token, `/api/campaigns/${expected[0]}/packages?per_page=1`, async () => undefined);
    expect(feed.ids).toEqual(feedExpected);
    const v0Packages = await readAll(brand.token, `/api/v0/packages?campaign_id=${expected[0]}&per_page=2`, async () => undefined);
    expect(v0Packages.ids).toEqual(feedExpected);
  });

  it("pages a campaign's proposal feed by cursor in its price and downloads orders too, ties and unmeasured shows included", async () => {
    const brand = await seedUser({ type: 'BRAND' });
    const { campaign } = await seedCampaign(brand.id, { title: 'Sorted keyset' });
    const db = await getDb();
    /** A show whose one episode, published 10 days before TEST_NOW, the counter credited with `downloads` (its daily rollup). */
    async function show(downloads: number | null) {
      const podcaster = await seedUser({ type: 'PODCASTER' });
      const { podcast } = await seedPodcast(podcaster.id);
      if (downloads === null) return podcast.id;
      const published = new Date(TEST_NOW.getTime() - 10 * 86_400_000);
      const [episode] = await db
        .insert(episodes)
        .values({ hash_id: `ks-${podcast.hash_id}`, podcast_id: podcast.id, guid: `ks-${podcast.hash_id}`, title: 'Measured', published_at: published })
        .returning();
      await db.insert(downloadDays).values({
        podcast_id: podcast.id,
        episode_id: episode!.id,
        day: published.toISOString().slice(0, 10),
        app: 'Apple Podcasts',
        device: 'phone',
        os: 'iOS',
        country: 'US',
        downloads,
      });
      return podcast.id;
    }
    // Medians 100, 100, 40 and two unmeasured shows; the first two proposals tie on price and on median.
    const shows = [await show(100), await show(100), await show(40), await show(null), await show(null)];
    const fees = [10_000, 10_000, 2_000, 5_000, 7_000];
    const made: number[] = [];
    for (const [i, podcastId] of shows.entries()) made.push((await seedProposal(campaign.id, podcastId, [{ fee: fees[i]! }])).pkg.id);
    // Two pairs share one instant, so the id breaks the ties.
    await db.execute(sql`update ${packages} set created_at = '2026-02-01 10:00:00+00' where id in (${made[0]}, ${made[1]}, ${made[3]}, ${made[4]})`);

    for (const [sort, leading] of [
      // Cheapest per thousand first: $20 over a median of 40 is $500 CPM, below the two $1,000 ones.
      ['price', [made[2], ...[made[0], made[1]].sort((a, b) => b! - a!)]],
      ['downloads', [...[made[0], made[1]].sort((a, b) => b! - a!), made[2]]],
    ] as const) {
      const path = `/api/campaigns/${campaign.id}/packages?sort=${sort}`;
      const { ids, pages } = await readAll(brand.token, `${path}&per_page=2`, () => seedProposal(campaign.id, shows[3]!, [{ fee: 1_000 }]));
      // The proposal sent between pages is an unmeasured show's, so it sorts after the first page and is read once.
      const whole = await call<ListPage>('GET', `${path}&per_page=50`, { token: brand.token });
      expect(ids, sort).toEqual(whole.body.data.map((p) => p.id));
      expect(ids.slice(0, 3), sort).toEqual(leading);
      expect(ids, sort).toHaveLength(made.length + (sort === 'price' ? 1 : 2));
      expect(pages, sort).toBe(Math.ceil(ids.length / 2));
      // The price guide a card shows agrees with the order.
      const guides = (whole.body.data as unknown as Array<{ price_guide: { per_thousand: number | null } }>).map((p) => p.price_guide.per_thousand);
      if (sort === 'price') expect(guides.slice(0, 3)).toEqual([50_000, 100_000, 100_000]);
    }
    // A cursor of another order is a 422 on the field cursor.
    const newest = await call<ListPage>('GET', `/api/campaigns/${campaign.id}/packages?per_page=1`, { token: brand.token });
    const crossed = await call('GET', `/api/campaigns/${campaign.id}/packages?sort=price&cursor=${newest.body.meta.next_cursor}`, { token: brand.token });
    expect(crossed.status).toBe(422);
    expect(crossed.body.errors.cursor).toHaveLength(1);
  });

  it('pages through notifications with a uuid tiebreaker', async () => {
    const user = await seedUser({ type: 'BRAND' });
    const db = await getDb();
    const rows = await db
      .insert(notifications)
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          type: 'test',
          notifiable_type: 'user',
          notifiable_id: user.id,
          data: { title: `Note ${i}`, description: 'A note.' },
          created_at: new Date('2026-02-01T10:00:00Z'),
        })),
      )
      .returning({ id: notifications.id });
    const expected = rows
      .map((r) => r.id)
      .sort()
      .reverse();
    const { ids } = await readAll(user.token, '/api/notifications?per_page=2', async () => {
      await db.insert(notifications).values({ type: 'test', notifiable_type: 'user', notifiable_id: user.id, data: { title: 'Late', description: 'Newer.' } });
    });
    expect(ids).toEqual(expected);
    await db.delete(notifications).where(inArray(notifications.id, expected));
  });

  it("pages through the user's ledger rows, page= still answering beside it", async () => {
    const user = await seedUser({ type: 'PODCASTER' });
    const db = await getDb();
    const code = () => `KS-${user.id}-${Math.random().toString(36).slice(2, 10)}`;
    const at = new Date('2026-02-01T10:00:00Z');
    await db
      .insert(transactions)
      .values(Array.from({ length: 5 }, (_, i) => ({ code: code(), kind: 'payout' as const, fee: 100 + i, user_id: user.id, created_at: at })));
    const expected = (
      await db.execute<{ id: number }>(sql`select id from ${transactions} where user_id = ${user.id} order by created_at desc, id desc`)
    ).rows.map((r) => Number(r.id));
    const { ids } = await readAll(user.token, '/api/transactions?per_page=2', () =>
      db.insert(transactions).values({ code: code(), kind: 'payout', fee: 1, user_id: user.id }),
    );
    expect(ids).toEqual(expected);
    const paged = await call('GET', '/api/transactions?per_page=2&page=3', { token: user.token });
    expect(paged.body.meta).toMatchObject({ current_page: 3, last_page: 3, total: 6, next_cursor: null });
  });

  it("pages through a user's support conversations", async () => {
    const user = await seedUser({ type: 'BRAND' });
    const db = await getDb();
    const identity = { email: `ks${user.id}@example.com`, user_id: user.id, name: 'Keyset Tester', avatar: null, is_podcaster: false };
    const at = new Date('2026-02-01T10:00:00Z');
    const made = await db
      .insert(supportConversations)
      .values(Array.from({ length: 5 }, () => ({ user_id: user.id, identity, last_message_at: at })))
      .returning({ id: supportConversations.id });
    const expected = made.map((r) => r.id).sort((a, b) => b - a);
    const { ids } = await readAll(user.token, '/api/support/conversations?per_page=2', () =>
      db.insert(supportConversations).values({ user_id: user.id, identity }),
    );
    expect(ids).toEqual(expected);
  });

  it("pages through a podcast's manual stats submissions", async () => {
    const podcaster = await seedUser({ type: 'PODCASTER' });
    const { podcast } = await seedPodcast(podcaster.id);
    const db = await getDb();
    const at = new Date('2026-02-01T10:00:00Z');
    const made = await db
      .insert(podcastManualStats)
      .values(Array.from({ length: 5 }, (_, i) => ({ podcast_id: podcast.id, listens: 100 + i, created_at: at })))
      .returning({ id: podcastManualStats.id });
    const expected = made.map((r) => r.id).sort((a, b) => b - a);
    const { ids } = await readAll(podcaster.token, `/api/podcasts/${podcast.id}/manual-stats-list?per_page=2`, () =>
      db.insert(podcastManualStats).values({ podcast_id: podcast.id, listens: 1 }),
    );
    expect(ids).toEqual(expected);
  });

  it('answers a bad cursor with a 422 on the field cursor, never a 500', async () => {
    const brand = await seedUser({ type: 'BRAND' });
    for (const path of [
      '/api/campaigns?cursor=bm90LWpzb24',
      '/api/notifications?cursor=WyJ4Il0',
      '/api/v0/campaigns?cursor=%21%21',
      '/api/transactions?cursor=WzEsMl0',
    ]) {
      const res = await call('GET', path, { token: brand.token });
      expect(res.status, path).toBe(422);
      expect(res.body.errors.cursor, path).toHaveLength(1);
    }
    // The campaigns page reads the same query: a bad cursor there is the 404 page (input-errors.ts), not a server error.
    expect((await page('/campaigns?cursor=bm90LWpzb24', brand.cookie)).status).toBe(404);
  });
});

describe('[KEYSET] a hosted show’s episodes', () => {
  it('pages by cursor newest first with undated episodes last, the same rows as by offset, unshifted by a new episode', async () => {
    const { listHostedEpisodes, EPISODES_PER_PAGE } = await import('../../src/lib/server/hosting/list-hosted-episodes');
    const user = await seedUser({ type: 'PODCASTER' });
    const { podcast } = await seedPodcast(user.id, { hosted: true });
    const db = await getDb();
    const { episodes } = await import('../../src/lib/server/db/schema');
    const made: number[] = [];
    for (let i = 0; i < EPISODES_PER_PAGE + 4; i++) {
      // Four undated episodes (the old feed gave no date); two pairs share a date to the microsecond.
      const published = i < 4 ? null : new Date(Date.UTC(2025, 0, 1 + Math.floor(i / 2)));
      const [row] = await db
        .insert(episodes)
        .values({
          hash_id: `ks${i}${podcast.id}`,
          podcast_id: podcast.id,
          guid: `ks-${i}`,
          title: `Episode ${i}`,
          status: 'current',
          enclosure_url: 'http://cuepoint.test/media/x/a.mp3',
          published_at: published,
        })
        .returning({ id: episodes.id });
      made.push(row!.id);
    }
    const now = new Date('2026-11-23T15:00:00Z');
    const first = await listHostedEpisodes(podcast.id, {}, now);
    expect(first).toMatchObject({ total: EPISODES_PER_PAGE + 4, lastPage: 2, next_cursor: expect.any(String) });
    const byCursor = await listHostedEpisodes(podcast.id, { page: 2, cursor: first.next_cursor! }, now);
    const byOffset = await listHostedEpisodes(podcast.id, { page: 2 }, now);
    expect(byCursor.items.map((e) => e.title)).toEqual(byOffset.items.map((e) => e.title));
    // The undated ones come last, newest id first.
    expect(byCursor.items.map((e) => e.title)).toEqual(['Episode 3', 'Episode 2', 'Episode 1', 'Episode 0']);
    await db.insert(episodes).values({
      hash_id: `ksnew${podcast.id}`,
      podcast_id: podcast.id,
      guid: 'ks-new',
      title: 'Newest',
      status: 'current',
      enclosure_url: 'http://cuepoint.test/media/x/b.mp3',
      published_at: new Date('2025-06-01T00:00:00Z'),
    });
    expect((await listHostedEpisodes(podcast.id, { page: 2, cursor: first.next_cursor! }, now)).items.map((e) => e.title)).toEqual(
      byCursor.items.map((e) => e.title),
    );
    expect((await listHostedEpisodes(podcast.id, { page: 2, cursor: 'bad cursor!' }, now)).items).toHaveLength(5);
    // The page's Next link carries the cursor (a show whose move is done shows its list).
    const { hostedPodcasts } = await import('../../src/lib/server/db/schema');
    await db
      .update(hostedPodcasts)
      .set({ migration_status: 'completed', is_completed: true, redirecting_at: new Date() })
      .where(eq(hostedPodcasts.podcast_id, podcast.id));
    const html = (await page('/hosting/episodes', user.cookie)).html;
    const { next_cursor } = await listHostedEpisodes(podcast.id, {}, now);
    expect(html.includes(`cursor=${next_cursor}`), 'the Next link carries the cursor').toBe(true);
    expect(made).toHaveLength(EPISODES_PER_PAGE + 4);
  });
});
