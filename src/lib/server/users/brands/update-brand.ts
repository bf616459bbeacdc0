/** The brand's profile (every brand field of §3) and its category. */
import { setAccountName } from '../account-writes';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, ads, brands, categories } from '../../db';
import { fieldError, forbidden, notFound, validate } from '../../http';
import type { BrandPayload } from '../../../types';

export type BrandRow = typeof brands.$inferSelect;

const optionalText = (max: number) =>
  z
    .union([z.string().trim().max(max), z.null()])
    .optional()
    .transform((v) => (v ? v : null));

export const brandProfileSchema = z.object({
  name: z.string().trim().min(1).max(120),
  first_name: z.string().trim().min(1).max(80).optional(),
  last_name: z.string().trim().max(80).optional(),
  country: optionalText(2).refine((v) => v === null || /^[A-Z]{2}$/.test(v), 'The country must be a two-letter code.'),
  address: optionalText(200),
  state: optionalText(80),
  zip: optionalText(20),
  url: optionalText(2000).refine(
    (v) => v === null || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v),
    'The url field must be a valid URL starting with http:// or https://.',
  ),
  category_id: z.union([z.coerce.number().int().positive(), z.null()]).optional(),
  ad_ids: z.array(z.coerce.number().int().positive()).max(10).optional(),
});

/** The brand payload of §3. */
export function serializeBrand(b: BrandRow): BrandPayload {
  return {
    id: b.id,
    name: b.name,
    country: b.country,
    address: b.address,
    state: b.state,
    zip: b.zip,
    url: b.url,
    avatar_url: b.avatar_url,
    category_id: b.category_id,
    ad_ids: b.ad_ids,
  };
}

/** The brand record of the user, or a 404. */
export async function findBrandOf(userId: number): Promise<BrandRow> {
  const db = await getDb();
  const [row] = await db.select().from(brands).where(eq(brands.user_id, userId));
  if (!row) throw notFound();
  return row;
}

/** PUT /api/brand/brands/{id}: updates the user's own brand (another brand's id is a 403). */
export async function updateBrand(userId: number, brandId: number, body: unknown): Promise<BrandPayload> {
  const db = await getDb();
  const [target] = await db.select().from(brands).where(eq(brands.id, brandId));
  if (!target) throw notFound();
  if (target.user_id !== userId) throw forbidden();
  const input = validate(brandProfileSchema, body);
  if (input.category_id) {
    const [cat] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, input.category_id));
    if (!cat) throw fieldError('category_id', 'The selected category is invalid.');
  }
  if (input.ad_ids?.length) {
    const known = await db.select({ id: ads.id }).from(ads).where(inArray(ads.id, input.ad_ids));
    if (known.length !== new Set(input.ad_ids).size) throw fieldError('ad_ids', 'The selected ads are invalid.');
  }
  const [row] = await db.transaction(async (tx) => {
    await setAccountName(tx, userId, { first_name: input.first_name, last_name: input.last_name });
    return tx
      .update(brands)
      .set({
        name: input.name,
        country: input.country,
        address: input.address,
        state: input.state,
        zip: input.zip,
        url: input.url,
        ...(input.category_id !== undefined ? { category_id: input.category_id } : {}),
        ...(input.ad_ids !== undefined ? { ad_ids: [...new Set(input.ad_ids)] } : {}),
      })
      .where(and(eq(brands.id, brandId), eq(brands.user_id, userId)))
      .returning();
  });
  return serializeBrand(row!);
}

/** POST /api/brand/categories: sets the brand's category. */
export async function setBrandCategory(userId: number, body: unknown): Promise<BrandPayload> {
  const { category_id } = validate(z.object({ category_id: z.coerce.number().int().positive() }), body);
  const db = await getDb();
  const [cat] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, category_id));
  if (!cat) throw fieldError('category_id', 'The selected category is invalid.');
  const [row] = await db.update(brands).set({ category_id }).where(eq(brands.user_id, userId)).returning();
  if (!row) throw notFound();
  return serializeBrand(row);
}
