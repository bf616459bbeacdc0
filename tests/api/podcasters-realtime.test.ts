import { afterAll, describe, expect, it } from 'vitest';
import type Pusher from 'pusher-js';
import { pusherClientOf } from '../support/pusher-client';
import { call } from '../support/http';
import { seedPodcast, seedUser } from '../support/builders';
import { seedCampaign } from '../support/campaign-builders';

const clients: Pusher[] = [];
afterAll(() => clients.forEach((c) => c.disconnect()));

/** A real pusher-js client of the user, joined to the online presence channel every signed-in page joins. */
async function online(token: string) {
  const pusher = await pusherClientOf(token);
  clients.push(pusher);
  const channel = pusher.subscribe('presence-online');
  await new Promise<void>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve());
    channel.bind('pusher:subscription_error', reject);
  });
  return channel;
}

describe('[PODCASTERS] realtime sponsorship refresh', () => {
  it('tells open sponsorship lists when a campaign is paused and resumed', async () => {
    const podcaster = await seedUser({ type: 'PODCASTER' });
    await seedPodcast(podcaster.id, { title: 'Tempo Run Talk' });
    const brand = await seedUser({ type: 'BRAND' });
    const { campaign } = await seedCampaign(brand.id, { title: 'Recovery Socks Launch' });
    const channel = await online(podcaster.token);
    const events: unknown[] = [];
    channel.bind('sponsorships.changed', (e: unknown) => events.push(e));

    expect((await call('POST', `/api/brand/campaigns/${campaign.id}/paused`, { token: brand.token })).status).toBe(200);
    await expect.poll(() => events).toContainEqual({ campaign_id: campaign.id, status: 'paused' });
    expect((await call('DELETE', `/api/brand/campaigns/${campaign.id}/paused/${campaign.id}`, { token: brand.token })).status).toBe(200);
    await expect.poll(() => events).toContainEqual({ campaign_id: campaign.id, status: 'active' });
    // The counts the list then fetches no longer/again include it.
    const counts = await call('GET', '/api/sponsorships-count', { token: podcaster.token });
    expect(counts.status).toBe(200);
    expect(counts.body.othersCount + counts.body.notFitCount).toBeGreaterThan(0);
  });
});
