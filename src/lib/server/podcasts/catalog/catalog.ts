/** The fixed catalogue every screen reads: ad types and categories. */
import { asc } from 'drizzle-orm';
import { getDb, ads, categories } from '../../db';
import type { AdPayload, CategoryPayload } from '../../../types';

/** The ad types (sponsorship, host) in their display order. */
export async function listAds(): Promise<AdPayload[]> {
  const db = await getDb();
  return db.select().from(ads).orderBy(asc(ads.sort));
}

/** Every category, alphabetically. */
export async function listCategories(): Promise<CategoryPayload[]> {
  const db = await getDb();
  return db.select({ id: categories.id, title: categories.title }).from(categories).orderBy(asc(categories.title));
}
