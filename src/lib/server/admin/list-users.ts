/** The admin's user directory: search by name or email, newest first, paginated. */
import { and, count, desc, ilike, isNull, or, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { brands, users } from '../db/schema';
import { eq } from 'drizzle-orm';

export const USERS_PER_PAGE = 20;

/** One page of users matching the search. */
export async function listUsers(search: string, page: number) {
  const db = await getDb();
  const term = search.trim();
  const where = and(
    isNull(users.deleted_at),
    term
      ? or(ilike(users.email, `%${term}%`), ilike(sql`${users.first_name} || ' ' || ${users.last_name}`, `%${term}%`), ilike(brands.name, `%${term}%`))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
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
      })
      .from(users)
      .leftJoin(brands, eq(brands.user_id, users.id))
      .where(where)
      .orderBy(desc(users.id))
      .limit(USERS_PER_PAGE)
      .offset((page - 1) * USERS_PER_PAGE),
    db.select({ n: count() }).from(users).leftJoin(brands, eq(brands.user_id, users.id)).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0), page, lastPage: Math.max(1, Math.ceil(Number(total?.n ?? 0) / USERS_PER_PAGE)) };
}
