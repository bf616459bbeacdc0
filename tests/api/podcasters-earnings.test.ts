import { describe, expect, it } from 'vitest';
import { call, page } from '../support/http';
import { seedPodcast, seedUser } from '../support/builders';
import { seedCampaign, seedProposal } from '../support/campaign-builders';

describe('[PODCASTERS] earnings and payout method', () => {
  it('shows the podcaster’s own hires with what they receive, an honest empty state to others, and 404 to brands', async () => {
    const podcaster = await seedUser({ type: 'PODCASTER' });
    const { podcast } = await seedPodcast(podcaster.id, { title: 'Long Run Letters' });
    const brand = await seedUser({ type: 'BRAND' });
    const { campaign } = await seedCampaign(brand.id, { title: 'Trail Mix Autumn' });
    const { jobs } = await seedProposal(campaign.id, podcast.id, [{ fee: 30_000 }, { fee: 20_000, type: 'host' }]);
    const hired = await call('POST', '/api/brand/hirings', { token: brand.token, body: { job_ids: jobs.map((j) => j.id) } });
    expect(hired.status).toBeLessThan(300);

    const mine = await page('/settings/earnings', podcaster.cookie);
    expect(mine.status).toBe(200);
    expect(mine.html).toContain('Trail Mix Autumn');
    expect(mine.html).toContain('Hired, awaiting funding');
    expect(mine.html).toContain('$500');
    // 10% service fee by default.
    expect(mine.html).toContain('$450');
    expect(mine.html).toContain('No transactions yet.');

    const other = await seedUser({ type: 'PODCASTER' });
    const theirs = await page('/settings/earnings', other.cookie);
    expect(theirs.html).not.toContain('Trail Mix Autumn');
    expect(theirs.html).toContain('No brand has hired you yet.');
    expect((await page('/settings/earnings', brand.cookie)).status).toBe(404);
  });

  it('shows the payout connection state and hands out the provider URL that comes back to the page', async () => {
    const podcaster = await seedUser({ type: 'PODCASTER' });
    const html = (await page('/settings/payout-method', podcaster.cookie)).html;
    expect(html).toContain('Not connected');
    const res = await call('GET', '/api/payouts/connect-url?provider=paypal&path=/settings/payout-method', { token: podcaster.token });
    expect(res.status).toBe(200);
    expect(res.body.data.url).toContain('state=');
    expect((await call('GET', '/api/payouts/connect-url?provider=venmo', { token: podcaster.token })).status).toBe(422);
  });
});
