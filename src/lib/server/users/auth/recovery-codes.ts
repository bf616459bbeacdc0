/**
 * Recovery codes: ten one-time codes (`k7m2p-x9q4r`, 50 bits each), shown once when two-factor sign-in
 * is turned on or the codes are generated again, and stored only as a keyed hash. Each signs in once
 * in place of the second factor.
 */
import { randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { keyedHash } from '../../crypto';
import { getDb, type Db, type Tx, recoveryCodes } from '../../db';

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: a code read off paper is typed back right.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const hashOf = (code: string) => keyedHash('recovery-code', code);

/** A recovery code as typed (any case, spaces or dashes) in its stored form; null when it cannot be one. */
export function normalizeRecoveryCode(code: unknown): string | null {
  if (typeof code !== 'string') return null;
  const plain = code.toLowerCase().replace(/[\s-]/g, '');
  return /^[a-z0-9]{10}$/.test(plain) ? `${plain.slice(0, 5)}-${plain.slice(5)}` : null;
}

function newCode(): string {
  const pick = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${pick()}-${pick()}`;
}

/** Replaces the user's recovery codes with ten new ones; answers them (the only time they are seen). */
export async function generateRecoveryCodes(userId: number, db: Db | Tx): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ user_id: userId, code_hash: hashOf(code) })));
  return codes;
}

/** Spends a recovery code of the user; false when it is not one of theirs or was used. */
export async function spendRecoveryCode(userId: number, code: string): Promise<boolean> {
  const normalized = normalizeRecoveryCode(code);
  if (!normalized) return false;
  const db = await getDb();
  const used = await db
    .update(recoveryCodes)
    .set({ used_at: new Date() })
    .where(and(eq(recoveryCodes.user_id, userId), eq(recoveryCodes.code_hash, hashOf(normalized)), isNull(recoveryCodes.used_at)))
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

/** How many of the user's recovery codes are left. */
export async function recoveryCodesLeft(userId: number, db?: Db | Tx): Promise<number> {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.user_id, userId), isNull(recoveryCodes.used_at)));
  return row?.n ?? 0;
}

/** Deletes the user's recovery codes (two-factor sign-in turned off). */
export async function deleteRecoveryCodes(userId: number, db: Db | Tx): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
}
