/** The signed-in user as pages and endpoints see it, and its API payload. */
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { writeInvalidatedCache } from '../cache';
import { config } from '../config';
import { type Db, getDb, unannounced, brands, podcasters, users } from '../db';
import type { UserPayload } from '../../types';
import type { BrandRow } from './brands/update-brand';

export type UserRow = typeof users.$inferSelect;
export type PodcasterRow = typeof podcasters.$inferSelect;

export interface SessionUser {
  id: number;
  type: UserRow['type'];
  row: UserRow;
  brand: BrandRow | null;
  podcaster: PodcasterRow | null;
  /** The admin's user id while an admin imitates this user. */
  imitatedBy: number | null;
}

/**
 * Every signed-in request needs its user: read once and kept a few seconds, dropped at once when
 * users, brands or podcasters are written (in this instance or another), so the hot path of a page
 * or API call does not read the database to learn who is asking.
 */
const sessionUsers = writeInvalidatedCache<number, SessionUser | null>('session-user', new Set(['users', 'brands', 'podcasters']), 5_000);

/**
 * Loads the user with their brand or podcaster record; null for a missing or deleted user. `seen`: the
 * user is active (a request of theirs): a read from the database also records it, in the same
 * statement, when their last_seen_at is due (see touchLastSeen).
 */
export async function loadSessionUser(userId: number, imitatedBy: number | null = null, { seen = false } = {}): Promise<SessionUser | null> {
  const user = await sessionUsers.get(userId, () => readSessionUser(userId, seen));
  if (!user) return null;
  // A copy of each row per request: a request may change its user's columns (touchLastSeen) without
  // changing the cached one. What the rows hold by reference (JSON columns) is frozen when read.
  return {
    ...user,
    row: { ...user.row },
    brand: user.brand && { ...user.brand },
    podcaster: user.podcaster && { ...user.podcaster },
    imitatedBy,
  };
}

/** Freezes the objects and arrays a row holds (its JSON columns), which the requests' copies of the row share. */
function freezeColumns<T extends object>(row: T): T {
  const freeze = (value: unknown) => {
    if (!value || typeof value !== 'object' || value instanceof Date || Object.isFrozen(value)) return;
    Object.freeze(value);
    for (const inner of Object.values(value)) freeze(inner);
  };
  for (const value of Object.values(row)) freeze(value);
  return row;
}

async function readSessionUser(userId: number, seen: boolean): Promise<SessionUser | null> {
  const db = await getDb();
  const at = Date.now();
  const read = (touch: ReturnType<typeof touchWhenDue> | null) =>
    (touch ? db.with(touch) : db)
      .select({
        user: users,
        brand: brands,
        podcaster: podcasters,
        // The statement's read sees the row as it was before its own write.
        touched: touch ? sql<boolean>`exists (select 1 from ${touch})` : sql<boolean>`false`,
      })
      .from(users)
      .leftJoin(brands, eq(brands.user_id, users.id))
      .leftJoin(podcasters, eq(podcasters.user_id, users.id))
      .where(eq(users.id, userId));
  // Not announced, as touchLastSeen's own write is not: the caches that hold users keep their entries.
  // Should the write fail, the request still has its user (and touchLastSeen tries again on its own).
  const [found] = seen ? await unannounced(() => read(touchWhenDue(db, userId, at))).catch(() => read(null)) : await read(null);
  if (!found || found.user.deleted_at) return null;
  const { user, brand, podcaster } = found;
  if (found.touched) {
    user.last_seen_at = new Date(at);
    markTouched(userId, at);
  }
  return {
    id: user.id,
    type: user.type,
    row: freezeColumns(user),
    brand: brand && freezeColumns(brand),
    podcaster: podcaster && freezeColumns(podcaster),
    imitatedBy: null,
  };
}

/**
 * The write of touchLastSeen as a statement's CTE: the user's last_seen_at set to `at` if it is due
 * then. A row another transaction holds is skipped, so a page never waits on a lock to learn who asks.
 */
