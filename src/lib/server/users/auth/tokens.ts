/**
 * Access and refresh tokens. An access token is a short-lived signed JWT (access-token.ts), checked
 * without a database read; its row in oauth_access_tokens records what was issued. A refresh token is
 * an opaque random string stored only as its SHA-256; it rotates on every use, and presenting one that
 * was already rotated revokes its whole family, except within a few seconds of its rotation, when
 * two tabs (or page loads) refreshing at once is the likely story: that answers a new access token only.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { config } from '../../config';
import { randomToken, sha256 } from '../../crypto';
import { getDb, type Db, type Tx, oauthAccessTokens, oauthRefreshTokens, users } from '../../db';
import { recordRevocation } from '../session';
import { readAccessTokenClaims, signAccessToken, verifyAccessToken } from './access-token';

export interface TokenPair {
  token_type: 'Bearer';
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

/** What a cookie session gets from a refresh: a new pair, or (a concurrent refresh) a new access token only. */
export type SessionTokens = Omit<TokenPair, 'refresh_token'> & { refresh_token: string | null };

export interface IssueOptions {
  userId: number;
  clientId: string;
  scopes?: string[];
  familyId?: string;
  imitatedBy?: number | null;
}

/** A presented refresh token rotated less than this long ago is a concurrent refresh, not a theft. */
export const CONCURRENT_REFRESH_MS = 10_000;

async function issueAccessToken(db: Db | Tx, options: Required<Omit<IssueOptions, 'familyId'>> & { familyId: string }) {
  const { token, claims } = await signAccessToken({
    userId: options.userId,
    familyId: options.familyId,
    clientId: options.clientId,
    imitatedBy: options.imitatedBy,
    scopes: options.scopes,
  });
  await db.insert(oauthAccessTokens).values({
    id: claims.id,
    user_id: options.userId,
    client_id: options.clientId,
    family_id: options.familyId,
    scopes: options.scopes,
    imitated_by: options.imitatedBy,
    expires_at: claims.expiresAt,
  });
  return { token, id: claims.id };
}

/** Issues a new access and refresh token, in a new family unless one is given. */
export async function issueTokens(db: Db | Tx, options: IssueOptions): Promise<TokenPair> {
  const { accessTokenTtl, refreshTokenTtl } = config().oauth;
  const familyId = options.familyId ?? randomToken(16);
  const access = await issueAccessToken(db, {
    userId: options.userId,
    clientId: options.clientId,
    familyId,
    scopes: options.scopes ?? [],
    imitatedBy: options.imitatedBy ?? null,
  });
  const refresh = randomToken(48);
  await db.insert(oauthRefreshTokens).values({
    id: sha256(refresh),
    access_token_id: access.id,
    family_id: familyId,
    user_id: options.userId,
    client_id: options.clientId,
    expires_at: new Date(Date.now() + refreshTokenTtl * 1000),
  });
  return { token_type: 'Bearer', access_token: access.token, refresh_token: refresh, expires_in: accessTokenTtl };
}

export type RefreshOutcome<T> = { ok: true; tokens: T } | { ok: false; reason: 'unknown' | 'expired' | 'reused' | 'client' };

/**
 * Rotates a refresh token: the old one is spent, a new pair in the same family is issued. With
 * `concurrent`, a token rotated moments ago gets a new access token in its family instead of revoking it
 * (the cookie jar already holds the newer refresh token).
 */
