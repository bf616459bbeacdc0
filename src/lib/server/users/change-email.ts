/**
 * Changing a verified account's email: the account password is asked, a code and link go to the new
 * address, and the new address replaces the old one only when that mailbox is proven (the code on the
 * account page, or the link). The old address keeps working until then and is told afterwards.
 */
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { verifyPassword, throttle } from './auth';
import { getDb, emailVerifications, users } from '../db';
import { fieldError, HttpError } from '../http';
import { assertEmailFree, issueVerification, sendVerification } from './email-verification';

export const emailChangeSchema = z.object({
  email: z.string().trim().toLowerCase().max(255).pipe(z.email()),
  current_password: z.string().min(1, 'The current password field is required.').max(200),
});
export type EmailChangeInput = z.infer<typeof emailChangeSchema>;

export interface PendingEmail {
  email: string;
  expires_at: string;
}

/** Starts an email change; an unverified account's address is simply corrected and a code sent. */
export async function requestEmailChange(userId: number, input: EmailChangeInput): Promise<PendingEmail | null> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new HttpError(404, 'Not Found.');
  await throttle({ key: `email-change-password:${userId}`, max: 5, windowSeconds: 600 }, 'Too many attempts. Please try again');
  if (!(await verifyPassword(user.password_hash, input.current_password))) throw fieldError('current_password', 'The password is incorrect.');
  if (input.email === user.email.toLowerCase()) throw fieldError('email', 'This is already your email address.');
  await assertEmailFree(input.email, userId);
  if (!user.email_verified_at) {
    await sendVerification(userId, input.email);
    return null;
  }
  await throttle({ key: `verify-send:${userId}`, max: 5, windowSeconds: 600 }, 'Too many verification emails were requested. Please try again');
  await issueVerification(user, input.email, {
    subject: (code) => `${code} confirms your new Cuepoint email address`,
    lines: [
      `Enter this code on your Cuepoint account page to make ${input.email} the email of your account. It expires in 24 hours.`,
      `Until you do, you keep signing in with ${user.email}.`,
    ],
    action: 'Confirm new email address',
    footer: 'If you did not ask for this, you can ignore this email: nothing changes.',
  });
  return pendingEmailChange(userId);
}

/** The address waiting to be confirmed, if an email change is under way. */
export async function pendingEmailChange(userId: number): Promise<PendingEmail | null> {
  const db = await getDb();
  const [row] = await db
    .select({ email: emailVerifications.email, expires_at: emailVerifications.expires_at, current: users.email })
    .from(emailVerifications)
    .innerJoin(users, eq(users.id, emailVerifications.user_id))
    .where(and(eq(emailVerifications.user_id, userId), isNull(emailVerifications.used_at), gt(emailVerifications.expires_at, new Date())))
    .orderBy(desc(emailVerifications.created_at))
    .limit(1);
  if (!row || row.email.toLowerCase() === row.current.toLowerCase()) return null;
  return { email: row.email, expires_at: row.expires_at.toISOString() };
}

/** Drops a pending email change (its code and link stop working). */
export async function cancelEmailChange(userId: number): Promise<void> {
  const db = await getDb();
  await db
    .update(emailVerifications)
    .set({ used_at: new Date() })
    .where(and(eq(emailVerifications.user_id, userId), isNull(emailVerifications.used_at)));
}
