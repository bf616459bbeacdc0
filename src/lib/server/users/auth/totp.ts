/**
 * Authenticator apps (TOTP, RFC 6238 through the `otpauth` library): 6 digits, 30-second steps, SHA-1
 * (what every authenticator app reads from a QR code). The secret is kept encrypted with a key derived
 * from APP_KEY; a code is accepted in its own step or the one before or after (clock drift), and once:
 * the step of the last accepted code is kept, and that step and every earlier one are refused after it.
 */
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { decryptSecret, encryptSecret } from '../../crypto';
import { getDb, type Db, type Tx, twoFactorTotp } from '../../db';
import { fieldError } from '../../http';

const ISSUER = 'Cuepoint';
const PERIOD = 30;

function totpOf(secretBase32: string, label: string): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secretBase32) });
}

/** A code as people type it ("123 456", "123-456") reduced to its digits; null when it is not 6 digits. */
export function normalizeCode(code: unknown): string | null {
  if (typeof code !== 'string' && typeof code !== 'number') return null;
  const digits = String(code).replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

export interface TotpSecret {
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: string;
  otpauth_url: string;
  /** The QR code of otpauth_url as an SVG data URL (an <img> the page's CSP allows). */
  qr_code: string;
}

/** The confirmed authenticator of a user, if any. */
export async function confirmedTotp(userId: number, db?: Db | Tx) {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select()
    .from(twoFactorTotp)
    .where(and(eq(twoFactorTotp.user_id, userId), isNotNull(twoFactorTotp.confirmed_at)));
  return row ?? null;
}

/** Starts (or starts again) setting up an authenticator app: a new secret, waiting for its first code. */
export async function startTotpSetup(user: { id: number; email: string }): Promise<TotpSecret> {
  if (await confirmedTotp(user.id)) throw fieldError('code', 'An authenticator app is already set up. Remove it first to set up another one.');
  const secret = new Secret({ size: 20 }).base32;
  const db = await getDb();
  await db
    .insert(twoFactorTotp)
    .values({ user_id: user.id, secret: encryptSecret(secret) })
    .onConflictDoUpdate({
      target: twoFactorTotp.user_id,
      set: { secret: encryptSecret(secret), confirmed_at: null, last_used_step: null, created_at: new Date() },
    });
  const otpauthUrl = totpOf(secret, user.email).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret, otpauth_url: otpauthUrl, qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Checks a code against a stored secret and, when it matches a step later than the last one used,
 * records that step in the same statement (so two requests with one code cannot both pass).
 */
async function consumeCode(userId: number, stored: { secret: string }, code: string, confirmed: boolean, db: Db | Tx): Promise<boolean> {
  const secret = decryptSecret(stored.secret);
  if (!secret) return false;
  const totp = totpOf(secret, ISSUER);
  const now = Date.now();
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return false;
  const step = totp.counter({ timestamp: now }) + delta;
  const used = await db
    .update(twoFactorTotp)
    .set({ last_used_step: step, ...(confirmed ? {} : { confirmed_at: new Date() }) })
    .where(
      and(
        eq(twoFactorTotp.user_id, userId),
        confirmed ? isNotNull(twoFactorTotp.confirmed_at) : isNull(twoFactorTotp.confirmed_at),
        or(isNull(twoFactorTotp.last_used_step), lt(twoFactorTotp.last_used_step, step)),
      ),
    )
    .returning({ user_id: twoFactorTotp.user_id });
  return used.length === 1;
}

/** Confirms the authenticator being set up with its first code; false when the code is wrong. */
export async function confirmTotpSetup(userId: number, code: string, db?: Db | Tx): Promise<boolean> {
  const conn = db ?? (await getDb());
  const [pending] = await conn
    .select()
    .from(twoFactorTotp)
    .where(and(eq(twoFactorTotp.user_id, userId), isNull(twoFactorTotp.confirmed_at)));
  if (!pending) throw fieldError('code', 'Start setting up an authenticator app first.');
  return consumeCode(userId, pending, code, false, conn);
}

/** True when the code is the user's confirmed authenticator's, and not used before. */
export async function verifyTotpCode(userId: number, code: string): Promise<boolean> {
  const db = await getDb();
  const row = await confirmedTotp(userId, db);
  return row ? consumeCode(userId, row, code, true, db) : false;
}

/** Removes the user's authenticator app (set up or half set up); answers whether a confirmed one was removed. */
export async function removeTotp(userId: number, db: Db | Tx): Promise<boolean> {
  const removed = await db.delete(twoFactorTotp).where(eq(twoFactorTotp.user_id, userId)).returning({ confirmed_at: twoFactorTotp.confirmed_at });
  return removed.some((r) => r.confirmed_at !== null);
}
