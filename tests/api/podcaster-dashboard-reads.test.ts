/**
 * The podcaster dashboard reads the user's proposals and the podcast's calendar in one statement
 * (issue #16: at most 4 statements for a page render): each part must answer what its own read does.
 */
import type { AstroCookies } from 'astro';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { packages, podcasts, slots } from '../../src/lib/server/db/schema';
import { recentPackages } from '../../src/lib/server/marketplace/proposals/serialize-package';
import { upcomingSlots } from '../../src/lib/server/podcasts/slots/slots';
import { podcasterDashboard } from '../../src/lib/server/shell/podcaster-dashboard';
import { loadSessionUser } from '../../src/lib/server/users/session-user';
import { seedCampaign, seedProposal } from '../support/campaign-builders';
import { seedHire } from '../support/payment-builders';
import { TEST_NOW } from '../support/clock';
import { withStatements } from '../support/statements';

const noCookies = { get: () => undefined } as unknown as AstroCookies;
const inDays = (days: number) => new Date(TEST_NOW.getTime() + days * 86_400_000).toISOString().slice(0, 10);

describe('the podcaster dashboard', () => {
  it('reads the proposals and the upcoming slots in one statement, each as its own read answers it', async () => {
    const hire = await seedHire({ fees: [30_000, 20_000] });
    const db = await getDb();
    await db
      .update(podcasts)
      .set({ schedule_settings: { days: [0, 1, 2, 3, 4, 5, 6], frequency: 1, start_from: '2026-01-05' }, time_zone: 'UTC' })
      .where(eq(podcasts.id, hire.podcast.id));
    // A pending proposal for another campaign, and a day the podcaster made unavailable.
    const { campaign } = await seedCampaign(hire.brand.id, { title: 'Autumn Blend' });
    await seedProposal(campaign.id, hire.podcast.id, [{ fee: 12_000 }]);
    await db.insert(slots).values({ podcast_id: hire.podcast.id, type: 'sponsorship', date: inDays(2), status: 'unavailable' });

    const user = (await loadSessionUser(hire.podcaster.id))!;
    const { value, statements } = await withStatements(() => podcasterDashboard(user, noCookies));
    const both = statements.filter((s) => s.includes('to_json("packages")') && s.includes('union all'));
    expect(both).toHaveLength(1);
    expect(statements.filter((s) => /\bfrom "slots"/.test(s))).toHaveLength(1);
    expect(statements.filter((s) => /\bfrom "packages"/.test(s))).toHaveLength(1);

    const [podcast] = await db.select().from(podcasts).where(eq(podcasts.id, hire.podcast.id));
    const proposals = await recentPackages(and(eq(packages.podcaster_user_id, user.id), inArray(packages.status, ['pending', 'hired']))!, 20);
    // Each proposal as its own read answers it, a hired one with what its hires are worth (the same statement).
    expect(value.proposals.map(({ hired_total: _hired, ...p }) => p)).toEqual(proposals);
    expect(value.proposals.map((p) => [p.campaign_title, p.hired_total]).sort()).toEqual([
      ['Autumn Blend', null],
      ['Spring Launch', 50_000],
    ]);
    expect(value.hired).toEqual({ count: 1, total: 50_000 });
    expect(statements.filter((s) => /\bfrom "hirings"/.test(s))).toHaveLength(1);
    expect(value.proposals.map((p) => p.campaign_title).sort()).toEqual(['Autumn Blend', 'Spring Launch']);
    expect(value.upcoming).toEqual(await upcomingSlots(podcast!, 8));
    expect(value.upcoming.some((s) => s.date === inDays(2) && s.type === 'sponsorship' && s.status === 'unavailable')).toBe(true);
    expect(value.upcoming.length).toBeGreaterThan(0);
  });
});
