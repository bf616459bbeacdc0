/**
 * Issue 36 item 3: every fixture feed (twelve, modelled on the hosts shows move from: Libsyn, Buzzsprout,
 * Spotify for Podcasters, Castopod, Subsplash, Acast, ART19, FeedPress, Spreaker, two public broadcasters
 * and a self-hosted WordPress site), moved in through both onboarding routes (the podcaster's own
 * application, approved and verified; an admin's invitation), is diffed element by element against
 * the hosted feed. Anything dropped, changed or still on the old host fails, except what the hosted
 * feed writes itself (WRITTEN, each with its reason) and values compared by meaning (TEXT).
 */
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedPodcast, seedUser, hostingFeedsForFile } from './support';
import { FEEDS } from '../fixtures/feeds/hosting/feed-server.mjs';
import { diffFeeds } from '../support/feed-diff';
import { readWithThreeParsers } from '../support/feed-parsers';
import { sanitizeShowNotes } from '../../src/lib/server/hosting/import-feed';

const hosting = hostingFeedsForFile();

/** What the hosted feed writes itself, and why (docs/hosting.md, "The hosted feed"). */
const WRITTEN: Record<string, string> = {
  'channel/lastBuildDate': 'the time the hosted feed last changed (its Last-Modified)',
  'channel/pubDate': 'the hosted feed dates itself by lastBuildDate',
  'channel/generator': 'Cuepoint generates the hosted feed',
  'channel/atom:link': 'rel=self names the hosted feed, not the old one',
  'channel/podcast:locked': 'a hosted show is locked to its Cuepoint owner',
  'channel/docs': 'names the RSS specification the old host follows, nothing of the show',
  'item/enclosure@length': 'the byte count of the file Cuepoint serves',
  'channel/itunes:new-feed-url': 'the old host named its own address; the hosted feed names a new one only once the show leaves',
};

const flag = (v: string) => ['yes', 'true', 'explicit'].includes(v.toLowerCase());
const instant = (a: string, b: string) => Date.parse(a) === Date.parse(b);

/** Values the hosted feed writes in a canonical form: compared by meaning. */
const TEXT: Record<string, (old: string, hosted: string) => boolean> = {
  'item/pubDate': instant,
  // Show notes are served sanitised (scripts, styles and event handlers removed: docs/hosting.md).
  'item/description': (a, b) => b === sanitizeShowNotes(a),
  'item/content:encoded': (a, b) => b === sanitizeShowNotes(a),
  'item/itunes:summary': (a, b) => b === sanitizeShowNotes(a),
  'channel/itunes:explicit': (a, b) => flag(a) === flag(b),
  'item/itunes:explicit': (a, b) => flag(a) === flag(b),
};

type Route = (feedUrl: string) => Promise<{ user: { id: number }; podcastId: number }>;

/** The podcaster's own route: the show is added, applied for, approved by an admin, and its feed verified. */
const applicationRoute: Route = async (feedUrl) => {
  const { applyForHosting, reviewApplication } = await import('../../src/lib/server/hosting/hosting-applications');
  const user = await seedUser('PODCASTER');
  const podcast = await seedPodcast(user.id, feedUrl, { verified_at: new Date() });
  const application = await applyForHosting(user, podcast.id);
  await reviewApplication(application.id, 'approved');
  return { user, podcastId: podcast.id };
};

/** The invitation route: an admin invites the feed, the invitee signs up, and verifies the feed. */
const invitationRoute: Route = async (feedUrl) => {
  const { getDb } = await import('../../src/lib/server/db/client');
  const { podcasts } = await import('../../src/lib/server/db/schema');
  const { inviteToHosting, registerHosted } = await import('../../src/lib/server/hosting/register-hosted');
  const email = `invitee-${Math.random().toString(36).slice(2)}@example.com`;
  const { token } = await inviteToHosting({ email, feed_url: feedUrl });
  const { userId } = await registerHosted({ token, first_name: 'Ines', last_name: 'Laurent', password: 'a long password' });
  const [podcast] = await (await getDb()).update(podcasts).set({ verified_at: new Date() }).where(eq(podcasts.user_id, userId)).returning();
  return { user: { id: userId }, podcastId: podcast!.id };
};

async function moveIn(route: Route, path: string) {
  const { getDb } = await import('../../src/lib/server/db/client');
  const { hostedPodcasts, podcasts } = await import('../../src/lib/server/db/schema');
  const { startMigration } = await import('../../src/lib/server/hosting/start-migration');
  const { importHostedFeed } = await import('../../src/lib/server/hosting/import-feed');
  const { buildHostedFeed } = await import('../../src/lib/server/hosting/build-hosted-feed');
  const { user, podcastId } = await route(hosting.feeds.url(path));
  const db = await getDb();
  const [row] = await db
    .select({ hosted: hostedPodcasts, hash: podcasts.hash_id })
    .from(hostedPodcasts)
    .innerJoin(podcasts, eq(podcasts.id, hostedPodcasts.podcast_id))
    .where(eq(hostedPodcasts.podcast_id, podcastId));
  await startMigration(user, row!.hosted.id, {});
  await importHostedFeed(row!.hosted.id, { retryDelaysMs: [0, 0] });
  const [done] = await db.select().from(hostedPodcasts).where(eq(hostedPodcasts.id, row!.hosted.id));
  const report = done!.settings.migration_report as import('../../src/lib/hosting-rules').MigrationReport;
  // Built after the last date of the feed, so an episode the old host scheduled is in it too.
  const hosted = await buildHostedFeed(row!.hash, new Date('2040-01-01T00:00:00Z'));
  return { report, xml: hosted!.xml };
}

