/** The admin's user directory: search by name or email, newest first, paginated. */
import { and, count, desc, isNull, or, sql, eq } from 'drizzle-orm';
import { contains, getDb, brands, users, windowTotal } from '../db';

export const USERS_PER_PAGE = 20;

/** One page of users matching the search. */
export async function listUsers(search: string, page: number) {
  const db = await getDb();
  const term = search.trim();
  // Each table matched on its own (each condition reads its trigram index), then joined by id.
  const where = and(
    isNull(users.deleted_at),
    term
      ? sql`${users.id} in (select ${users.id} from ${users} where ${or(contains(users.email, term), contains(sql`(${users.first_name} || ' ' || ${users.last_name})`, term))}
          union select ${brands.user_id} from ${brands} where ${contains(brands.name, term)})`
      : undefined,
  );
  // The rows carry the total (count(*) over ()): one statement unless the page is past the end.
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      first_name: users.first_name,
      last_name: users.last_name,
      type: users.type,
      created_at: users.created_at,
      email_verified_at: users.email_verified_at,
      brand_name: brands.name,
      total: sql<number>`count(*) over ()`,
    })
    .from(users)
    .leftJoin(brands, eq(brands.user_id, users.id))
    .where(where)
    .orderBy(desc(users.id))
    .limit(USERS_PER_PAGE)
    .offset((page - 1) * USERS_PER_PAGE);
  const total = await windowTotal(rows, page, async () =>
    Number((await db.select({ n: count() }).from(users).leftJoin(brands, eq(brands.user_id, users.id)).where(where))[0]?.n ?? 0),
  );
  return { rows: rows.map(({ total: _, ...row }) => row), total, page, lastPage: Math.max(1, Math.ceil(total / USERS_PER_PAGE)) };
}
