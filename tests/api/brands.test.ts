import { testDay } from '../support/clock';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { call } from '../support/http';
import { seedPodcast, seedUser } from '../support/builders';
import { seedCampaign, seedProposal } from '../support/campaign-builders';
import { getDb } from '../../src/lib/server/db/client';
import { ads, campaigns, categories, discussions, hirings, messages, notifications } from '../../src/lib/server/db/schema';
import { expireCampaigns } from '../../src/lib/server/campaigns/expire-campaigns';

const inDays = testDay;

async function catalogue() {
  const db = await getDb();
  const cats = await db.select().from(categories);
  const adRows = await db.select().from(ads);
  return { cats, adRows };
}

describe('[BRANDS] the campaign wizard saves tab by tab', () => {
  it('creates a draft, keeps field errors per tab, and submits only a complete campaign', async () => {
    const brand = await seedUser({ type: 'BRAND' });
    const { cats, adRows } = await catalogue();

    const bad = await call('POST', '/api/campaigns', { token: brand.token, body: { tab: 'details', title: '', url: 'not a url', categories: [] } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.title[0]).toBe('The title field is required.');
    expect(bad.body.errors.url[0]).toContain('valid URL');
    expect(bad.body.errors.categories[0]).toBe('Choose at least one category.');

    const created = await call('POST', '/api/campaigns', {
      token: brand.token,
      body: {
        tab: 'details',
        title: 'Trail Mix Launch',
        description: 'Snacks for long runs.',
        url: 'https://trailmix.example',
        categories: [cats[0]!.id, cats[1]!.id],
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ title: 'Trail Mix Launch', is_draft: true, stage: 'draft', is_approved: false });
    expect(created.body.data.categories).toHaveLength(2);

    const early = await call('POST', `/api/campaigns/${id}`, { token: brand.token, body: { tab: 'review', submit: true } });
    expect(early.status).toBe(422);
    expect(Object.keys(early.body.errors).sort()).toEqual(['ads', 'budget', 'delivery_date', 'duration']);

    const adsSaved = await call('POST', `/api/campaigns/${id}`, {
      token: brand.token,
      body: { tab: 'ads', ads: [{ ad_id: adRows[0]!.id, description: 'Mention the code TRAIL10' }] },
    });
    expect(adsSaved.status).toBe(200);
    expect(adsSaved.body.data.ads[0].description).toBe('Mention the code TRAIL10');

    const past = await call('POST', `/api/campaigns/${id}`, {
      token: brand.token,
      body: { tab: 'budget', budget: 50, duration: 0, delivery_date: '2001-01-01', expired_days: 30 },
    });
    expect(past.status).toBe(422);
    expect(past.body.errors.budget[0]).toBe('The budget must be at least $100.');
    expect(past.body.errors.delivery_date[0]).toBe('The delivery date must be after today.');

    const budget = await call('POST', `/api/campaigns/${id}`, {
      token: brand.token,
      body: { tab: 'budget', budget: 250_000, duration: 21, delivery_date: inDays(40), expired_days: 14 },
    });
    expect(budget.status).toBe(200);
    expect(budget.body.data.expires_at).toBe(inDays(54));

    const site = await call('POST', '/api/attribution/sites', { token: brand.token, body: { domain: 'https://Shop.Trailmix.example/landing' } });
    expect(site.status).toBe(201);
    expect(site.body.data.domain).toBe('shop.trailmix.example');
    const attribution = await call('POST', `/api/campaigns/${id}`, { token: brand.token, body: { tab: 'attribution', site_id: site.body.data.id } });
    expect(attribution.body.data.site_id).toBe(site.body.data.id);

    const drafts = await call('GET', '/api/campaigns?status=draft', { token: brand.token });
    expect(drafts.body.data.map((c: { id: number }) => c.id)).toContain(id);

    const submitted = await call('POST', `/api/campaigns/${id}`, { token: brand.token, body: { tab: 'review', submit: true } });
    expect(submitted.status).toBe(200);
    expect(submitted.body.data).toMatchObject({ is_draft: false, stage: 'awaiting-approval', is_approved: false });

    const pausedEarly = await call('POST', `/api/brand/campaigns/${id}/paused`, { token: brand.token });
    expect(pausedEarly.status).toBe(422);
  });

  it('lists with search, status filter and pagination meta; pauses and resumes an approved campaign', async () => {
    const brand = await seedUser({ type: 'BRAND' });
    const { campaign } = await seedCampaign(brand.id, { title: 'Cold Brew Summer' });
    await seedCampaign(brand.id, { title: 'Decaf Nights' });
    const found = await call('GET', '/api/campaigns?search=cold', { token: brand.token });
    expect(found.body.data.map((c: { title: string }) => c.title)).toEqual(['Cold Brew Summer']);
    expect(found.body.meta).toMatchObject({ current_page: 1, total: 1 });
    expect(found.body.links.next).toBeNull();

    const paused = await call('POST', `/api/brand/campaigns/${campaign.id}/paused`, { token: brand.token });
    expect(paused.body.data.status).toBe('paused');
    expect((await call('GET', '/api/campaigns?status=paused', { token: brand.token })).body.data).toHaveLength(1);
    const resumed = await call('DELETE', `/api/brand/campaigns/${campaign.id}/paused/${campaign.id}`, { token: brand.token });
    expect(resumed.body.data.status).toBe('active');
  });

  it('expires running campaigns past delivery date plus expired_days', async () => {
    const brand = await seedUser({ type: 'BRAND' });
    const { campaign } = await seedCampaign(brand.id);
    const db = await getDb();
    await db
      .update(campaigns)
      .set({ delivery_date: inDays(-10), expired_days: 5 })
      .where(eq(campaigns.id, campaign.id));
    expect(await expireCampaigns()).toBeGreaterThanOrEqual(1);
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row!.status).toBe('expired');
  });
});

describe('[BRANDS] the proposal feed and hiring', () => {
  it('lists proposals by tab with totals; stars, rates, declines, messages and hires', async () => {
    const brand = await seedUser({ type: 'BRAND' });
    const podcaster = await seedUser({ type: 'PODCASTER' });
    const { podcast } = await seedPodcast(podcaster.id, { title: 'Morning Miles' });
    const { campaign } = await seedCampaign(brand.id);
    const { pkg, jobs } = await seedProposal(campaign.id, podcast.id, [
      { fee: 30_000, description: 'Pre-roll' },
      { fee: 45_000, description: 'Host read', type: 'host' },
      { fee: 90_000, description: 'Three-episode series', episodes: 3 },
    ]);

    const feed = await call('GET', `/api/campaigns/${campaign.id}/packages`, { token: brand.token });
    expect(feed.status).toBe(200);
    expect(feed.body.data).toHaveLength(1);
    // No total set: the sum of the single-episode job fees.
    expect(feed.body.data[0]).toMatchObject({ id: pkg.id, total_price: 75_000, starred: false, podcast: { title: 'Morning Miles' } });
    expect(feed.body.data[0].jobs.map((j: { ad_type: string }) => j.ad_type)).toEqual(['sponsorship', 'host', 'sponsorship']);

    expect((await call('POST', `/api/brand/packages/${pkg.id}/starred`, { token: brand.token })).body.data.starred).toBe(true);
    expect((await call('GET', `/api/campaigns/${campaign.id}/starred-packages`, { token: brand.token })).body.data).toHaveLength(1);
    expect((await call('GET', `/api/campaigns/${campaign.id}/packages?tab=new`, { token: brand.token })).body.data).toHaveLength(0);
    expect((await call('DELETE', `/api/brand/packages/${pkg.id}/starred`, { token: brand.token })).body.data.starred).toBe(false);

    // A rating follows a hire: before one the brand cannot rate the podcaster (issue 37).
    const beforeHire = await call('POST', `/api/brand/packages/${pkg.id}/rates`, { token: brand.token, body: { responsiveness: 4 } });
    expect(beforeHire.status).toBe(422);
    expect(beforeHire.body.errors.rates).toEqual(['You can rate this podcaster once you have hired them from this proposal.']);
    expect((await call('GET', `/api/campaigns/${campaign.id}/packages`, { token: brand.token })).body.data[0].rates).toEqual({
      responsiveness: 0,
      conversion: 0,
      content_quality: 0,
    });

    const declined = await call('POST', `/api/brand/proposal-items/${jobs[2]!.id}/declined`, { token: brand.token });
    expect(declined.status).toBe(200);
    expect(declined.body.data.jobs[2]).toMatchObject({ is_declined: true, status: 'rejected' });
    expect(declined.body.data.status).toBe('pending');

    const noText = await call('POST', `/api/campaigns/${campaign.id}/discussions`, { token: brand.token, body: { package_ids: [pkg.id], content: ' ' } });
    expect(noText.status).toBe(422);
    const sent = await call('POST', `/api/campaigns/${campaign.id}/discussions`, {
      token: brand.token,
      body: { package_ids: [pkg.id], content: 'Could you do a mid-roll?' },
    });
    expect(sent.status).toBe(201);
    const db = await getDb();
    const [discussion] = await db.select().from(discussions).where(eq(discussions.package_id, pkg.id));
    const msgs = await db.select().from(messages).where(eq(messages.discussion_id, discussion!.id));
    expect(msgs.map((m) => m.content)).toEqual(['Could you do a mid-roll?']);
    expect((await call('GET', '/api/discussions-campaigns', { token: podcaster.token })).body.data).toEqual([{ id: campaign.id, title: campaign.title }]);

    const declinedJob = await call('POST', '/api/brand/hirings', { token: brand.token, body: { job_ids: [jobs[2]!.id] } });
    expect(declinedJob.status).toBe(422);
    const hired = await call('POST', '/api/brand/hirings', { token: brand.token, body: { job_ids: [jobs[0]!.id, jobs[1]!.id] } });
    expect(hired.status).toBe(201);
    expect(hired.body.data).toHaveLength(1);
    expect(hired.body.data[0]).toMatchObject({ status: 'new', total_price: 75_000, job_ids: [jobs[0]!.id, jobs[1]!.id], package_id: pkg.id });
    const twice = await call('POST', '/api/brand/hirings', { token: brand.token, body: { job_ids: [jobs[0]!.id] } });
    expect(twice.status).toBe(422);

    const badRate = await call('POST', `/api/brand/packages/${pkg.id}/rates`, { token: brand.token, body: { responsiveness: 6 } });
    expect(badRate.status).toBe(422);
    const rated = await call('POST', `/api/brand/packages/${pkg.id}/rates`, {
      token: brand.token,
      body: { responsiveness: 4, conversion: 3, content_quality: 5 },
    });
    expect(rated.body.data.rates).toEqual({ responsiveness: 4, conversion: 3, content_quality: 5 });
    const again = await call('POST', `/api/brand/packages/${pkg.id}/rates`, { token: brand.token, body: { conversion: 1 } });
    expect(again.body.data.rates).toEqual({ responsiveness: 4, conversion: 1, content_quality: 5 });

    expect((await call('GET', `/api/campaigns/${campaign.id}/packages?tab=hired`, { token: brand.token })).body.data[0].jobs[0].is_hired).toBe(true);
    const listed = (await call('GET', '/api/brand/hirings?status=new', { token: brand.token })).body.data;
    expect(listed).toHaveLength(1);
    // The list and the hire's own answer carry the same payload: titles, the package's workroom, the hired jobs.
    expect(listed[0]).toEqual(hired.body.data[0]);
    expect(listed[0]).toMatchObject({
      campaign_title: campaign.title,
      podcast_title: 'Morning Miles',
      workroom_link: `/workrooms/package/${discussion!.id}`,
      jobs: [
        { id: jobs[0]!.id, status: expect.any(String), is_funded: false },
        { id: jobs[1]!.id, status: expect.any(String), is_funded: false },
      ],
    });
    expect(listed[0].jobs.reduce((sum: number, j: { fee: number }) => sum + j.fee, 0)).toBe(75_000);
    const told = await db.select().from(notifications).where(eq(notifications.notifiable_id, podcaster.id));
    expect(told.map((n) => n.type)).toEqual(expect.arrayContaining(['hiring.created', 'proposal-item.declined', 'message.created']));
    const overview = await (await import('../support/http')).page('/hirings/overview', brand.cookie);
    expect(overview.html).toContain('Morning Miles');
    expect(overview.html).toContain('Next step: fund these hires');
    const [hiring] = await db.select().from(hirings).where(eq(hirings.brand_user_id, brand.id));
    expect(hiring!.status).toBe('new');
  });
});

describe('[BRANDS] another brand can read or change none of it', () => {
  it('answers 404 (or 403 for the brand record) on every call about someone else', async () => {
    const owner = await seedUser({ type: 'BRAND' });
    const other = await seedUser({ type: 'BRAND' });
    const podcaster = await seedUser({ type: 'PODCASTER' });
    const { podcast } = await seedPodcast(podcaster.id);
    const { campaign } = await seedCampaign(owner.id);
    const { pkg, jobs } = await seedProposal(campaign.id, podcast.id, [{ fee: 10_000 }]);
    const site = (await call('POST', '/api/attribution/sites', { token: owner.token, body: { domain: 'owner-shop.example' } })).body.data;
    const db = await getDb();
    const [ownerBrand] = await db
      .select()
      .from((await import('../../src/lib/server/db/schema')).brands)
      .where(eq((await import('../../src/lib/server/db/schema')).brands.user_id, owner.id));

    const t = other.token;
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `/api/campaigns/${campaign.id}`],
      ['POST', `/api/campaigns/${campaign.id}`, { tab: 'details', title: 'Mine now', description: 'x', url: 'https://x.example', categories: [1] }],
      ['GET', `/api/campaigns/${campaign.id}/packages`],
      ['GET', `/api/campaigns/${campaign.id}/packages/${pkg.id}`],
      ['GET', `/api/campaigns/${campaign.id}/starred-packages`],
      ['POST', `/api/campaigns/${campaign.id}/discussions`, { package_ids: [pkg.id], content: 'hello' }],
      ['POST', `/api/brand/campaigns/${campaign.id}/paused`],
      ['DELETE', `/api/brand/campaigns/${campaign.id}/paused/${campaign.id}`],
      ['POST', `/api/brand/packages/${pkg.id}/starred`],
      ['DELETE', `/api/brand/packages/${pkg.id}/starred`],
      ['POST', `/api/brand/packages/${pkg.id}/rates`, { responsiveness: 1 }],
      ['POST', `/api/brand/proposal-items/${jobs[0]!.id}/declined`],
      ['GET', `/api/v0/campaigns/${campaign.id}`],
      ['GET', `/api/attribution/sites/${site.id}`],
      ['DELETE', `/api/attribution/sites/${site.id}`],
      ['GET', `/api/attribution/sites/${site.id}/events`],
    ];
    for (const [method, path, body] of attempts) {
      const res = await call(method, path, { token: t, body });
      expect([403, 404], `${method} ${path}`).toContain(res.status);
      expect(JSON.stringify(res.body)).not.toContain(campaign.title);
    }
    const hire = await call('POST', '/api/brand/hirings', { token: t, body: { job_ids: [jobs[0]!.id] } });
    expect(hire.status).toBe(422);
    const brandEdit = await call('PUT', `/api/brand/brands/${ownerBrand!.id}`, { token: t, body: { name: 'Taken over' } });
    expect(brandEdit.status).toBe(403);
    expect((await call('GET', '/api/campaigns', { token: t })).body.data).toEqual([]);
    expect((await call('GET', '/api/v0/packages', { token: t })).body.data).toEqual([]);
    expect((await call('GET', '/api/attribution/sites', { token: t })).body.data).toEqual([]);
    expect((await call('GET', '/api/brand/hirings', { token: t })).body.data).toEqual([]);

    // Nothing changed.
    const still = await call('GET', `/api/campaigns/${campaign.id}/packages/${pkg.id}`, { token: owner.token });
    expect(still.body.data).toMatchObject({ starred: false, rates: { responsiveness: 0 } });
    expect(still.body.data.jobs[0].is_declined).toBe(false);

    // A podcaster is not a brand.
    expect((await call('GET', '/api/campaigns', { token: podcaster.token })).status).toBe(403);
    expect((await call('POST', `/api/brand/packages/${pkg.id}/starred`, { token: podcaster.token })).status).toBe(403);
    // Pages of someone else's campaign render the 404 page.
    for (const path of [`/campaign/${campaign.id}/new`, `/campaign/${campaign.id}/edit/details`, `/campaign/${campaign.id}/confirmation`]) {
      const page = await (await import('../support/http')).page(path, other.cookie);
      expect(page.status, path).toBe(404);
    }
  });
});

