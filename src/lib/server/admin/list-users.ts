/**
 * The admin's user directory: search by name or email, newest first, paginated. "Next" carries a keyset cursor
 * (the last row's id), so a deep page reads from users_live_idx at any depth; a page number without a cursor
 * (Previous, a typed address) is read by offset. The total is counted up to COUNT_CAP ("more than 1,000").
 */
import { and, count, isNull, or, sql, eq } from 'drizzle-orm';
import { contains, countUpTo, getDb, brands, keyset, users } from '../db';

export const USERS_PER_PAGE = 20;

const order = keyset([{ column: users.id, type: 'int' }]);

/** One page of users matching the search; `cursor` (the previous page's next_cursor) reads the page after it. */
export async function listUsers(search: string, page: number, given?: string) {
  const db = await getDb();
  // A cursor that does not read (edited, or from another list) falls back to the page number.
  const cursor = order.readable(given);
  const term = search.trim();
  // Each table matched on its own (each condition reads its trigram index), then joined by id.
  const where = and(
    isNull(users.deleted_at),
    term
      ? sql`${users.id} in (select ${users.id} from ${users} where ${or(contains(users.email, term), contains(sql`(${users.first_name} || ' ' || ${users.last_name})`, term))}
          union select ${brands.user_id} from ${brands} where ${contains(brands.name, term)})`
      : undefined,
  );
  // The page and the total (counted up to COUNT_CAP, never the whole table) side by side.
  const [rows, { total, more }] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        first_name: users.first_name,
        last_name: users.last_name,
        type: users.type,
        created_at: users.created_at,
        email_verified_at: users.email_verified_at,
        brand_name: brands.name,
        cursor_key: order.key,
      })
      .from(users)
      .leftJoin(brands, eq(brands.user_id, users.id))
      .where(and(where, order.after(cursor)))
      .orderBy(...order.orderBy)
      .limit(USERS_PER_PAGE + 1)
      .offset(cursor ? 0 : (page - 1) * USERS_PER_PAGE),
    countUpTo(async (limit) => {
      // In the list's own order, so the count reads the index too (a limited seq scan would still scan the table).
      const listed = db
        .select({ id: users.id })
        .from(users)
        .leftJoin(brands, eq(brands.user_id, users.id))
        .where(where)
        .orderBy(...order.orderBy)
        .limit(limit)
        .as('listed');
      return Number((await db.select({ n: count() }).from(listed))[0]?.n ?? 0);
    }),
  ]);
  const cut = order.page(rows, USERS_PER_PAGE);
  return {
    rows: cut.rows.map(({ cursor_key: _, ...row }) => row),
    total,
    more,
    page,
    lastPage: Math.max(1, Math.ceil(total / USERS_PER_PAGE)),
    next_cursor: cut.next_cursor,
  };
}
