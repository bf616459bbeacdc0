/**
 * Every show on Cuepoint for the editors' premium marking (/admin/podcasts): search by title or owner, premium
 * first filter; premium shows first, then by average listens. "Next" carries a keyset cursor (premium, listens,
 * id: podcasts_directory_idx answers it at any depth); a page number without one (Previous, a typed address)
 * is read by offset.
 */
import { and, count, eq, isNull, or, sql } from 'drizzle-orm';
import { contains, getDb, keyset, podcasts, users, windowTotal } from '../db';

export const PODCASTS_PER_PAGE = 20;

const order = keyset([
  { column: sql`${podcasts.is_premium}::int`, type: 'int' },
  { column: podcasts.avg_listens, type: 'int' },
  { column: podcasts.id, type: 'int' },
]);

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

/** One page of shows matching the search (premium only when asked); `given` (the previous page's next_cursor) reads the page after it. */
export async function podcastDirectory(search: string, page: number, premiumOnly = false, given?: string) {
  const db = await getDb();
  const cursor = order.readable(given);
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
  // The rows carry the total (count(*) over ()): one statement unless the page is past the end.
  const rows = await db
    .select({
      id: podcasts.id,
      hash_id: podcasts.hash_id,
      title: podcasts.title,
      avatar_url: podcasts.avatar_url,
      is_premium: podcasts.is_premium,
      verified_at: podcasts.verified_at,
      avg_listens: podcasts.avg_listens,
      owner: sql<string>`trim(${users.first_name} || ' ' || ${users.last_name}) || ' · ' || ${users.email}`,
      total: sql<number>`count(*) over ()`,
      cursor_key: order.key,
    })
    .from(podcasts)
    .innerJoin(users, eq(users.id, podcasts.user_id))
    .where(and(where, order.after(cursor)))
    .orderBy(...order.orderBy)
    .limit(PODCASTS_PER_PAGE + 1)
    .offset(cursor ? 0 : (page - 1) * PODCASTS_PER_PAGE);
  const counted = async () => Number((await db.select({ n: count() }).from(podcasts).innerJoin(users, eq(users.id, podcasts.user_id)).where(where))[0]?.n ?? 0);
  // Without a cursor the window's count is the whole list's; after one it counts only what follows.
  const total = cursor ? await counted() : await windowTotal(rows, page, counted);
  const cut = order.page(rows, PODCASTS_PER_PAGE);
  return {
    rows: cut.rows.map(({ total: _, cursor_key: __, ...row }) => row) as DirectoryPodcast[],
    total,
    page,
    lastPage: Math.max(1, Math.ceil(total / PODCASTS_PER_PAGE)),
    next_cursor: cut.next_cursor,
  };
}
