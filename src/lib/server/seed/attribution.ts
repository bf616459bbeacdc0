/** Attribution demo data: Trailhead Coffee Co.'s shop site with its two live campaigns, and a paused wholesale site. */
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db';
import { attributionSites, campaigns, siteEvents, users } from '../db';
import { PREDEFINED_EVENTS, linkCampaignSite } from '../measurement';

/** Adds brand@cuepoint.test's attribution sites, their events and campaign links. */
export async function seedAttribution(tx: Tx): Promise<void> {
  const [brand] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'brand@cuepoint.test'));
  if (!brand) return;
  const [shop] = await tx
    .insert(attributionSites)
    .values({ user_id: brand.id, domain: 'trailheadcoffee.example', pid: 'cp_trailheadshop1', status: 'active' })
    .returning();
  const [wholesale] = await tx
    .insert(attributionSites)
    .values({ user_id: brand.id, domain: 'wholesale.trailheadcoffee.example', pid: 'cp_trailheadwhsl1', status: 'paused' })
    .returning();
  for (const site of [shop!, wholesale!]) {
    await tx.insert(siteEvents).values(PREDEFINED_EVENTS.map((e) => ({ site_id: site.id, name: e.name, slug: e.slug, is_predefined: true })));
  }
  await tx.insert(siteEvents).values({ site_id: shop!.id, name: 'Bean subscription', slug: 'bean-subscription' });
  const live = await tx
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.brand_user_id, brand.id), inArray(campaigns.title, ['Autumn Roast Launch', 'Cold Brew Kit Spring Push'])));
  for (const c of live) await linkCampaignSite(tx, c.id, shop!.id);
}
