/** Every show on Cuepoint for the editors' premium marking (/admin/podcasts): search by title or owner, premium first filter. */
import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { contains, getDb, podcasts, users } from '../db';

export const PODCASTS_PER_PAGE = 20;

export interface DirectoryPodcast {
  id: number;
  hash_id: string;
  title: string;
  avatar_url: string | null;
  is_premium: boolean;
  verified_at: Date | null;
  avg_listens: number;
  owner: string;
}

/** One page of shows matching the search (premium only when asked). */
export async function podcastDirectory(search: string, page: number, premiumOnly = false) {
  const db = await getDb();
  const term = search.trim();
  const where = and(
    isNull(users.deleted_at),
    premiumOnly ? eq(podcasts.is_premium, true) : undefined,
    // The show's title, or its owner's email or name: each table matched on its own trigram index.
    term
      ? or(
          contains(podcasts.title, term),
          sql`${podcasts.user_id} in (select ${users.id} from ${users} where ${or(contains(users.email, term), contains(sql`(${users.first_name} || ' ' || ${users.last_name})`, term))})`,
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: podcasts.id,
        hash_id: podcasts.hash_id,
        title: podcasts.title,
        avatar_url: podcasts.avatar_url,
        is_premium: podcasts.is_premium,
        verified_at: podcasts.verified_at,
        avg_listens: podcasts.avg_listens,
        owner: sql<string>`trim(${users.first_name} || ' ' || ${users.last_name}) || ' · ' || ${users.email}`,
      })
      .from(podcasts)
      .innerJoin(users, eq(users.id, podcasts.user_id))
      .where(where)
      .orderBy(desc(podcasts.is_premium), desc(podcasts.avg_listens), desc(podcasts.id))
      .limit(PODCASTS_PER_PAGE)
      .offset((page - 1) * PODCASTS_PER_PAGE),
    db.select({ n: count() }).from(podcasts).innerJoin(users, eq(users.id, podcasts.user_id)).where(where),
  ]);
  const n = Number(total?.n ?? 0);
  return { rows: rows as DirectoryPodcast[], total: n, page, lastPage: Math.max(1, Math.ceil(n / PODCASTS_PER_PAGE)) };
}
