/** The category list (Apple Podcasts top-level categories), alphabetical. */
import { asc } from 'drizzle-orm';
import { getDb } from '../db/client';
import { categories } from '../db/schema';

/** Every category as {id, title}. */
export async function listCategories(): Promise<{ id: number; title: string }[]> {
  const db = await getDb();
  return db.select({ id: categories.id, title: categories.title }).from(categories).orderBy(asc(categories.title));
}