function touchWhenDue(db: Db, userId: number, at: number) {
  const due = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deleted_at), or(isNull(users.last_seen_at), lt(users.last_seen_at, new Date(at - TOUCH_EVERY_MS)))))
    .for('update', { skipLocked: true });
  return db.$with('touched').as(
    db
      .update(users)
      .set({ last_seen_at: new Date(at) })
      .where(inArray(users.id, due))
      .returning({ id: users.id }),
  );
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** True when the user was seen within the server's online timeout. */
export function isOnline(lastSeenAt: Date | null, now = Date.now()): boolean {
  return !!lastSeenAt && now - lastSeenAt.getTime() <= config().onlineTimeout * 1000;
}

/** The user payload of §3 (never the password hash). */
export function serializeUser(user: Pick<SessionUser, 'row' | 'brand' | 'podcaster'>): UserPayload {
  const { row, brand, podcaster } = user;
  return {
    id: row.id,
    encrypted_id: row.encrypted_id,
    email: row.email,
    email_verified_at: iso(row.email_verified_at),
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: `${row.first_name} ${row.last_name}`.trim(),
    address: row.address,
    country: row.country,
    type: row.type,
    payouts_connect: !!row.payouts_connect,
    two_factor_enabled: !!row.two_factor_enabled_at,
    is_editor: row.is_editor,
    default_card_id: row.default_card_id,
    last_seen_at: iso(row.last_seen_at),
    is_online: isOnline(row.last_seen_at),
    avatar: row.avatar,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    deleted_at: iso(row.deleted_at),
    brand: brand
      ? {
          id: brand.id,
          name: brand.name,
          country: brand.country,
          address: brand.address,
          state: brand.state,
          zip: brand.zip,
          url: brand.url,
          avatar_url: brand.avatar_url,
          category_id: brand.category_id,
          ad_ids: brand.ad_ids,
        }
      : null,
    podcaster: podcaster
      ? { id: podcaster.id, source: podcaster.source, service_fee_percent: podcaster.service_fee_percent, is_completed: podcaster.is_completed }
      : null,
  };
}

/** When this process last wrote each user's last_seen_at (requests hold copies of the cached user). */
const TOUCHED = Symbol.for('cuepoint.last-seen-touched');
const touchedHolder = globalThis as { [TOUCHED]?: Map<number, number> };
const touched = (touchedHolder[TOUCHED] ??= new Map());
const TOUCH_EVERY_MS = 60_000;

/** Notes this process's write of the user's last_seen_at at `at` (forgetting writes over a minute old past 10,000 users). */
function markTouched(userId: number, at: number): void {
  touched.set(userId, at);
  if (touched.size > 10_000) for (const [id, when] of touched) if (at - when >= TOUCH_EVERY_MS) touched.delete(id);
}

/**
 * Records that the user was active, at most once a minute per user and process, to spare the
 * database: the requests that arrive while one write runs (each with its own copy of the cached user,
 * still showing the old time) do not write it too. A request that read its user from the database
 * (loadSessionUser with `seen`) wrote it in that statement already, so this has nothing left to do.
 */
export async function touchLastSeen(user: SessionUser): Promise<void> {
  const now = Date.now();
  if (now - Math.max(user.row.last_seen_at?.getTime() ?? 0, touched.get(user.id) ?? 0) < TOUCH_EVERY_MS) return;
  markTouched(user.id, now);
  try {
    const db = await getDb();
    // Not announced: the caches that hold users (the session users, page reads) keep their entries and
    // show the new time within their few seconds, instead of every active user dropping them each minute.
    await unannounced(() =>
      db
        .update(users)
        .set({ last_seen_at: new Date(now) })
        .where(eq(users.id, user.id)),
    );
  } catch (error) {
    touched.delete(user.id);
    throw error;
  }
  user.row.last_seen_at = new Date(now);
}
