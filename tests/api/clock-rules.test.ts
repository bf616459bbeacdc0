/**
 * The clock-dependent rules over HTTP under each of the four test clocks (issue 35): the server's
 * calendar clock is set to the clock (POST /api/dev/clock {at}) and put back to TEST_CLOCK afterwards,
 * so this runs in the ordinary API run, on its one server, without starting another per clock. What
 * each rule answers is derived from the clock's instant: slots from the podcast's own today, air dates,
 * a campaign's delivery date and its expiry, scheduled episodes, and the days of the download reports.
 * (`npm run test:clocks` runs the whole API files of these rules under the other clocks too.)
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMeasurement } from '../../src/lib/server/measurement/analytics/jobs';
import { expireCampaigns } from '../../src/lib/server/campaigns/expire-campaigns';
import { getDb } from '../../src/lib/server/db/client';
import { campaigns, hostedPodcasts, podcasts } from '../../src/lib/server/db/schema';
import { airDateProblem } from '../../src/lib/server/delivery/air-dates';
import { addDays, dayIn } from '../../src/lib/slots';
import { seedPodcast, seedUser, type SeededUser } from '../support/builders';
import { seedCampaign } from '../support/campaign-builders';
import { TEST_CLOCKS } from '../support/clock';
import { call } from '../support/http';
import { testServer } from '../support/test-server';

const TONE = readFileSync(new URL('../fixtures/audio/tone.mp3', import.meta.url));
const APPLE = 'AppleCoreMedia/1.0.0.21E236 (iPhone; U; CPU OS 17_4_1 like Mac OS X; en_us)';
const EVERY_DAY = { days: [0, 1, 2, 3, 4, 5, 6], frequency: 1, start_from: '2025-01-01' };
const setClock = (at: string | null) => call('POST', '/api/dev/clock', { body: { at } });

let podcaster: SeededUser;
let brand: SeededUser;
beforeAll(async () => {
  podcaster = await seedUser({ type: 'PODCASTER' });
  brand = await seedUser({ type: 'BRAND' });
});

describe.each(Object.entries(TEST_CLOCKS))('under the %s clock (%s)', (name, iso) => {
  const now = new Date(iso);
  const today = now.toISOString().slice(0, 10);

  beforeAll(async () => {
    const set = await setClock(iso);
    expect(set.status).toBe(200);
    expect(set.body.data.now).toBe(iso);
  });
  afterAll(async () => {
    expect((await setClock(null)).status).toBe(200);
  });

  it('slots and air dates: the calendar starts on the podcast’s own today; a day before it has passed', async () => {
    for (const zone of ['UTC', 'Pacific/Kiritimati', 'America/Los_Angeles']) {
      const { podcast } = await seedPodcast(podcaster.id, { title: `Clockwork ${name} ${zone}` });
      await (await getDb()).update(podcasts).set({ time_zone: zone }).where(eq(podcasts.id, podcast.id));
      expect((await call('POST', `/api/podcasts/${podcast.id}/calendar`, { token: podcaster.token, body: EVERY_DAY })).status).toBe(200);
      const local = dayIn(now, zone);
      const slots = (await call('GET', `/api/slots?podcast_id=${podcast.id}`, { token: podcaster.token })).body.data as { date: string }[];
      expect(slots[0]!.date).toBe(local);
      // The podcast's today is bookable; its yesterday (its today's eve in the zone) has passed.
      const [row] = await (await getDb()).select().from(podcasts).where(eq(podcasts.id, podcast.id));
      const job = { is_funded: true, status: 'in_progress', delivery_date: null } as never;
      const ctx = { job, podcast: row!, type: 'sponsorship' as const, adId: null };
      expect(await airDateProblem(ctx, local)).toBeNull();
      expect(await airDateProblem(ctx, addDays(local, -1))).toMatch(/has already passed for Clockwork/);
    }
  });

  it('delivery date and expiry: after today, and expired once delivery plus expired days is before today', async () => {
    const { campaign } = await seedCampaign(brand.id, { title: `Clock ${name}` });
    const budget = (delivery_date: string) =>
      call('POST', `/api/campaigns/${campaign.id}`, {
        token: brand.token,
        body: { tab: 'budget', budget: 250_000, duration: 7, delivery_date, expired_days: 3 },
      });
    const onToday = await budget(today);
    expect(onToday.status).toBe(422);
    expect(onToday.body.errors.delivery_date[0]).toBe('The delivery date must be after today.');
    const tomorrow = await budget(addDays(today, 1));
    expect(tomorrow.status).toBe(200);
    expect(tomorrow.body.data.expires_at).toBe(addDays(today, 4));

    const db = await getDb();
    const running = async (delivery_date: string) =>
      (
        await seedCampaign(brand.id, { title: `Running ${name} ${delivery_date}` }).then(({ campaign: c }) =>
          db.update(campaigns).set({ status: 'active', delivery_date, expired_days: 3 }).where(eq(campaigns.id, c.id)).returning(),
        )
      )[0]!;
    const lastDay = await running(addDays(today, -3));
    const past = await running(addDays(today, -4));
    await expireCampaigns();
    const status = async (id: number) => (await db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!.status;
    expect(await status(lastDay.id)).toBe('active');
    expect(await status(past.id)).toBe('expired');
  });

  it('scheduled episodes and measurement days: an episode a second ahead is scheduled, downloads count on the clock’s day', async () => {
    const { podcast, hosted } = await seedPodcast(podcaster.id, { hosted: true, title: `Clock Show ${name}` });
    await (await getDb()).update(hostedPodcasts).set({ migration_status: 'completed', is_completed: true }).where(eq(hostedPodcasts.id, hosted!.id));
    const { baseUrl } = await testServer();
    const upload = async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(TONE)], { type: 'audio/mpeg' }), 'clock.mp3');
      const res = await fetch(`${baseUrl}/api/files`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${podcaster.token}`, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      });
      expect(res.status).toBe(201);
      return (await res.json()).data.id as number;
    };
    const create = async (title: string, offsetMs: number) => {
      const res = await call('POST', `/api/podcasts/hosted/${hosted!.id}/episodes`, {
        token: podcaster.token,
        body: { file_id: await upload(), title, published_at: new Date(now.getTime() + offsetMs).toISOString(), publish: true },
      });
      expect(res.status).toBe(201);
      return res.body.data as { state: string; enclosure_url: string };
    };
    const out = await create('Out a second ago', -1000);
    const soon = await create('Out in a second', 1000);
    expect([out.state, soon.state]).toEqual(['published', 'scheduled']);
    const feed = (await call('GET', `/feeds/${podcast.hash_id}.xml`)).body as string;
    expect(feed).toContain('Out a second ago');
    expect(feed).not.toContain('Out in a second');

    const res = await fetch(`${baseUrl}${new URL(out.enclosure_url).pathname}`, { headers: { 'user-agent': APPLE, 'x-forwarded-for': '81.2.69.160' } });
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    await runMeasurement();
    const report = (await call('GET', `/api/podcasts/${podcast.id}/analytics`, { token: podcaster.token })).body.data.downloads;
    expect(report.by_day).toHaveLength(30);
    expect(report.by_day[0].date).toBe(addDays(today, -29));
    expect(report.by_day.at(-1)).toEqual({ date: today, downloads: 1, listeners: 1 });
  });
});
