/**
 * Access tokens: short-lived HS256 JWTs (jose) signed with a key derived from APP_KEY, so a request is
 * authenticated without reading the database. Revocation (sign-out, a reused refresh token, a password
 * reset) is honoured through the in-memory revocation list every instance keeps (session/revocations.ts).
 */
import { createHash, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { config } from '../../config';
import { isRevoked, revocationsReady } from '../session';

const ISSUER = 'cuepoint';

export interface AccessClaims {
  /** The token's id (jti), also the id of its oauth_access_tokens row. */
  id: string;
  userId: number;
  familyId: string;
  clientId: string;
  imitatedBy: number | null;
  scopes: string[];
  /** When it was issued, in milliseconds (revocations of every token of a user compare with it). */
  issuedAtMs: number;
  expiresAt: Date;
}

let key: { appKey: string; bytes: Uint8Array } | null = null;
function signingKey(): Uint8Array {
  const { appKey } = config();
  if (key?.appKey !== appKey) key = { appKey, bytes: createHash('sha256').update(`cuepoint:access-token:${appKey}`).digest() };
  return key.bytes;
}

/** Signs an access token for a family; answers the token and its claims. */
export async function signAccessToken(input: Omit<AccessClaims, 'id' | 'issuedAtMs' | 'expiresAt'>): Promise<{ token: string; claims: AccessClaims }> {
  const now = Date.now();
  const ttl = config().oauth.accessTokenTtl;
  const claims: AccessClaims = { ...input, id: randomUUID(), issuedAtMs: now, expiresAt: new Date(now + ttl * 1000) };
  const token = await new SignJWT({ fam: claims.familyId, imp: claims.imitatedBy, scp: claims.scopes, ims: now })
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
    .setIssuer(ISSUER)
    .setAudience(claims.clientId)
    .setSubject(String(claims.userId))
    .setJti(claims.id)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
    .sign(signingKey());
  return { token, claims };
}

/**
 * Tokens whose signature was checked, by their exact text (signature included, so no other text can
 * match): a session sends the same token with every request until it is refreshed, and checking an
 * HMAC through WebCrypto costs more than the rest of authenticating. Expiry and revocation are still
 * checked on every request; the oldest entries go first past the bound, and all when APP_KEY changes.
 */
const verified = new Map<string, AccessClaims>();
const VERIFIED_MAX = 10_000;
let verifiedKey = '';

/** Reads a token's claims when its signature holds, expired or not (sign-out needs the family of an expired one). */
async function readClaims(token: string, checkExpiry: boolean): Promise<AccessClaims | null> {
  if (!token || token.length > 2048) return null;
  const { appKey } = config();
  if (verifiedKey !== appKey) {
    verified.clear();
    verifiedKey = appKey;
  }
  const known = verified.get(token);
  if (known) return checkExpiry && known.expiresAt.getTime() <= Date.now() ? null : known;
  const claims = await verifyClaims(token, checkExpiry);
  if (claims && claims.expiresAt.getTime() > Date.now()) {
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
  }
  return claims;
}

async function verifyClaims(token: string, checkExpiry: boolean): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, signingKey(), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      typ: 'at+jwt',
      ...(checkExpiry ? {} : { currentDate: new Date(0) }),
    });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || typeof payload.fam !== 'string' || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return null;
    return {
      id: payload.jti,
      userId,
      familyId: payload.fam,
      clientId: typeof payload.aud === 'string' ? payload.aud : '',
      imitatedBy: typeof payload.imp === 'number' ? payload.imp : null,
      scopes: Array.isArray(payload.scp) ? payload.scp.filter((s): s is string => typeof s === 'string') : [],
      issuedAtMs: typeof payload.ims === 'number' ? payload.ims : (payload.iat ?? 0) * 1000,
      expiresAt: new Date(payload.exp * 1000),
    };
  } catch {
    return null;
  }
}

/** The claims of a live access token: signature, expiry and the revocation list, without a database read. */
export async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
  const claims = await readClaims(token, true);
  if (!claims) return null;
  await revocationsReady();
  return isRevoked(claims.familyId, claims.userId, claims.issuedAtMs) ? null : claims;
}

/** The claims of a token we signed, even when expired (sign-out revokes its family). */
export function readAccessTokenClaims(token: string): Promise<AccessClaims | null> {
  return readClaims(token, false);
}
