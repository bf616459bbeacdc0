/**
 * Email verification: a 6-digit code and a link (/verification/{verificationId}/{verificationCode}) by mail.
 * Either one verifies the address; a code is good for 24 hours and 5 wrong tries. The same proof
 * confirms an email change (users/change-email.ts): the new address replaces the old one only once
 * its mailbox is proven.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { config } from '../config';
import { numericCode, randomToken, safeEqual, sha256 } from '../crypto';
import { getDb, emailVerifications, users } from '../db';
import { fieldError, HttpError } from '../http';
import { queueMail, renderMail } from '../mail';
import { throttle } from './auth';

const TTL_MS = 24 * 60 * 60 * 1000;
const MAX_ATTEMPTS = 5;

/** Sends a new code and link to the address (changing the user's email when it is not verified yet). */
export async function sendVerification(userId: number, email?: string): Promise<{ email: string }> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new HttpError(404, 'Not Found.');
  const changing = !!email && email.toLowerCase() !== user.email.toLowerCase();
  if (user.email_verified_at && !changing) throw fieldError('email', 'Your email address is already verified.');
  // A verified address is only replaced with the account password (Settings, Account).
  if (user.email_verified_at) throw fieldError('email', 'To change a verified email address, go to Settings, Account: it asks for your password.');
  await throttle({ key: `verify-send:${userId}`, max: 5, windowSeconds: 600 }, 'Too many verification emails were requested. Please try again');
  let address = user.email;
  if (email && changing) {
    await assertEmailFree(email, userId);
    address = email.toLowerCase();
    await db.update(users).set({ email: address, email_verified_at: null }).where(eq(users.id, userId));
  }
  await issueVerification(user, address, {
    subject: (code) => `${code} is your Cuepoint verification code`,
    lines: ['Enter this code in Cuepoint to verify your email address. It expires in 24 hours.'],
    action: 'Verify email address',
    footer: 'If you did not create a Cuepoint account, you can ignore this email.',
  });
  return { email: address };
}

/** 422 when another account uses the address. */
export async function assertEmailFree(email: string, userId: number): Promise<void> {
  const db = await getDb();
  const [taken] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (taken && taken.id !== userId) throw fieldError('email', 'The email has already been taken.');
}

/** Replaces the user's unused codes with a new code and link, mailed to the address. */
export async function issueVerification(
  user: { id: number; first_name: string },
  address: string,
  copy: { subject: (code: string) => string; lines: string[]; action: string; footer: string },
): Promise<void> {
  const db = await getDb();
  const code = numericCode(6);
  const id = randomToken(12);
  const linkCode = randomToken(24);
  await db.transaction(async (tx) => {
    await tx
      .update(emailVerifications)
      .set({ used_at: new Date() })
      .where(and(eq(emailVerifications.user_id, user.id), isNull(emailVerifications.used_at)));
    // The stored hash covers both the short code and the long link code: either one proves the mailbox.
    await tx
      .insert(emailVerifications)
      .values({ id, user_id: user.id, email: address, code_hash: `${sha256(code)}:${sha256(linkCode)}`, expires_at: new Date(Date.now() + TTL_MS) });
    await queueMail(
      renderMail({
        to: address,
        subject: copy.subject(code),
        greeting: `Hi ${user.first_name || 'there'},`,
        lines: copy.lines,
        code,
        action: { label: copy.action, url: `${config().appUrl}/verification/${id}/${linkCode}` },
        footer: copy.footer,
      }),
      tx,
    );
  });
}

/** The proven address becomes the user's verified email; for an email change the old address is told. */
async function markVerified(userId: number, verificationId: string, email: string): Promise<void> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new HttpError(404, 'Not Found.');
  const changed = user.email.toLowerCase() !== email.toLowerCase();
  if (changed) await assertEmailFree(email, userId);
  await db.transaction(async (tx) => {
    await tx.update(emailVerifications).set({ used_at: new Date() }).where(eq(emailVerifications.id, verificationId));
    await tx.update(users).set({ email: email.toLowerCase(), email_verified_at: new Date() }).where(eq(users.id, userId));
    if (changed && user.email_verified_at)
      await queueMail(
        renderMail({
          to: user.email,
          subject: 'Your Cuepoint email address was changed',
          greeting: `Hi ${user.first_name || 'there'},`,
          lines: [`The email address of your Cuepoint account is now ${email.toLowerCase()}. You sign in with it from now on.`],
          footer: `If you did not make this change, reply to this email or write to ${config().supportEmail} right away.`,
        }),
        tx,
      );
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
  await markVerified(userId, row.id, row.email);
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
  // A link to an address that is not the account's is an email change waiting for this proof; it
  // fails (as a bad link) when another account took that address meanwhile.
  try {
    await markVerified(row.user_id, row.id, row.email);
  } catch (error) {
    if (error instanceof HttpError) return null;
    throw error;
  }
  return { userId: row.user_id, email: row.email };
}
