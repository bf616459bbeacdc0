import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, page } from '../support/http';
import { seedPodcast, seedUser } from '../support/builders';
import { seedCampaign, seedProposal } from '../support/campaign-builders';
import { getDb } from '../../src/lib/server/db/client';
import { attributionSiteCampaigns, attributionSites } from '../../src/lib/server/db/schema';

describe('[BRANDS] attribution sites', () => {
  it('adds, lists, resumes and removes sites; events and campaigns per site; another brand sees none of it', async () => {
    const brand = await seedUser({ type: 'BRAND' });
    const other = await seedUser({ type: 'BRAND' });
    const empty = await call('POST', '/api/attribution/sites', { token: brand.token, body: { domain: '' } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.domain).toHaveLength(1);
    const site = (await call('POST', '/api/attribution/sites', { token: brand.token, body: { domain: 'roastery.example' } })).body.data;
    expect(site).toMatchObject({ domain: 'roastery.example', status: 'active', campaigns_count: 0 });
    const dupe = await call('POST', '/api/attribution/sites', { token: brand.token, body: { domain: 'https://roastery.example/shop' } });
    expect(dupe.body.errors.domain[0]).toBe('You already added this site.');

    // Paused (as tracking would leave it), then resumed.
    await (await getDb()).update(attributionSites).set({ status: 'paused' }).where(eq(attributionSites.id, site.id));
    expect((await call('PATCH', `/api/attribution/sites/${site.id}/resume`, { token: other.token })).status).toBe(404);
    expect((await call('PATCH', `/api/attribution/sites/${site.id}/resume`, { token: brand.token })).body.data.status).toBe('active');

    const events = (await call('GET', `/api/attribution/sites/${site.id}/events`, { token: brand.token })).body.data;
    expect(events.map((e: { slug: string }) => e.slug)).toEqual(['page-view', 'sign-up', 'purchase']);
    const noName = await call('POST', `/api/attribution/sites/${site.id}/events`, { token: brand.token, body: { name: ' ' } });
    expect(noName.body.errors.name[0]).toBe('The name field is required.');
    const cart = (await call('POST', `/api/attribution/sites/${site.id}/events`, { token: brand.token, body: { name: 'Add to cart' } })).body.data;
    expect(cart.slug).toBe('add-to-cart');
    expect((await call('DELETE', `/api/attribution/sites/${site.id}/events/${events[0].id}`, { token: brand.token })).status).toBe(422);
    expect((await call('DELETE', `/api/attribution/sites/${site.id}/events/${cart.id}`, { token: other.token })).status).toBe(404);
    expect((await call('DELETE', `/api/attribution/sites/${site.id}/events/${cart.id}`, { token: brand.token })).status).toBeLessThan(300);

    const { campaign } = await seedCampaign(brand.id, { title: 'Cold Brew Summer' });
    const { campaign: theirs } = await seedCampaign(other.id, { title: 'Not Yours' });
    const wrong = await call('POST', `/api/attribution/sites/${site.id}/campaigns`, { token: brand.token, body: { campaign_id: theirs.id } });
    expect(wrong.body.errors.campaign_id[0]).toBe('The selected campaign is invalid.');
    const linked = await call('POST', `/api/attribution/sites/${site.id}/campaigns`, { token: brand.token, body: { campaign_id: campaign.id } });
    expect(linked.body.data.map((c: { title: string }) => c.title)).toEqual(['Cold Brew Summer']);
    expect((await call('GET', `/api/attribution/sites/${site.id}`, { token: brand.token })).body.data.campaigns_count).toBe(1);
    expect((await call('GET', `/api/attribution/sites/${site.id}`, { token: other.token })).status).toBe(404);
    expect((await call('GET', `/api/attribution/sites/${site.id}/campaigns`, { token: other.token })).status).toBe(404);
    expect((await call('DELETE', `/api/attribution/sites/${site.id}/campaigns/${campaign.id}`, { token: brand.token })).status).toBeLessThan(300);
    expect((await call('DELETE', `/api/attribution/sites/${site.id}/campaigns/${campaign.id}`, { token: brand.token })).status).toBe(404);
    expect((await call('GET', `/api/attribution/sites/${site.id}`, { token: brand.token })).body.data.campaigns_count).toBe(0);

    // The pages: list, and the three site tabs; someone else's site is the 404 page.
    expect((await page('/settings/attribution', brand.cookie)).html).toContain('roastery.example');
    expect((await page(`/settings/attribution/${site.id}/edit`, brand.cookie)).html).toContain(site.pid);
    expect((await page(`/settings/attribution/${site.id}/edit/events`, brand.cookie)).html).toContain('Page view');
    expect((await page(`/settings/attribution/${site.id}/edit/campaigns`, brand.cookie)).html).toContain('Cold Brew Summer');
    expect((await page(`/settings/attribution/${site.id}/edit`, other.cookie)).status).toBe(404);
    expect((await page('/settings/attribution/abc/edit', brand.cookie)).status).toBe(404);

    expect((await call('DELETE', `/api/attribution/sites/${site.id}`, { token: other.token })).status).toBe(404);
    expect((await call('DELETE', `/api/attribution/sites/${site.id}`, { token: brand.token })).status).toBeLessThan(300);
    expect((await call('GET', '/api/attribution/sites', { token: brand.token })).body.data).toEqual([]);
  });

  it('links the site picked in the campaign wizard into attribution_site_campaigns, one site per campaign', async () => {
    const brand = await seedUser({ type: 'BRAND' });
    const a = (await call('POST', '/api/attribution/sites', { token: brand.token, body: { domain: 'a.roastery.example' } })).body.data;
    const b = (await call('POST', '/api/attribution/sites', { token: brand.token, body: { domain: 'b.roastery.example' } })).body.data;
    const { campaign } = await seedCampaign(brand.id, { title: 'Espresso Week' });
    const links = async () =>
      (await (await getDb()).select().from(attributionSiteCampaigns).where(eq(attributionSiteCampaigns.campaign_id, campaign.id))).map((l) => l.site_id);
    expect((await call('POST', `/api/campaigns/${campaign.id}`, { token: brand.token, body: { tab: 'attribution', site_id: a.id } })).status).toBe(200);
    expect(await links()).toEqual([a.id]);
    await call('POST', `/api/campaigns/${campaign.id}`, { token: brand.token, body: { tab: 'attribution', site_id: b.id } });
    expect(await links()).toEqual([b.id]);
    expect((await call('GET', `/api/attribution/sites/${a.id}`, { token: brand.token })).body.data.campaigns_count).toBe(0);
    expect((await call('GET', `/api/attribution/sites/${b.id}`, { token: brand.token })).body.data.campaigns_count).toBe(1);
    await call('POST', `/api/campaigns/${campaign.id}`, { token: brand.token, body: { tab: 'attribution', site_id: null } });
    expect(await links()).toEqual([]);
  });
});

describe('[BRANDS] campaign stats', () => {
  it('shows honest zeros before hires, then the hired jobs and fees; another brand gets the 404 page', async () => {
    const brand = await seedUser({ type: 'BRAND' });
    const other = await seedUser({ type: 'BRAND' });
    const podcaster = await seedUser({ type: 'PODCASTER' });
    const { podcast } = await seedPodcast(podcaster.id, { title: 'Backroads Audio' });
    const { campaign } = await seedCampaign(brand.id, { title: 'Pour Over Guide' });
    const before = await page(`/campaign/${campaign.id}/stats`, brand.cookie);
    expect(before.status).toBe(200);
    expect(before.html).toContain('Nobody is hired for this campaign yet.');
    expect(before.html).toMatch(/data-testid="stat-jobs"[^>]*>0</);
    expect(before.html).toContain('This campaign has no attribution site');
    const { jobs } = await seedProposal(campaign.id, podcast.id, [{ fee: 40_000 }, { fee: 25_000, type: 'host' }]);
    const hired = await call('POST', '/api/brand/hirings', { token: brand.token, body: { job_ids: jobs.map((j) => j.id) } });
    expect(hired.status).toBe(201);
    const after = (await page(`/campaign/${campaign.id}/stats`, brand.cookie)).html;
    expect(after).toContain('Backroads Audio');
    expect(after).toMatch(/data-testid="stat-jobs"[^>]*>2</);
    expect(after).toMatch(/data-testid="stat-hired"[^>]*>\$650</);
    expect(after).toMatch(/data-testid="stat-spent"[^>]*>\$0</);
    expect((await page(`/campaign/${campaign.id}/stats`, other.cookie)).status).toBe(404);
  });
});
