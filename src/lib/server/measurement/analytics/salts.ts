/**
 * The daily secrets that stand in for addresses. A request's address (with its User-Agent) is hashed with
 * the secret of its UTC day, keyed also by the application key, and never stored; secrets older than 31
 * days are deleted, after which no hash of that day can be linked to an address again. Secrets live in
 * the database so every instance hashes alike.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { lt, sql } from 'drizzle-orm';
import { config } from '../../config';
import { now as clockNow } from '../../clock';
import { getDb, analyticsSalts } from '../../db';

/** Days a secret is kept: attribution looks 30 days back. */
export const SALT_DAYS = 31;
const DAY_MS = 86_400_000;

const KEY = Symbol.for('cuepoint.analytics.salts');
type Cached = Buffer | null | Promise<Buffer | null>;
type Holder = { [KEY]?: Map<string, Cached> };
const keys = (): Map<string, Cached> => {
  const g = globalThis as Holder;
  g[KEY] ??= new Map();
  return g[KEY];
};

/** The UTC day of an instant, YYYY-MM-DD. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const dayBefore = (day: string, n = 1) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY_MS));

async function loadKey(day: string, create: boolean): Promise<Buffer | null> {
  const db = await getDb();
  if (create) {
    await db
      .insert(analyticsSalts)
      .values({ day, secret: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
  }
  const [row] = await db.select({ secret: analyticsSalts.secret }).from(analyticsSalts).where(sql`${analyticsSalts.day} = ${day}`);
  if (!row) return null;
  return createHmac('sha256', config().appKey).update(`cuepoint-analytics|${row.secret}`).digest();
}

/** The hashing key of a day (created for today and yesterday; null for an older day whose secret is gone). */
async function dayKey(day: string, create: boolean): Promise<Buffer | null> {
  const cache = keys();
  const hit = cache.get(day);
  // A day without a secret stays without one, unless it is asked for as today or yesterday.
  if (hit !== undefined && !(hit === null && create)) return hit;
  const pending = loadKey(day, create).then((key) => {
    cache.set(day, key);
    return key;
  });
  cache.set(day, pending);
  if (cache.size > SALT_DAYS + 4) for (const d of [...cache.keys()].sort().slice(0, cache.size - SALT_DAYS - 4)) cache.delete(d);
  return pending;
}

/** The address a household is known by: IPv4 as is, IPv6 by its /64 network (devices rotate the rest). */
export function normalizeAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIPv4(address)) return address;
  if (isIPv6(address)) {
    const [head = '', tail = ''] = address.toLowerCase().split('::');
    const left = head ? head.split(':') : [];
    const right = tail ? tail.split(':') : [];
    const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
    return `${groups
      .slice(0, 4)
      .map((g) => g.replace(/^0+(?=.)/, ''))
      .join(':')}::/64`;
  }
  return address;
}

const hmac = (key: Buffer, value: string) => createHmac('sha256', key).update(value).digest('base64url').slice(0, 22);

export interface RequestHashes {
  /** Address + User-Agent under the day's secret. */
  listener: string;
  /** The same under the previous day's secret (a window may have opened yesterday). */
  listenerPrev: string;
  /** The address alone under the day's secret. */
  household: string;
}

/** The hashes of a request made at `at`. */
export async function requestHashes(address: string, userAgent: string, at: Date): Promise<RequestHashes> {
  const day = utcDay(at);
  const [today, yesterday] = await Promise.all([dayKey(day, true), dayKey(dayBefore(day), true)]);
  const ip = normalizeAddress(address);
  return { listener: hmac(today!, `${ip}|${userAgent}`), listenerPrev: hmac(yesterday!, `${ip}|${userAgent}`), household: hmac(today!, ip) };
}

/** The address hashed with each secret of the 31 days up to `at` that still exists: how attribution finds past downloads. */
export async function householdKeys(address: string, at: Date): Promise<string[]> {
  const ip = normalizeAddress(address);
  const day = utcDay(at);
  const dayKeys = await Promise.all(Array.from({ length: SALT_DAYS }, (_, i) => dayKey(dayBefore(day, i), i < 2)));
  return dayKeys.filter((k): k is Buffer => k !== null).map((k) => hmac(k, ip));
}

/** Deletes the secrets older than 31 days (their hashes can no longer be tied to anyone). */
export async function pruneSalts(now = clockNow()): Promise<void> {
  const db = await getDb();
  await db.delete(analyticsSalts).where(lt(analyticsSalts.day, dayBefore(utcDay(now), SALT_DAYS)));
  const cache = keys();
  for (const d of [...cache.keys()]) if (d < dayBefore(utcDay(now), SALT_DAYS)) cache.delete(d);
}
