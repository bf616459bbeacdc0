import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { call, page } from '../support/http';
import { seedPodcast, seedUser, type SeededUser } from '../support/builders';
import { getDb } from '../../src/lib/server/db/client';
import {
  ads,
  campaignAds,
  campaignCategories,
  campaigns,
  categories,
  discussionUsers,
  discussions,
  messages,
  notifications,
  podcastCategories,
  podcasts,
} from '../../src/lib/server/db/schema';
import { addDays, scheduledDays, weekday as weekdayOf } from '../../src/lib/slots';
import { TEST_NOW, testToday } from '../support/clock';

/**
 * This file's own category: its shows and campaigns fit one another and nothing another test file
 * adds to the shared database (the files run in one server, in an order vitest may change).
 */
let fileCategory: Promise<number> | null = null;
function ownCategory(): Promise<number> {
  fileCategory ??= getDb().then(async (db) => {
    const [row] = await db.insert(categories).values({ title: 'Trail Technology (podcasters test)' }).returning();
    return row!.id;
  });
  return fileCategory;
}

/** An approved, active, submitted campaign of the brand in this file's category with both ads. */
async function seedCampaign(brandId: number, title: string, extra: Partial<typeof campaigns.$inferInsert> = {}) {
  const db = await getDb();
  const tech = { id: await ownCategory() };
  const [campaign] = await db
    .insert(campaigns)
    .values({
      brand_user_id: brandId,
      title,
      description: `${title}: tell your listeners about our app.`,
      budget: 500_000,
      delivery_date: addDays(testToday(), 60),
      status: 'active',
      is_approved: true,
      submitted_at: new Date(),
      ...extra,
    })
    .returning();
  await db.insert(campaignCategories).values({ campaign_id: campaign!.id, category_id: tech!.id });
  const adRows = await db.select().from(ads);
  const rows = await db
    .insert(campaignAds)
    .values(adRows.map((a) => ({ campaign_id: campaign!.id, ad_id: a.id, description: `Read the ${a.title} script.` })))
    .returning();
  const adOf = (type: 'sponsorship' | 'host') => rows.find((r) => r.ad_id === adRows.find((a) => a.type === type)!.id)!.id;
  return { campaign: campaign!, adOf };
}

async function podcasterWithShow(title: string) {
  const user = await seedUser({ type: 'PODCASTER' });
  const { podcast } = await seedPodcast(user.id, { title, url: `https://feeds.example.com/${title.toLowerCase().replace(/\W+/g, '-')}.rss` });
  const db = await getDb();
  const category = await ownCategory();
  await db.update(podcasts).set({ category_id: category }).where(eq(podcasts.id, podcast.id));
  await db.insert(podcastCategories).values({ podcast_id: podcast.id, category_id: category });
  return { user, podcast: { ...podcast, category_id: category } };
}

// Mondays and Thursdays: the test clock stands on a Monday (UTC), so today's slot is in play.
const schedule = { days: [1, 4], frequency: 1, start_from: testToday() };
const nextDays = () => scheduledDays(schedule, addDays(testToday(), 1), 2);

let brand: SeededUser;
let me: Awaited<ReturnType<typeof podcasterWithShow>>;
let other: Awaited<ReturnType<typeof podcasterWithShow>>;
let camp: Awaited<ReturnType<typeof seedCampaign>>;

beforeAll(async () => {
  brand = await seedUser({ type: 'BRAND' });
  me = await podcasterWithShow('Byte Sized Mornings');
  other = await podcasterWithShow('Quiet Circuits');
  camp = await seedCampaign(brand.id, 'Pixel Notes Launch');
  await seedCampaign(brand.id, 'Draft Campaign Not Submitted', { submitted_at: null });
  await seedCampaign(brand.id, 'Unapproved Campaign', { is_approved: false });
});

