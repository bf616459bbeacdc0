/**
 * Short-lived, single-purpose challenges of two-factor authentication, stored as the SHA-256 of the
 * token handed out: the second step of a sign-in after the password (the `mfa_token`, 5 minutes, 5
 * wrong codes), and the WebAuthn challenges of a passkey sign-in, registration or step-up.
 */
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { randomToken, sha256 } from '../../crypto';
import { getDb, twoFactorChallenges } from '../../db';

export type ChallengePurpose = 'sign-in' | 'passkey-sign-in' | 'passkey-register' | 'step-up';
export type Challenge = typeof twoFactorChallenges.$inferSelect;

/** How long a challenge lives. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Wrong answers a challenge takes before it is spent. */
export const CHALLENGE_MAX_ATTEMPTS = 5;

export interface NewChallenge {
  purpose: ChallengePurpose;
  userId?: number | null;
  clientId?: string | null;
  scopes?: string[];
  familyId?: string | null;
  webauthnChallenge?: string | null;
}

/** Creates a challenge; answers the token to hand out (only its hash is kept). */
export async function createChallenge(input: NewChallenge): Promise<string> {
  const token = randomToken(32);
  const db = await getDb();
  // Spent and expired challenges are dropped as new ones are made (there is no other reader of them).
  await db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expires_at, new Date(Date.now() - 60_000)));
  await db.insert(twoFactorChallenges).values({
    id: sha256(token),
    purpose: input.purpose,
    user_id: input.userId ?? null,
    client_id: input.clientId ?? null,
    scopes: input.scopes ?? [],
    family_id: input.familyId ?? null,
    webauthn_challenge: input.webauthnChallenge ?? null,
    expires_at: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  return token;
}

/** The live challenge of a token and purpose (unexpired, unspent, attempts left), or null. */
export async function findChallenge(token: unknown, purpose: ChallengePurpose): Promise<Challenge | null> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 100) return null;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(twoFactorChallenges)
    .where(
      and(
        eq(twoFactorChallenges.id, sha256(token)),
        eq(twoFactorChallenges.purpose, purpose),
        isNull(twoFactorChallenges.used_at),
        gt(twoFactorChallenges.expires_at, new Date()),
        lt(twoFactorChallenges.attempts, CHALLENGE_MAX_ATTEMPTS),
      ),
    );
  return row ?? null;
}

/** Sets the WebAuthn challenge a sign-in's second step is answered with. */
export async function setWebauthnChallenge(id: string, challenge: string): Promise<void> {
  const db = await getDb();
  await db.update(twoFactorChallenges).set({ webauthn_challenge: challenge }).where(eq(twoFactorChallenges.id, id));
}

/** Counts a wrong answer against the challenge. */
export async function failChallenge(id: string): Promise<void> {
  const db = await getDb();
  await db
    .update(twoFactorChallenges)
    .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
    .where(eq(twoFactorChallenges.id, id));
}

/** Spends the challenge; false when another request spent it first (a challenge answers once). */
export async function spendChallenge(id: string): Promise<boolean> {
  const db = await getDb();
  const spent = await db
    .update(twoFactorChallenges)
    .set({ used_at: new Date() })
    .where(and(eq(twoFactorChallenges.id, id), isNull(twoFactorChallenges.used_at)))
    .returning({ id: twoFactorChallenges.id });
  return spent.length === 1;
}