describe('[BRANDS] brand profile', () => {
  it('updates the brand, its category and its avatar', async () => {
    const brand = await seedUser({ type: 'BRAND' });
    const db = await getDb();
    const schema = await import('../../src/lib/server/db/schema');
    const [row] = await db.select().from(schema.brands).where(eq(schema.brands.user_id, brand.id));
    const { cats } = await catalogue();
    const bad = await call('PUT', `/api/brand/brands/${row!.id}`, { token: brand.token, body: { name: '', url: 'nope', country: 'USA' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['country', 'name', 'url']);
    const ok = await call('PUT', `/api/brand/brands/${row!.id}`, {
      token: brand.token,
      body: {
        name: 'Fern & Fog Tea',
        url: 'https://fernfog.example',
        country: 'US',
        state: 'WA',
        zip: '98101',
        address: '1 Pike St',
        category_id: cats[2]!.id,
      },
    });
    expect(ok.body.data).toMatchObject({ name: 'Fern & Fog Tea', country: 'US', category_id: cats[2]!.id });
    const cat = await call('POST', '/api/brand/categories', { token: brand.token, body: { category_id: cats[3]!.id } });
    expect(cat.body.data.category_id).toBe(cats[3]!.id);

    const { baseUrl } = await (await import('../support/test-server')).testServer();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const form = new FormData();
    form.append('avatar', new Blob([png], { type: 'image/png' }), 'a.png');
    const res = await fetch(`${baseUrl}/api/brand/avatars`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${brand.token}`, accept: 'application/json' },
    });
    expect(res.status).toBe(200);
    const url = ((await res.json()) as { data: { avatar_url: string } }).data.avatar_url;
    expect(url).toMatch(/^\/api\/brand\/avatars\/[0-9a-f-]{36}\.png$/);
    const img = await fetch(`${baseUrl}${url}`);
    expect(img.headers.get('content-type')).toBe('image/png');

    const notImage = new FormData();
    notImage.append('avatar', new Blob(['<svg/>'], { type: 'image/png' }), 'a.png');
    const rejected = await fetch(`${baseUrl}/api/brand/avatars`, {
      method: 'POST',
      body: notImage,
      headers: { authorization: `Bearer ${brand.token}`, accept: 'application/json' },
    });
    expect(rejected.status).toBe(422);
  });
});
