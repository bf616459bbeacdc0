/** Workroom test data: a brand's campaign hired with a podcaster's package, and its workroom. */
import { expect } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { campaigns, packageJobs, packages } from '../../src/lib/server/db/schema';
import { seedPodcast, seedUser, type SeededUser } from './builders';
import { call } from './http';

/** A brand's campaign with a podcaster's hired package and one funded job: the two sides of a package workroom. */
export async function packagePair() {
  const brand = await seedUser({ type: 'BRAND' });
  const podcaster = await seedUser({ type: 'PODCASTER' });
  const { podcast } = await seedPodcast(podcaster.id, { title: 'Trail Talk' });
  const db = await getDb();
  const [campaign] = await db.insert(campaigns).values({ brand_user_id: brand.id, title: 'Ember Launch', is_approved: true }).returning();
  const [pkg] = await db
    .insert(packages)
    .values({ podcast_id: podcast.id, podcaster_user_id: podcaster.id, campaign_id: campaign!.id, status: 'hired', total_price: 50_000 })
    .returning();
  const [job] = await db
    .insert(packageJobs)
    .values({ package_id: pkg!.id, fee: 50_000, description: 'Host-read', status: 'in-progress', is_funded: true })
    .returning();
  return { brand, podcaster, podcast, campaign: campaign!, pkg: pkg!, job: job! };
}

/** The package's workroom, opened by one of its sides. */
export async function openRoom(user: SeededUser, packageId: number) {
  const res = await call('GET', `/api/packages/${packageId}/discussion`, { token: user.token });
  expect(res.status).toBe(200);
  return res.body.data.discussion as { id: number; type: string; link: string };
}