export async function rotateRefreshToken(refreshToken: string, clientId: string): Promise<RefreshOutcome<TokenPair>>;
export async function rotateRefreshToken(refreshToken: string, clientId: string, options: { concurrent: true }): Promise<RefreshOutcome<SessionTokens>>;
export async function rotateRefreshToken(
  refreshToken: string,
  clientId: string,
  options: { concurrent?: boolean } = {},
): Promise<RefreshOutcome<SessionTokens>> {
  if (!refreshToken || refreshToken.length > 200) return { ok: false, reason: 'unknown' };
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(oauthRefreshTokens)
      .where(eq(oauthRefreshTokens.id, sha256(refreshToken)))
      .for('update');
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.client_id !== clientId) return { ok: false, reason: 'client' } as const;
    if (row.expires_at.getTime() <= Date.now()) return { ok: false, reason: 'expired' } as const;
    const [user] = await tx.select({ id: users.id, deleted_at: users.deleted_at }).from(users).where(eq(users.id, row.user_id));
    if (!user || user.deleted_at) return { ok: false, reason: 'unknown' } as const;
    const [previous] = await tx
      .select({ imitated_by: oauthAccessTokens.imitated_by, scopes: oauthAccessTokens.scopes })
      .from(oauthAccessTokens)
      .where(eq(oauthAccessTokens.id, row.access_token_id));
    const family = { userId: row.user_id, clientId, familyId: row.family_id, scopes: previous?.scopes ?? [], imitatedBy: previous?.imitated_by ?? null };
    if (row.rotated_at || row.revoked) {
      const justRotated = !row.revoked && row.rotated_at && Date.now() - row.rotated_at.getTime() < CONCURRENT_REFRESH_MS;
      if (options.concurrent && justRotated) {
        const access = await issueAccessToken(tx, family);
        return {
          ok: true,
          tokens: { token_type: 'Bearer', access_token: access.token, refresh_token: null, expires_in: config().oauth.accessTokenTtl },
        } as const;
      }
      await revokeFamily(tx, row.family_id);
      return { ok: false, reason: 'reused' } as const;
    }
    await tx.update(oauthRefreshTokens).set({ rotated_at: new Date() }).where(eq(oauthRefreshTokens.id, row.id));
    return { ok: true, tokens: await issueTokens(tx, family) } as const;
  });
}

/** Revokes every access and refresh token of a family; every instance refuses its access tokens within seconds. */
export async function revokeFamily(db: Db | Tx, familyId: string): Promise<void> {
  await db.update(oauthAccessTokens).set({ revoked: true }).where(eq(oauthAccessTokens.family_id, familyId));
  await db.update(oauthRefreshTokens).set({ revoked: true }).where(eq(oauthRefreshTokens.family_id, familyId));
  await recordRevocation(db, { familyId });
}

/** Revokes every token a user holds (password reset). */
export async function revokeAllForUser(db: Db | Tx, userId: number): Promise<void> {
  await db.update(oauthAccessTokens).set({ revoked: true }).where(eq(oauthAccessTokens.user_id, userId));
  await db.update(oauthRefreshTokens).set({ revoked: true }).where(eq(oauthRefreshTokens.user_id, userId));
  await recordRevocation(db, { userId });
}

export interface AccessTokenRow {
  id: string;
  user_id: number;
  family_id: string;
  imitated_by: number | null;
  expires_at: Date;
}

/** The live access token for a bearer string, or null; verified by signature, without a database read. */
export async function findAccessToken(bearer: string): Promise<AccessTokenRow | null> {
  const claims = await verifyAccessToken(bearer);
  return claims ? { id: claims.id, user_id: claims.userId, family_id: claims.familyId, imitated_by: claims.imitatedBy, expires_at: claims.expiresAt } : null;
}

/** Revokes the family of the given access token (sign-out), even when the token has expired. */
export async function revokeByAccessToken(bearer: string): Promise<void> {
  const claims = await readAccessTokenClaims(bearer);
  if (claims) await revokeFamily(await getDb(), claims.familyId);
}

/** Revokes a family by one of its refresh tokens (sign-out with only a refresh cookie left). */
export async function revokeByRefreshToken(refresh: string): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ family_id: oauthRefreshTokens.family_id })
    .from(oauthRefreshTokens)
    .where(and(eq(oauthRefreshTokens.id, sha256(refresh)), isNull(oauthRefreshTokens.rotated_at)));
  if (row) await revokeFamily(db, row.family_id);
}