const ROUTES: Array<[string, Route]> = [
  ['application', applicationRoute],
  ['invitation', invitationRoute],
];

describe.each(ROUTES)('[HOSTING] the hosted feed against the old one, element by element (%s route)', (_name, route) => {
  it.each(Object.entries(FEEDS))('%s: nothing dropped, nothing changed, nothing left on the old host', async (_host, feed) => {
    const { mediaUrlPrefix } = await import('../../src/lib/server/media-paths');
    const old = await (await fetch(hosting.feeds.url(feed.path))).text();
    const { report, xml } = await moveIn(route, feed.path);
    expect(report.failed).toEqual([]);
    const problems = diffFeeds(old, xml, {
      oldOrigin: hosting.feeds.origin,
      mediaPrefix: mediaUrlPrefix(),
      written: WRITTEN,
      text: TEXT,
      namedInReport: report.without_audio?.titles ?? [],
    });
    expect(problems).toEqual([]);
    // And the apps' parsers read the hosted feed alike (its kept elements of other namespaces included).
    const readings = await readWithThreeParsers(xml);
    for (const r of readings.slice(1)) expect(r).toEqual(readings[0]);
  });
});

describe('[HOSTING] durations as the old feed wrote them', () => {
  it('serves fractional seconds and HH:MM:SS unrounded, while the episode keeps whole seconds for the screens', async () => {
    const { getDb } = await import('../../src/lib/server/db/client');
    const { episodes } = await import('../../src/lib/server/db/schema');
    const { xml } = await moveIn(applicationRoute, FEEDS.castopod.path);
    expect(xml).toContain('<itunes:duration>1014.708375</itunes:duration>');
    expect(xml).toContain('<itunes:duration>95.5</itunes:duration>');
    expect(xml).toContain('<itunes:duration>2710.04</itunes:duration>');
    const [row] = await (await getDb()).select().from(episodes).where(eq(episodes.duration, 1015));
    expect(row?.podcast_tags).toMatchObject({ duration_text: '1014.708375' });
    const { xml: subsplash } = await moveIn(invitationRoute, FEEDS.subsplash.path);
    expect(subsplash).toContain('<itunes:duration>38:12</itunes:duration>');
    expect(subsplash).toContain('<itunes:duration>00:41:00</itunes:duration>');
  });
});

describe('[HOSTING] the files of Podcasting 2.0 elements on Resync', () => {
  it('names a lost alternate enclosure in the report, and Resync fetches only it', async () => {
    const { getDb } = await import('../../src/lib/server/db/client');
    const { hostedPodcasts } = await import('../../src/lib/server/db/schema');
    const { startMigration } = await import('../../src/lib/server/hosting/start-migration');
    const { importHostedFeed, failedFilesSentence } = await import('../../src/lib/server/hosting/import-feed');
    const lost = '/audio/maintainers-holidays-64k.mp3';
    hosting.feeds.removeFile(lost);
    const { report } = await moveIn(applicationRoute, FEEDS.castopod.path).finally(() => hosting.feeds.restoreFile(lost));
    expect(failedFilesSentence(report)).toBe(
      `1 of ${report.files.total} files could not be fetched: the alternate enclosure of “Maintainers Need Holidays Too”.`,
    );
    const [hosted] = await (await getDb()).select().from(hostedPodcasts).orderBy(desc(hostedPodcasts.id)).limit(1);
    const before = hosting.feeds.requests.length;
    await startMigration({ id: (await ownerOf(hosted!.podcast_id))! }, hosted!.id, {});
    const again = await importHostedFeed(hosted!.id, { retryDelaysMs: [0, 0] });
    expect(again.files.failed).toBe(0);
    // The feed itself, then only the lost file: every other file is reused from storage.
    expect(hosting.feeds.requests.slice(before).filter((p) => p !== FEEDS.castopod.path)).toEqual([lost]);
  });
});

async function ownerOf(podcastId: number): Promise<number | undefined> {
  const { getDb } = await import('../../src/lib/server/db/client');
  const { podcasts } = await import('../../src/lib/server/db/schema');
  const [row] = await (await getDb()).select({ user_id: podcasts.user_id }).from(podcasts).where(eq(podcasts.id, podcastId));
  return row?.user_id;
}
