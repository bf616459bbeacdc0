/**
 * Where each sign-in came from: every password sign-in (signInWithPassword) and sign-up records the browser's user agent and address for
 * the refresh-token family it issued or rotated, so the sessions list can name devices.
 */
import { sql } from 'drizzle-orm';
import { readAccessTokenClaims } from './auth';
import { getDb, sessionDevices } from '../db';

/** Records (or refreshes) the device of the sign-in that an access token belongs to. */
export async function recordSessionDevice(accessToken: string, device: { userAgent: string | null; ip: string | null }): Promise<void> {
  const claims = await readAccessTokenClaims(accessToken);
  if (!claims) return;
  const token = { family_id: claims.familyId, user_id: claims.userId };
  const db = await getDb();
  const values = { user_agent: device.userAgent?.slice(0, 500) ?? null, ip_address: device.ip?.slice(0, 64) ?? null };
  await db
    .insert(sessionDevices)
    .values({ family_id: token.family_id, user_id: token.user_id, ...values })
    .onConflictDoUpdate({ target: sessionDevices.family_id, set: { ...values, last_used_at: sql`now()` } });
}
