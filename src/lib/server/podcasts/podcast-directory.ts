/**
 * Every show on Cuepoint for the editors' premium marking (/admin/podcasts): search by title or owner, premium
 * first filter; premium shows first, then by average listens. "Next" carries a keyset cursor (premium, listens,
 * id: podcasts_directory_idx answers it at any depth); a page number without one (Previous, a typed address)
 * is read by offset. The total is counted up to COUNT_CAP ("more than 1,000").
 */
import { and, count, eq, isNull, or, sql } from 'drizzle-orm';
import { contains, countUpTo, getDb, keyset, podcasts, users } from '../db';

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
    // The show's title, or its owner's email or name: each table matched on its own trigram index. The owners are
    // an array found once (`= any(array(…))`), so the title's index and podcasts_user_idx are OR-ed as bitmaps; as an
    // `in (subquery)` the OR kept the title's index out, and the count read all 100,000 shows' titles (200 ms at SCALE=1).
    term
      ? or(
          contains(podcasts.title, term),
          sql`${podcasts.user_id} = any(array(select ${users.id} from ${users} where ${or(contains(users.email, term), contains(sql`(${users.first_name} || ' ' || ${users.last_name})`, term))}))`,
        )
      : undefined,
  );
  // The page and the total (counted up to COUNT_CAP, never the whole table) side by side.
  const [rows, { total, more }] = await Promise.all([
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
        cursor_key: order.key,
      })
      .from(podcasts)
      .innerJoin(users, eq(users.id, podcasts.user_id))
      .where(and(where, order.after(cursor)))
      .orderBy(...order.orderBy)
      .limit(PODCASTS_PER_PAGE + 1)
      .offset(cursor ? 0 : (page - 1) * PODCASTS_PER_PAGE),
    countUpTo(async (limit) => {
      const listed = db.select({ id: podcasts.id }).from(podcasts).innerJoin(users, eq(users.id, podcasts.user_id)).where(where).limit(limit).as('listed');
      return Number((await db.select({ n: count() }).from(listed))[0]?.n ?? 0);
    }),
  ]);
  const cut = order.page(rows, PODCASTS_PER_PAGE);
  return {
    rows: cut.rows.map(({ cursor_key: _, ...row }) => row) as DirectoryPodcast[],
    total,
    more,
    page,
    lastPage: Math.max(1, Math.ceil(total / PODCASTS_PER_PAGE)),
    next_cursor: cut.next_cursor,
  };
}
