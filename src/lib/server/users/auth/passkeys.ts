/**
 * Passkeys (WebAuthn, through @simplewebauthn/server): several per account, each named and removable.
 * The relying party is the host of APP_URL and the expected origin APP_URL's own. Registration asks for
 * a discoverable credential (so a passkey can also sign in without a password) and keeps its public key,
 * signature counter and transports. An assertion is checked against the stored key; a counter that goes
 * backwards (a cloned authenticator) is refused by the library.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { config } from '../../config';
import { getDb, type Db, type Tx, passkeys } from '../../db';
import { fieldError, notFound } from '../../http';

export type PasskeyRow = typeof passkeys.$inferSelect;

export interface PasskeyPayload {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
  /** A passkey synced by its provider (iCloud Keychain, Google Password Manager) rather than bound to one device. */
  synced: boolean;
}

/** EdDSA, ES256 and RS256 (COSE ids): what authenticators make. Named, so the library does not probe for post-quantum ones (an experimental Node API that warns). */
const ALGORITHMS = [-8, -7, -257];

export const passkeyNameSchema = z.string().trim().min(1, 'Give the passkey a name.').max(60, 'The name may be at most 60 characters.');

/** The relying party: APP_URL's host and origin. */
export function relyingParty(): { id: string; name: string; origin: string } {
  const url = new URL(config().appUrl);
  return { id: url.hostname, name: 'Cuepoint', origin: url.origin };
}

export const serializePasskey = (row: PasskeyRow): PasskeyPayload => ({
  id: row.id,
  name: row.name,
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
  synced: row.device_type === 'multiDevice',
});

/** The user's passkeys, oldest first. */
export async function listPasskeys(userId: number, db?: Db | Tx): Promise<PasskeyRow[]> {
  const conn = db ?? (await getDb());
  return conn.select().from(passkeys).where(eq(passkeys.user_id, userId)).orderBy(asc(passkeys.id));
}

/** The options of navigator.credentials.create() for a new passkey of the user. */
export async function passkeyRegistrationOptions(user: {
  encrypted_id: string;
  email: string;
  name: string;
  id: number;
}): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = relyingParty();
  const existing = await listPasskeys(user.id);
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name || user.email,
    userID: new TextEncoder().encode(user.encrypted_id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
}

const credentialSchema = z.object({
  id: z.string().min(1).max(1024),
  rawId: z.string().max(1024),
  type: z.literal('public-key'),
  response: z.record(z.string(), z.unknown()),
});

/** Checks that a browser's credential JSON has the shape the library reads (anything else is a 422, never a 500). */
function credentialJson<T>(value: unknown): T {
  const parsed = credentialSchema.safeParse(value);
  if (!parsed.success) throw fieldError('credential', 'The passkey answer could not be read. Try again.');
  return value as T;
}

/** Verifies a new passkey against the challenge it was made for and stores it. */
export async function registerPasskey(userId: number, expectedChallenge: string, credential: unknown, name: string, db: Db | Tx): Promise<PasskeyRow> {
  const rp = relyingParty();
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: credentialJson<RegistrationResponseJSON>(credential),
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch {
    throw fieldError('credential', 'The passkey could not be verified. Try again.');
  }
  if (!verified.verified) throw fieldError('credential', 'The passkey could not be verified. Try again.');
  const info = verified.registrationInfo;
  const [taken] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.credential_id, info.credential.id));
  if (taken) throw fieldError('credential', 'This passkey is already registered.');
  const [row] = await db
    .insert(passkeys)
    .values({
      user_id: userId,
      credential_id: info.credential.id,
      public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      device_type: info.credentialDeviceType,
      backed_up: info.credentialBackedUp,
      name,
    })
    .returning();
  return row!;
}

/** The options of navigator.credentials.get(): the user's passkeys, or any passkey of this site when no user is known yet. */
export async function passkeyAuthenticationOptions(userId: number | null): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const rp = relyingParty();
  const allow = userId === null ? undefined : (await listPasskeys(userId)).map((p) => ({ id: p.credential_id, transports: p.transports }));
  return generateAuthenticationOptions({ rpID: rp.id, allowCredentials: allow, userVerification: userId === null ? 'required' : 'preferred' });
}

/**
 * Verifies a passkey assertion against the challenge; answers the passkey's user, or null when it is
 * not a passkey of `userId` (when given) or does not verify. Without a user (a sign-in with the passkey
 * alone) the authenticator must have verified the person (PIN, fingerprint, face).
 */
export async function verifyPasskeyAssertion(expectedChallenge: string, credential: unknown, userId: number | null): Promise<number | null> {
  const response = credentialJson<AuthenticationResponseJSON>(credential);
  const db = await getDb();
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credential_id, response.id));
  if (!row || (userId !== null && row.user_id !== userId)) return null;
  const rp = relyingParty();
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: row.credential_id,
        publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')),
        counter: row.counter,
        transports: row.transports,
      },
      requireUserVerification: userId === null,
    });
  } catch {
    return null;
  }
  if (!verified.verified) return null;
  await db
    .update(passkeys)
    .set({ counter: verified.authenticationInfo.newCounter, backed_up: verified.authenticationInfo.credentialBackedUp, last_used_at: new Date() })
    .where(eq(passkeys.id, row.id));
  return row.user_id;
}

/** Renames one of the user's passkeys. */
export async function renamePasskey(userId: number, id: number, name: string): Promise<PasskeyRow> {
  const db = await getDb();
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.user_id, userId)))
    .returning();
  if (!row) throw notFound();
  return row;
}

/** Deletes one of the user's passkeys; answers it. */
export async function deletePasskey(userId: number, id: number, db: Db | Tx): Promise<PasskeyRow> {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.user_id, userId)))
    .returning();
  if (!row) throw notFound();
  return row;
}

/** Deletes every passkey of the user (two-factor sign-in turned off). */
export async function deleteAllPasskeys(userId: number, db: Db | Tx): Promise<void> {
  await db.delete(passkeys).where(eq(passkeys.user_id, userId));
}