describe('[PODCASTERS] podcasts', () => {
  it('refuses a feed on a private address with a field error on url', async () => {
    const res = await call('POST', '/api/podcasts', { token: me.user.token, body: { url: 'http://127.0.0.1:9/feed.xml' } });
    expect(res.status).toBe(422);
    expect(res.body.errors.url[0]).toBeTruthy();
    const bad = await call('POST', '/api/podcasts', { token: me.user.token, body: { url: 'not a url' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.url).toBeDefined();
  });

  it('edits its own podcast and refuses anyone else’s', async () => {
    const res = await call('PUT', `/api/podcasts/${me.podcast.id}`, {
      token: me.user.token,
      body: { title: 'Byte Sized Mornings', about: 'Tech news with coffee.' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.about).toBe('Tech news with coffee.');
    expect(res.body.data.categories.map((c: { title: string }) => c.title)).toEqual(['Trail Technology (podcasters test)']);
    expect((await call('PUT', `/api/podcasts/${other.podcast.id}`, { token: me.user.token, body: { title: 'Mine now' } })).status).toBe(404);
    expect((await call('DELETE', `/api/podcasts/${other.podcast.id}`, { token: me.user.token })).status).toBe(404);
    expect((await call('POST', `/api/podcasts/${other.podcast.id}/calendar`, { token: me.user.token, body: schedule })).status).toBe(404);
    expect((await call('GET', `/api/podcasts/${other.podcast.id}/analytics`, { token: me.user.token })).status).toBe(404);
    expect((await call('PUT', `/api/podcasts/${me.podcast.id}`, { token: brand.token, body: { title: 'x' } })).status).toBe(403);
  });

  it('lets only editors mark podcasts premium', async () => {
    expect((await call('POST', `/api/podcasts/${me.podcast.id}/premium`, { token: me.user.token })).status).toBe(403);
    expect((await call('POST', `/api/podcasts/${me.podcast.id}/premium`, { token: brand.token })).status).toBe(403);
    const admin = await seedUser({ type: 'ADMIN' });
    const res = await call('POST', `/api/podcasts/${me.podcast.id}/premium`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data.is_premium).toBe(true);
    expect((await call('DELETE', `/api/podcasts/${me.podcast.id}/premium`, { token: admin.token })).body.data.is_premium).toBe(false);
  });

  it('searches the catalogue without a token and shows the public podcast', async () => {
    const res = await call('GET', '/api/search-podcasts/byte%20sized');
    expect(res.status).toBe(200);
    expect(res.body.data[0].title).toBe('Byte Sized Mornings');
    expect((await call('GET', `/api/search-podcasts/id/${res.body.data[0].id}`)).body.data.url).toBe(me.podcast.url);
    const pub = await call('GET', `/api/v0/podcast/${me.podcast.hash_id}`, { token: brand.token });
    expect(pub.status).toBe(200);
    expect(pub.body.data.podcast.title).toBe('Byte Sized Mornings');
    expect(pub.body.data.podcast.email).toBeNull();
    expect((await call('GET', `/api/podcasts/${me.podcast.hash_id}/latest-episodes`, { token: brand.token })).body.data).toEqual([]);
    expect((await call('GET', '/api/v0/podcast/nope-nope', { token: brand.token })).status).toBe(404);
    expect((await page(`/podcast/${me.podcast.hash_id}`, brand.cookie)).html).toContain('Byte Sized Mornings');
  });
});

describe('[PODCASTERS] schedule and slots', () => {
  it('derives slots from the schedule, toggles one, and refuses another podcaster', async () => {
    const saved = await call('POST', `/api/podcasts/${me.podcast.id}/calendar`, { token: me.user.token, body: schedule });
    expect(saved.status).toBe(200);
    const [day] = nextDays();
    expect(saved.body.data.slots.filter((s: { date: string }) => s.date === day)).toHaveLength(2);

    const bad = await call('POST', `/api/podcasts/${me.podcast.id}/calendar`, {
      token: me.user.token,
      body: { days: [9], frequency: 0, start_from: '2025-02-30' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['days.0', 'frequency', 'start_from']);

    const made = await call('POST', `/api/podcasts/${me.podcast.id}/slots`, { token: me.user.token, body: { type: 'sponsorship', date: day } });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ status: 'unavailable', type: 'sponsorship', date: day });
    expect((await call('POST', `/api/podcasts/${me.podcast.id}/slots`, { token: me.user.token, body: { type: 'sponsorship', date: day } })).status).toBe(422);
    const offDay = addDays(day!, 1);
    expect((await call('POST', `/api/podcasts/${me.podcast.id}/slots`, { token: me.user.token, body: { type: 'host', date: offDay } })).status).toBe(422);

    const list = await call('GET', `/api/slots?podcast_id=${me.podcast.id}`, { token: me.user.token });
    expect(list.body.data.find((s: { date: string; type: string }) => s.date === day && s.type === 'sponsorship').status).toBe('unavailable');

    // Another podcaster: neither the calendar, nor the slot, nor making one.
    expect((await call('GET', `/api/slots?podcast_id=${me.podcast.id}`, { token: other.user.token })).status).toBe(404);
    expect((await call('DELETE', `/api/podcasts/${me.podcast.id}/slots/${made.body.data.id}`, { token: other.user.token })).status).toBe(404);
    expect((await call('DELETE', `/api/podcasts/${other.podcast.id}/slots/${made.body.data.id}`, { token: other.user.token })).status).toBe(404);
    expect((await call('POST', `/api/podcasts/${me.podcast.id}/slots`, { token: other.user.token, body: { type: 'host', date: day } })).status).toBe(404);

    expect((await call('DELETE', `/api/podcasts/${me.podcast.id}/slots/${made.body.data.id}`, { token: me.user.token })).status).toBe(204);
    // A slot is upcoming until its day ends in the podcast's time zone: in UTC the clock's Monday is today, so it leads.
    expect(weekdayOf(testToday())).toBe(1);
    const up = await call('GET', `/api/podcasts/${me.podcast.id}/upcoming-slots`, { token: brand.token });
    expect(up.status).toBe(200);
    expect(up.body.data[0].date).toBe(testToday());
    expect(up.body.data.filter((s: { date: string }) => s.date === day)).toHaveLength(2);
  });

  it('keeps a slot upcoming until its day ends in the podcast’s own time zone', async () => {
    // 06:30 UTC on Monday is still Sunday evening in Los Angeles: Monday there is tomorrow, and still upcoming.
    const la = await call('POST', `/api/podcasts/${me.podcast.id}/calendar`, { token: me.user.token, body: { ...schedule, time_zone: 'America/Los_Angeles' } });
    expect(la.status).toBe(200);
    expect(testToday('America/Los_Angeles')).toBe(addDays(testToday(), -1));
    expect(la.body.data.slots[0].date).toBe(testToday());
    // Tokyo is already Monday afternoon: Monday is today there, the slot still open until Tokyo's midnight.
    const tokyo = await call('POST', `/api/podcasts/${me.podcast.id}/calendar`, { token: me.user.token, body: { ...schedule, time_zone: 'Asia/Tokyo' } });
    expect(tokyo.body.data.slots[0].date).toBe(testToday('Asia/Tokyo'));
    // A day already over in the show's zone cannot be changed.
    const past = await call('POST', `/api/podcasts/${me.podcast.id}/slots`, { token: me.user.token, body: { type: 'host', date: addDays(testToday(), -4) } });
    expect(past.status).toBe(422);
    const badZone = await call('POST', `/api/podcasts/${me.podcast.id}/calendar`, { token: me.user.token, body: { ...schedule, time_zone: 'Mars/Olympus' } });
    expect(badZone.status).toBe(422);
    expect(badZone.body.errors.time_zone).toEqual(['The time zone must be a time zone such as America/New_York.']);
    await call('POST', `/api/podcasts/${me.podcast.id}/calendar`, { token: me.user.token, body: { ...schedule, time_zone: 'UTC' } });
    expect(TEST_NOW.toISOString()).toBe('2026-11-23T06:30:00.000Z');
  });
});

describe('[PODCASTERS] sponsorships and proposals', () => {
  it('lists open, approved, submitted campaigns that fit, with counts and search', async () => {
    const res = await call('GET', `/api/sponsorships?podcast_id=${me.podcast.id}`, { token: me.user.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { campaign: { title: string } }) => s.campaign.title)).toEqual(['Pixel Notes Launch']);
    expect(res.body.meta.total).toBe(1);
    expect(res.body.links.next).toBeNull();
    const counts = await call('GET', `/api/sponsorships-count?podcast_id=${me.podcast.id}`, { token: me.user.token });
    expect(counts.body).toMatchObject({ othersCount: 1, pendingCount: 0 });
    // Campaigns other test files approve share this database: the not-fit count must agree with its tab.
    const notFit = await call('GET', `/api/sponsorships?podcast_id=${me.podcast.id}&tab=not-fit`, { token: me.user.token });
    expect(counts.body.notFitCount).toBe(notFit.body.meta.total);
    expect((await call('GET', `/api/v0/sponsorships?search=nothing-like-this&podcast_id=${me.podcast.id}`, { token: me.user.token })).body.meta.total).toBe(0);
    expect((await call('GET', '/api/sponsorships', { token: brand.token })).status).toBe(403);
    expect((await call('GET', `/api/sponsorships?podcast_id=${me.podcast.id}`, { token: other.user.token })).status).toBe(404);
  });

  let packageId: number;
  it('sends a two-ad proposal on available dates, notifies the brand and opens the workroom', async () => {
    const [d1, d2] = nextDays();
    const form = await call('GET', `/api/v0/campaign/${camp.campaign.id}/proposal/create?podcast_id=${me.podcast.id}`, { token: me.user.token });
    expect(form.status).toBe(200);
    expect(form.body.data.sponsorship.campaign.ads).toHaveLength(2);

    const invalid = await call('POST', `/api/v0/campaign/${camp.campaign.id}/proposal/create`, {
      token: me.user.token,
      body: { podcast_id: me.podcast.id, description: '', jobs: [{ campaign_ad_id: camp.adOf('host'), fee: 5, episodes: 1, dates: [addDays(d1!, 1)] }] },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors['jobs.0.fee']).toBeDefined();

    const wrongDate = await call('POST', `/api/v0/campaign/${camp.campaign.id}/proposal/create`, {
      token: me.user.token,
      body: { podcast_id: me.podcast.id, description: 'Hi', jobs: [{ campaign_ad_id: camp.adOf('host'), fee: 10_000, episodes: 1, dates: [addDays(d1!, 1)] }] },
    });
    expect(wrongDate.status).toBe(422);
    expect(wrongDate.body.errors['jobs.0.dates'][0]).toMatch(/not an available Host-Read slot/);

    const res = await call('POST', `/api/v0/campaign/${camp.campaign.id}/proposal/create`, {
      token: me.user.token,
      body: {
        podcast_id: me.podcast.id,
        description: '<p>My listeners <strong>love</strong> apps.</p><script>alert(1)</script><img src=x onerror=alert(1)>',
        jobs: [
          { campaign_ad_id: camp.adOf('sponsorship'), fee: 25_000, episodes: 1, dates: [d1] },
          { campaign_ad_id: camp.adOf('host'), fee: 40_000, episodes: 1, dates: [d2] },
        ],
      },
    });
    expect(res.status).toBe(201);
    packageId = res.body.data.id;
    expect(res.body.data).toMatchObject({ status: 'pending', total_price: 65_000, campaign_id: camp.campaign.id, podcast_id: me.podcast.id });
    expect(res.body.data.description).toBe('<p>My listeners <strong>love</strong> apps.</p>');
    expect(res.body.data.jobs.map((j: { delivery_date: string; episodes: number }) => [j.delivery_date, j.episodes])).toEqual([
      [d1, 1],
      [d2, 1],
    ]);

    const db = await getDb();
    const [discussion] = await db.select().from(discussions).where(eq(discussions.package_id, packageId));
    expect(discussion).toBeDefined();
    const members = await db.select().from(discussionUsers).where(eq(discussionUsers.discussion_id, discussion!.id));
    expect(members.map((m) => m.user_id).sort()).toEqual([brand.id, me.user.id].sort());
    const [msg] = await db.select().from(messages).where(eq(messages.discussion_id, discussion!.id));
    expect(msg).toMatchObject({ type: 'proposal-details', user_id: null });
    const notes = await db.select().from(notifications).where(eq(notifications.notifiable_id, brand.id));
    expect(notes.some((n) => n.type === 'proposal.created')).toBe(true);

    const counts = await call('GET', `/api/sponsorships-count?podcast_id=${me.podcast.id}`, { token: me.user.token });
    expect(counts.body).toMatchObject({ othersCount: 0, pendingCount: 1 });
    const again = await call('POST', `/api/v0/campaign/${camp.campaign.id}/proposal/create`, {
      token: me.user.token,
      body: { podcast_id: me.podcast.id, description: 'Again', jobs: [{ campaign_ad_id: camp.adOf('host'), fee: 40_000, episodes: 1, dates: [d2] }] },
    });
    expect(again.status).toBe(422);
  });

  it('edits the proposal (several episodes), and another podcaster can neither see nor touch it', async () => {
    const days = nextDays();
    const edit = await call('PUT', `/api/v0/campaign/${camp.campaign.id}/proposal/${packageId}/edit`, {
      token: me.user.token,
      body: { description: 'Updated pitch', jobs: [{ campaign_ad_id: camp.adOf('host'), fee: 30_000, episodes: 2, dates: [days[1], days[2]] }] },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.data.total_price).toBe(60_000);
    expect(edit.body.data.jobs.filter((j: { is_episode: boolean }) => j.is_episode)).toHaveLength(2);
    expect(edit.body.data.jobs.find((j: { is_episode: boolean }) => !j.is_episode).episodes).toBe(2);

    const who = other.user.token;
    expect((await call('GET', `/api/v0/campaign/${camp.campaign.id}/proposal/${packageId}/edit`, { token: who })).status).toBe(404);
    expect(
      (
        await call('PUT', `/api/v0/campaign/${camp.campaign.id}/proposal/${packageId}/edit`, {
          token: who,
          body: { description: 'x', jobs: [{ campaign_ad_id: camp.adOf('host'), fee: 100, episodes: 1, dates: [days[1]] }] },
        })
      ).status,
    ).toBe(404);
    expect((await call('GET', `/api/podcaster/packages/${packageId}/jobs`, { token: who })).status).toBe(404);
    expect((await call('GET', `/api/v0/campaign/${camp.campaign.id}/proposal/confirmation?package_id=${packageId}`, { token: who })).status).toBe(404);
    expect((await call('PUT', `/api/podcaster/sponsorships/${camp.campaign.id}/cancel`, { token: who, body: { podcast_id: me.podcast.id } })).status).toBe(404);
    expect((await page(`/campaign/${camp.campaign.id}/proposal/${packageId}/edit/step-1`, other.user.cookie)).status).toBe(404);
    expect((await page(`/campaign/${camp.campaign.id}/proposal/${packageId}/confirmation`, other.user.cookie)).status).toBe(404);

    const mine = await call('GET', `/api/podcaster/packages/${packageId}/jobs`, { token: me.user.token });
    expect(mine.status).toBe(200);
    const job = mine.body.data.find((j: { is_episode: boolean }) => j.is_episode);
    const moved = await call('POST', `/api/podcaster/packages/${packageId}/jobs/${job.id}/delivery-dates`, {
      token: me.user.token,
      body: { publish_date: days[3] },
    });
    // A proposal not yet hired and funded takes no air date (issue 12; tests/api/delivery.test.ts books them).
    expect(moved.status).toBe(422);
    expect(moved.body.errors.publish_date[0]).toMatch(/not funded/);
    expect((await page(`/campaign/${camp.campaign.id}/proposal/${packageId}/confirmation`, me.user.cookie)).status).toBe(200);
  });

  it('features, cancels and declines a sponsorship', async () => {
    const t = me.user.token;
    const body = { podcast_id: me.podcast.id };
    expect((await call('PUT', `/api/podcaster/sponsorships/${camp.campaign.id}/featured`, { token: t, body })).body.data.is_featured).toBe(true);
    expect((await call('PUT', `/api/podcaster/sponsorships/${camp.campaign.id}/decline`, { token: t, body })).status).toBe(422);
    const cancelled = await call('PUT', `/api/podcaster/sponsorships/${camp.campaign.id}/cancel`, { token: t, body });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', tab: 'others', package: null });
    const declined = await call('PUT', `/api/podcaster/sponsorships/${camp.campaign.id}/decline`, { token: t, body });
    expect(declined.body.data.tab).toBe('declined');
    expect((await call('GET', `/api/sponsorships-count?podcast_id=${me.podcast.id}`, { token: t })).body).toMatchObject({
      othersCount: 0,
      pendingCount: 0,
      declinedCount: 1,
    });
    expect((await call('PUT', '/api/podcaster/sponsorships/999999/featured', { token: t, body })).status).toBe(404);
  });
});
