/** Brand demo data: a half-finished campaign the demo brand can pick up from /campaigns. */
import { eq } from 'drizzle-orm';
import type { Tx } from '../db';
import { campaignCategories, campaigns, categories, users } from '../db';

/** Adds a draft campaign (details filled, ads and budget not yet) for brand@cuepoint.test. */
export async function seedBrands(tx: Tx): Promise<void> {
  const [brand] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'brand@cuepoint.test'));
  if (!brand) return;
  const [row] = await tx
    .insert(campaigns)
    .values({
      brand_user_id: brand.id,
      title: 'Holiday Gift Box Preorders',
      description:
        'Our holiday box pairs three single-origin roasts with a hand-thrown mug from a Portland studio. We want hosts who make gift guides or talk about small makers.',
      url: 'https://trailheadcoffee.example/holiday-box',
      expired_days: 30,
    })
    .returning({ id: campaigns.id });
  const cats = await tx.select().from(categories);
  const ids = ['Leisure', 'Arts'].map((t) => cats.find((c) => c.title === t)?.id).filter((id): id is number => !!id);
  if (ids.length) await tx.insert(campaignCategories).values(ids.map((category_id) => ({ campaign_id: row!.id, category_id })));
}
