/**
 * The user's sessions: one per sign-in (a refresh-token family of oauth_refresh_tokens) that can still
 * refresh, with the device and address it came from and when it was last used. Signing a session out
 * revokes its family through auth's revokeFamily(). An admin's imitation of the user is not theirs to list.
 */
import Bowser from 'bowser';
import { eq, sql } from 'drizzle-orm';
import { readAccessTokenClaims, revokeFamily } from './auth';
import { sha256 } from '../crypto';
import { type Db, getDb, type Tx, oauthAccessTokens, oauthRefreshTokens, sessionDevices } from '../db';
import { notFound } from '../http';

export interface SessionPayload {
  /** An opaque id of the session (not the token family itself). */
  id: string;
  /** 'Chrome on macOS', or 'Unknown device' when no browser was recorded. */
  device: string;
  device_type: 'desktop' | 'mobile' | 'tablet' | 'unknown';
  ip_address: string | null;
  signed_in_at: string;
  last_used_at: string;
  current: boolean;
}

const publicId = (familyId: string) => sha256(`session:${familyId}`).slice(0, 20);

/** Names a device from its user agent, e.g. 'Firefox on Windows'. */
export function describeDevice(userAgent: string | null): Pick<SessionPayload, 'device' | 'device_type'> {
  if (!userAgent) return { device: 'Unknown device', device_type: 'unknown' };
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  const type = parsed.platform.type;
  const device = browser && os ? `${browser} on ${os}` : (browser ?? os ?? 'Unknown device');
  return { device, device_type: type === 'desktop' || type === 'mobile' || type === 'tablet' ? type : 'unknown' };
}

/** The family of the access token this request was made with (read from the signed token). */
async function currentFamily(accessToken: string | null): Promise<string | null> {
  if (!accessToken) return null;
  return (await readAccessTokenClaims(accessToken))?.familyId ?? null;
}

interface FamilyRow {
  family_id: string;
  signed_in_at: Date;
  last_used_at: Date;
}

async function liveFamilies(userId: number, conn?: Db | Tx): Promise<FamilyRow[]> {
  const db = conn ?? (await getDb());
  const rows = await db
    .select({
      family_id: oauthRefreshTokens.family_id,
      signed_in_at: sql<Date>`min(${oauthRefreshTokens.created_at})`.mapWith((v) => new Date(v)),
      last_used_at: sql<Date>`max(${oauthRefreshTokens.created_at})`.mapWith((v) => new Date(v)),
    })
    .from(oauthRefreshTokens)
    .where(eq(oauthRefreshTokens.user_id, userId))
    .groupBy(oauthRefreshTokens.family_id)
    .having(
      sql`bool_or(not ${oauthRefreshTokens.revoked} and ${oauthRefreshTokens.rotated_at} is null and ${oauthRefreshTokens.expires_at} > now())
        and not exists (select 1 from ${oauthAccessTokens} a where a.family_id = ${oauthRefreshTokens.family_id} and a.imitated_by is not null)`,
    );
  return rows;
}

/** The user's live sessions, the current one first, then the most recently used. */
export async function listSessions(userId: number, accessToken: string | null): Promise<SessionPayload[]> {
  const [families, current] = await Promise.all([liveFamilies(userId), currentFamily(accessToken)]);
  const db = await getDb();
  const devices = families.length ? await db.select().from(sessionDevices).where(eq(sessionDevices.user_id, userId)) : [];
  return families
    .map((f) => {
      const device = devices.find((d) => d.family_id === f.family_id) ?? null;
      const lastUsed = device && device.last_used_at > f.last_used_at ? device.last_used_at : f.last_used_at;
      return {
        id: publicId(f.family_id),
        ...describeDevice(device?.user_agent ?? null),
        ip_address: device?.ip_address ?? null,
        signed_in_at: f.signed_in_at.toISOString(),
        last_used_at: lastUsed.toISOString(),
        current: f.family_id === current,
      };
    })
    .sort((a, b) => Number(b.current) - Number(a.current) || b.last_used_at.localeCompare(a.last_used_at));
}

/** Signs one session out (the current one too: that is a logout). */
export async function signOutSession(userId: number, sessionId: string): Promise<void> {
  const family = (await liveFamilies(userId)).find((f) => publicId(f.family_id) === sessionId);
  if (!family) throw notFound('That session has already ended.');
  await revokeFamily(await getDb(), family.family_id);
}

/** Signs out every session but the current one (inside the caller's transaction when given); answers how many ended. */
export async function signOutOtherSessions(userId: number, accessToken: string | null, tx?: Tx): Promise<number> {
  // Every read goes through the caller's transaction: PGlite has one connection, so a read beside an
  // open transaction would wait for it forever.
  const run = async (db: Tx) => {
    const current = await currentFamily(accessToken);
    const others = (await liveFamilies(userId, db)).filter((f) => f.family_id !== current);
    for (const f of others) await revokeFamily(db, f.family_id);
    return others.length;
  };
  return tx ? run(tx) : (await getDb()).transaction(run);
}
