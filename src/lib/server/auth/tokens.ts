/**
 * Access and refresh tokens. Both are opaque random strings stored only as their SHA-256.
 * Refresh tokens rotate on every use; presenting one that was already rotated revokes its whole family.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { config } from '../config';
import { randomToken, sha256 } from '../crypto';
import { getDb, type Db, type Tx } from '../db/client';
import { oauthAccessTokens, oauthRefreshTokens, users } from '../db/schema';

export interface TokenPair {
  token_type: 'Bearer';
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

export interface IssueOptions {
  userId: number;
  clientId: string;
  scopes?: string[];
  familyId?: string;
  imitatedBy?: number | null;
}

/** Issues a new access and refresh token, in a new family unless one is given. */
export async function issueTokens(db: Db | Tx, options: IssueOptions): Promise<TokenPair> {
  const { accessTokenTtl, refreshTokenTtl } = config().oauth;
  const access = randomToken(40);
  const refresh = randomToken(48);
  const familyId = options.familyId ?? randomToken(16);
  const accessId = sha256(access);
  const now = Date.now();
  await db.insert(oauthAccessTokens).values({
    id: accessId,
    user_id: options.userId,
    client_id: options.clientId,
    family_id: familyId,
    scopes: options.scopes ?? [],
    imitated_by: options.imitatedBy ?? null,
    expires_at: new Date(now + accessTokenTtl * 1000),
  });
  await db.insert(oauthRefreshTokens).values({
    id: sha256(refresh),
    access_token_id: accessId,
    family_id: familyId,
    user_id: options.userId,
    client_id: options.clientId,
    expires_at: new Date(now + refreshTokenTtl * 1000),
  });
  return { token_type: 'Bearer', access_token: access, refresh_token: refresh, expires_in: accessTokenTtl };
}

export type RefreshOutcome = { ok: true; tokens: TokenPair } | { ok: false; reason: 'unknown' | 'expired' | 'reused' | 'client' };

/** Rotates a refresh token: the old one is spent, a new pair in the same family is issued. */
export async function rotateRefreshToken(refreshToken: string, clientId: string): Promise<RefreshOutcome> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(oauthRefreshTokens)
      .where(eq(oauthRefreshTokens.id, sha256(refreshToken)))
      .for('update');
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.client_id !== clientId) return { ok: false, reason: 'client' } as const;
    if (row.rotated_at || row.revoked) {
      await revokeFamily(tx, row.family_id);
      return { ok: false, reason: 'reused' } as const;
    }
    if (row.expires_at.getTime() <= Date.now()) return { ok: false, reason: 'expired' } as const;
    const [user] = await tx.select({ id: users.id, deleted_at: users.deleted_at }).from(users).where(eq(users.id, row.user_id));
    if (!user || user.deleted_at) return { ok: false, reason: 'unknown' } as const;
    const [previous] = await tx
      .select({ imitated_by: oauthAccessTokens.imitated_by, scopes: oauthAccessTokens.scopes })
      .from(oauthAccessTokens)
      .where(eq(oauthAccessTokens.id, row.access_token_id));
    await tx.update(oauthRefreshTokens).set({ rotated_at: new Date() }).where(eq(oauthRefreshTokens.id, row.id));
    await tx.update(oauthAccessTokens).set({ revoked: true }).where(eq(oauthAccessTokens.id, row.access_token_id));
    const tokens = await issueTokens(tx, {
      userId: row.user_id,
      clientId,
      familyId: row.family_id,
      scopes: previous?.scopes ?? [],
      imitatedBy: previous?.imitated_by ?? null,
    });
    return { ok: true, tokens } as const;
  });
}

/** Revokes every access and refresh token of a family. */
export async function revokeFamily(db: Db | Tx, familyId: string): Promise<void> {
  await db.update(oauthAccessTokens).set({ revoked: true }).where(eq(oauthAccessTokens.family_id, familyId));
  await db.update(oauthRefreshTokens).set({ revoked: true }).where(eq(oauthRefreshTokens.family_id, familyId));
}

/** Revokes every token a user holds (password reset). */
export async function revokeAllForUser(db: Db | Tx, userId: number): Promise<void> {
  await db.update(oauthAccessTokens).set({ revoked: true }).where(eq(oauthAccessTokens.user_id, userId));
  await db.update(oauthRefreshTokens).set({ revoked: true }).where(eq(oauthRefreshTokens.user_id, userId));
}

export interface AccessTokenRow {
  id: string;
  user_id: number;
  family_id: string;
  imitated_by: number | null;
  expires_at: Date;
}

/** The live access token row for a bearer string, or null. */
export async function findAccessToken(bearer: string): Promise<AccessTokenRow | null> {
  if (!bearer || bearer.length > 200) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      id: oauthAccessTokens.id,
      user_id: oauthAccessTokens.user_id,
      family_id: oauthAccessTokens.family_id,
      imitated_by: oauthAccessTokens.imitated_by,
      expires_at: oauthAccessTokens.expires_at,
    })
    .from(oauthAccessTokens)
    .where(and(eq(oauthAccessTokens.id, sha256(bearer)), eq(oauthAccessTokens.revoked, false), gt(oauthAccessTokens.expires_at, new Date())));
  return row ?? null;
}

/** Revokes the family of the given access token (logout). */
export async function revokeByAccessToken(bearer: string): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ family_id: oauthAccessTokens.family_id })
    .from(oauthAccessTokens)
    .where(eq(oauthAccessTokens.id, sha256(bearer)));
  if (row) await revokeFamily(db, row.family_id);
}

/** Revokes a family by one of its refresh tokens (logout with only a refresh cookie left). */
export async function revokeByRefreshToken(refresh: string): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ family_id: oauthRefreshTokens.family_id })
    .from(oauthRefreshTokens)
    .where(and(eq(oauthRefreshTokens.id, sha256(refresh)), isNull(oauthRefreshTokens.rotated_at)));
  if (row) await revokeFamily(db, row.family_id);
}
