/**
 * Issue 37: the thread of a package's workroom tells the deal's life. The domains below workrooms
 * announce each step (src/lib/server/domain-events.ts) and the workroom posts it as a system line,
 * formatted text (never tags), and names each job by its ad type and current air date.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { podcasts } from '../../src/lib/server/db/schema';
import { seedPodcast, seedUser } from '../support/builders';
import { seedCampaign, seedProposal } from '../support/campaign-builders';
import { eventually } from '../support/eventually';
import { call } from '../support/http';
import { saveCard } from '../support/payment-builders';

describe('[WORKROOMS] the deal’s life in the thread', () => {
  it('posts the hire, the funding, the air date moved, the cancel and the refund as formatted system lines', async () => {
    const brand = await seedUser({ type: 'BRAND' });
    const podcaster = await seedUser({ type: 'PODCASTER' });
    const { podcast } = await seedPodcast(podcaster.id, { title: 'Morning Miles & Friends' });
    const db = await getDb();
    await db
      .update(podcasts)
      .set({ schedule_settings: { days: [1, 3], frequency: 1, start_from: '2026-01-05' }, time_zone: 'UTC' })
      .where(eq(podcasts.id, podcast.id));
    const { campaign } = await seedCampaign(brand.id, { title: 'Spring Launch' });
    const { pkg, jobs } = await seedProposal(campaign.id, podcast.id, [{ fee: 30_000, description: '' }]);
    const jobId = jobs[0]!.id;
    const room = (await call('GET', `/api/packages/${pkg.id}/discussion`, { token: brand.token })).body.data.discussion as { id: number };
    const systemLines = async () =>
      ((await call('GET', `/api/discussions/${room.id}/messages`, { token: podcaster.token })).body.data as Array<{ user_id: number | null; content: string }>)
        .filter((m) => m.user_id === null)
        .map((m) => m.content);

    const hired = await call('POST', '/api/brand/hirings', { token: brand.token, body: { job_ids: [jobId] } });
    expect(hired.status).toBe(201);
    expect((await systemLines()).at(-1)).toMatch(
      /^<p>.* hired Morning Miles &amp; Friends for 1 ad, \$300 in all\. Work starts once the hire is funded\.<\/p>$/,
    );

    const card = await saveCard(brand);
    expect((await call('POST', '/api/hirings/fund', { token: brand.token, body: { hiring_ids: [hired.body.data[0].id], card_id: card.id } })).status).toBe(200);
    // Funding is announced by the payments queue after commit.
    await eventually(systemLines, (lines) => lines.some((l) => /funded the hire: \$300 is held by Cuepoint/.test(l)));

    const book = (day: string) =>
      call('POST', `/api/podcaster/packages/${pkg.id}/jobs/${jobId}/delivery-dates`, { token: podcaster.token, body: { publish_date: day } });
    expect((await book('2026-11-25')).status).toBe(200);
    expect((await book('2026-11-30')).status).toBe(200);
    const lines = await systemLines();
    // The proposal came with a date: booking another moves it.
    expect(lines.some((l) => /^<p>Morning Miles &amp; Friends moved the Sponsorship air date from .* to November 25, 2026\.<\/p>$/.test(l))).toBe(true);
    expect(lines).toContain('<p>Morning Miles &amp; Friends moved the Sponsorship air date from November 25, 2026 to November 30, 2026.</p>');
    // The job is named by its ad type and its date now, in the panel.
    const panel = (await call('GET', `/api/discussions/${room.id}/jobs`, { token: brand.token })).body.data as { jobs: Array<{ id: number; name: string }> };
    expect(panel.jobs.find((j) => j.id === jobId)?.name).toBe('Sponsorship · Nov 30');

    expect((await call('POST', `/api/brand/jobs/${jobId}/cancel`, { token: brand.token })).status).toBe(200);
    const after = await eventually(systemLines, (l) => l.some((x) => /\$300 was refunded to the brand\./.test(x)));
    expect(after.some((l) => /cancelled an ad \(\$300\) before it aired: what was paid for it goes back to the brand\./.test(l))).toBe(true);
    // Every system line is HTML to show, never a tag shown as text.
    for (const line of after) {
      expect(line.startsWith('<p>')).toBe(true);
      expect(line).not.toContain('&lt;');
    }
  });
});
