/**
 * Manage podcasts reads every show's panels at once (issue #16: lists read what they show in one
 * statement, a page view writes nothing): each answer here must be what the one-show reads answer.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectionOf } from '../../src/lib/server/measurement/analytics/connections';
import { showsAnalytics } from '../../src/lib/server/measurement/analytics/shows-analytics';
import { getDb } from '../../src/lib/server/db/client';
import { analyticsConnections, categories, podcastCategories, podcastManualStats } from '../../src/lib/server/db/schema';
import { listManualStats } from '../../src/lib/server/measurement/manual-stats/list-manual-stats';
import { categoriesOf } from '../../src/lib/server/podcasts/podcast-detail';
import { seedPodcast, seedUser } from '../support/builders';
import { withStatements } from '../support/statements';

describe('every show’s panels in one read', () => {
  it('answers each show’s first page of manual stats as its own list does, and nothing of another user’s show', async () => {
    const [me, other] = await Promise.all([seedUser({ type: 'PODCASTER' }), seedUser({ type: 'PODCASTER' })]);
    const [busy, quiet, theirs] = await Promise.all([seedPodcast(me.id, { title: 'Busy' }), seedPodcast(me.id, { title: 'Quiet' }), seedPodcast(other.id)]);
    const db = await getDb();
    const at = (i: number) => new Date(Date.UTC(2026, 9, 1 + (i % 6), 12));
    await db.insert(podcastManualStats).values(
      Array.from({ length: 12 }, (_, i) => ({
        podcast_id: busy.podcast.id,
        listens: 1000 + i,
        status: i % 3 === 0 ? ('verified' as const) : ('rejected' as const),
        created_at: at(i),
      })),
    );
    await db.insert(podcastManualStats).values({ podcast_id: theirs.podcast.id, listens: 5 });

    const shows = [busy, quiet, theirs].map((s) => ({ id: s.podcast.id, hash_id: s.podcast.hash_id, hosted: false }));
    const { value, statements } = await withStatements(() => showsAnalytics(me.id, shows));
    expect(statements).toHaveLength(1);
    const pages = value.manualStats;
    expect(pages.get(busy.podcast.id)).toEqual(await listManualStats(me.id, busy.podcast.id));
    expect(pages.get(busy.podcast.id)!.data).toHaveLength(10);
    expect(pages.get(busy.podcast.id)!.meta.total).toBe(12);
    expect(pages.get(quiet.podcast.id)).toEqual(await listManualStats(me.id, quiet.podcast.id));
    expect(pages.get(theirs.podcast.id)!.data).toEqual([]);
    expect(pages.get(theirs.podcast.id)!.meta.total).toBe(0);
  });

  it('shows a show not measured yet as pending without writing, and each existing connection as it is', async () => {
    const me = await seedUser({ type: 'PODCASTER' });
    const [fresh, checked, hosted] = await Promise.all([seedPodcast(me.id), seedPodcast(me.id), seedPodcast(me.id, { hosted: true })]);
    const db = await getDb();
    await db.insert(analyticsConnections).values({ podcast_id: checked.podcast.id, type: 'prefix', status: 'active', last_check_at: new Date() });
    await db.insert(analyticsConnections).values({ podcast_id: hosted.podcast.id, type: 'hosted', status: 'active', last_check_at: new Date() });
    const shows = [fresh, checked, hosted].map((s) => ({ id: s.podcast.id, hash_id: s.podcast.hash_id, hosted: s.hosted !== null }));

    const { value: read, statements } = await withStatements(() => showsAnalytics(me.id, shows));
    expect(statements).toHaveLength(1);
    const value = read.connections;
    expect(value[0]).toMatchObject({ podcast_id: fresh.podcast.id, type: 'prefix', status: 'pending', last_check_at: null, has_active_analytics: false });
    expect(value[0]!.prefix).toContain(fresh.podcast.hash_id);
    const none = await db.select().from(analyticsConnections).where(eq(analyticsConnections.podcast_id, fresh.podcast.id));
    expect(none).toEqual([]);
    expect(value[1]).toEqual(await connectionOf(checked.podcast, false));
    expect(value[2]).toEqual(await connectionOf(hosted.podcast, true));
    // What the page showed for the fresh show is what its first use creates.
    expect(await connectionOf(fresh.podcast, false)).toEqual(value[0]);
  });

  it('gives a hosted show still without its connection the active one', async () => {
    const me = await seedUser({ type: 'PODCASTER' });
    const hosted = await seedPodcast(me.id, { hosted: true });
    const [shown] = (await showsAnalytics(me.id, [{ id: hosted.podcast.id, hash_id: hosted.podcast.hash_id, hosted: true }])).connections;
    expect(shown).toMatchObject({ type: 'hosted', status: 'active', has_active_analytics: true, prefix: null });
    const rows = await (await getDb())
      .select()
      .from(analyticsConnections)
      .where(and(eq(analyticsConnections.podcast_id, hosted.podcast.id), eq(analyticsConnections.type, 'hosted')));
    expect(rows).toHaveLength(1);
  });

  it('reads several shows’ categories in one statement: linked ones by title, the main one first when not linked', async () => {
    const me = await seedUser({ type: 'PODCASTER' });
    const [a, b] = await Promise.all([seedPodcast(me.id), seedPodcast(me.id)]);
    const db = await getDb();
    const picked = await db
      .select()
      .from(categories)
      .where(inArray(categories.title, ['Technology', 'Comedy', 'News', 'Business']));
    const byTitle = new Map(picked.map((c) => [c.title, c]));
    // a: main Technology (seedPodcast), linked News and Comedy; b: main Technology, linked Technology and Business.
    await db.insert(podcastCategories).values([
      { podcast_id: a.podcast.id, category_id: byTitle.get('News')!.id },
      { podcast_id: a.podcast.id, category_id: byTitle.get('Comedy')!.id },
      { podcast_id: b.podcast.id, category_id: byTitle.get('Technology')!.id },
      { podcast_id: b.podcast.id, category_id: byTitle.get('Business')!.id },
    ]);
    const { value, statements } = await withStatements(() => categoriesOf([a.podcast, b.podcast]));
    expect(statements).toHaveLength(1);
    expect(value.get(a.podcast.id)!.map((c) => c.title)).toEqual(['Technology', 'Comedy', 'News']);
    expect(value.get(b.podcast.id)!.map((c) => c.title)).toEqual(['Business', 'Technology']);
  });
});
