/** Builders for the money tests: a brand's new hire of a podcaster's proposal (real rows and the real hire call), and a saved card. */
import { expect } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { campaignAds, packageJobs } from '../../src/lib/server/db/schema';
import { seedPodcast, seedUser, type SeededUser } from './builders';
import { seedCampaign, seedProposal } from './campaign-builders';
import { call } from './http';

export const VISA = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' };

/** Saves a test card for the brand and answers it. */
export async function saveCard(brand: SeededUser, number = VISA.number) {
  const res = await call('POST', '/api/cards', { token: brand.token, body: { ...VISA, number, cvc: /^3[47]/.test(number) ? '1234' : '123' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; type: string; last_four: string; is_default: boolean };
}

export interface HireOptions {
  brand?: SeededUser;
  podcaster?: SeededUser;
  /** Single-episode items' fees (cents). */
  fees?: number[];
  /** A multi-episode item: fee per episode and how many episodes. */
  series?: { fee: number; episodes: number };
  title?: string;
}

/** A brand hires every item of a podcaster's proposal: answers both sides, the hiring and its billable jobs. */
export async function seedHire(options: HireOptions = {}) {
  const brand = options.brand ?? (await seedUser({ type: 'BRAND' }));
  const podcaster = options.podcaster ?? (await seedUser({ type: 'PODCASTER' }));
  const { podcast } = await seedPodcast(podcaster.id, { title: 'Morning Miles' });
  const { campaign } = await seedCampaign(brand.id, { title: options.title ?? 'Spring Launch' });
  const { pkg, jobs } = await seedProposal(
    campaign.id,
    podcast.id,
    (options.fees ?? [30_000]).map((fee, i) => ({ fee, description: `Spot ${i + 1}` })),
  );
  const items = jobs.map((j) => j.id);
  if (options.series) {
    const db = await getDb();
    const [ad] = await db.select().from(campaignAds).limit(1);
    const [parent] = await db
      .insert(packageJobs)
      .values({
        package_id: pkg.id,
        fee: options.series.fee,
        episodes: options.series.episodes,
        is_episode: false,
        campaign_ad_id: ad?.id ?? null,
        description: 'Series',
      })
      .returning();
    await db.insert(packageJobs).values(
      Array.from({ length: options.series.episodes }, (_, i) => ({
        package_id: pkg.id,
        fee: options.series!.fee,
        parent_id: parent!.id,
        description: 'Series',
        delivery_date: `2099-01-${String(10 + i).padStart(2, '0')}`,
      })),
    );
    items.push(parent!.id);
  }
  const hired = await call('POST', '/api/brand/hirings', { token: brand.token, body: { job_ids: items } });
  expect(hired.status, JSON.stringify(hired.body)).toBe(201);
  const hiring = hired.body.data[0] as { id: number; total_price: number; job_ids: number[]; status: string };
  return { brand, podcaster, podcast, campaign, pkg, hiring };
}
