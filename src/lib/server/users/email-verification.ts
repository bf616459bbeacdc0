/**
 * Email verification: a 6-digit code and a link (/verification/{verificationId}/{verificationCode}) by mail.
 * Either one verifies the address; a code is good for 24 hours and 5 wrong tries.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { config } from '../config';
import { numericCode, randomToken, safeEqual, sha256 } from '../crypto';
import { getDb } from '../db/client';
import { emailVerifications, users } from '../db/schema';
import { fieldError, HttpError } from '../http';
import { queueMail } from '../mail/send-mail';
import { renderMail } from '../mail/layout';
import { throttle } from '../auth/throttle';

const TTL_MS = 24 * 60 * 60 * 1000;
const MAX_ATTEMPTS = 5;

/** Sends a new code and link to the address (changing the user's email when it is not verified yet). */
export async function sendVerification(userId: number, email?: string): Promise<{ email: string }> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new HttpError(404, 'Not Found.');
  if (user.email_verified_at && (!email || email.toLowerCase() === user.email.toLowerCase()))
    throw fieldError('email', 'Your email address is already verified.');
  await throttle({ key: `verify-send:${userId}`, max: 5, windowSeconds: 600 }, 'Too many verification emails were requested. Please try again');
  let address = user.email;
  if (email && email.toLowerCase() !== user.email.toLowerCase()) {
    const [taken] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    if (taken) throw fieldError('email', 'The email has already been taken.');
    address = email.toLowerCase();
    await db.update(users).set({ email: address, email_verified_at: null }).where(eq(users.id, userId));
  }
  const code = numericCode(6);
  const id = randomToken(12);
  const linkCode = randomToken(24);
  await db.transaction(async (tx) => {
    await tx
      .update(emailVerifications)
      .set({ used_at: new Date() })
      .where(and(eq(emailVerifications.user_id, userId), isNull(emailVerifications.used_at)));
    // The stored hash covers both the short code and the long link code: either one proves the mailbox.
    await tx
      .insert(emailVerifications)
      .values({ id, user_id: userId, email: address, code_hash: `${sha256(code)}:${sha256(linkCode)}`, expires_at: new Date(Date.now() + TTL_MS) });
    const link = `${config().appUrl}/verification/${id}/${linkCode}`;
    await queueMail(
      renderMail({
        to: address,
        subject: `${code} is your Cuepoint verification code`,
        greeting: `Hi ${user.first_name || 'there'},`,
        lines: ['Enter this code in Cuepoint to verify your email address. It expires in 24 hours.'],
        code,
        action: { label: 'Verify email address', url: link },
        footer: 'If you did not create a Cuepoint account, you can ignore this email.',
      }),
      tx,
    );
  });
  return { email: address };
}

async function markVerified(userId: number, verificationId: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.update(emailVerifications).set({ used_at: new Date() }).where(eq(emailVerifications.id, verificationId));
    await tx.update(users).set({ email_verified_at: new Date() }).where(eq(users.id, userId));
  });
}

/** Verifies the signed-in user's email with the 6-digit code. */
export async function verifyWithCode(userId: number, code: string): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(emailVerifications)
    .where(and(eq(emailVerifications.user_id, userId), isNull(emailVerifications.used_at)))
    .orderBy(desc(emailVerifications.created_at))
    .limit(1);
  const invalid = () => fieldError('code', 'The code is invalid or has expired. Request a new one.');
  if (!row || row.expires_at.getTime() < Date.now() || row.attempts >= MAX_ATTEMPTS) throw invalid();
  const [codeHash] = row.code_hash.split(':');
  if (!safeEqual(codeHash ?? '', sha256(code.trim()))) {
    await db
      .update(emailVerifications)
      .set({ attempts: row.attempts + 1 })
      .where(eq(emailVerifications.id, row.id));
    throw invalid();
  }
  await markVerified(userId, row.id);
}

/** Verifies by the mailed link; answers the user's email, or null when the link is not (or no longer) good. */
export async function verifyWithLink(verificationId: string, linkCode: string): Promise<{ userId: number; email: string } | null> {
  const db = await getDb();
  const [row] = await db.select().from(emailVerifications).where(eq(emailVerifications.id, verificationId));
  if (!row) return null;
  const [, linkHash] = row.code_hash.split(':');
  if (!safeEqual(linkHash ?? '', sha256(linkCode))) return null;
  const [user] = await db.select({ email: users.email, verified: users.email_verified_at }).from(users).where(eq(users.id, row.user_id));
  if (!user) return null;
  if (row.used_at || row.expires_at.getTime() < Date.now()) return user.verified && user.email === row.email ? { userId: row.user_id, email: row.email } : null;
  if (user.email !== row.email) return null;
  await markVerified(row.user_id, row.id);
  return { userId: row.user_id, email: row.email };
}
