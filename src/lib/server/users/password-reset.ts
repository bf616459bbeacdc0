/** Password reset by a mailed link to /password/reset/{token}; a reset revokes every session of the user. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { config } from '../config';
import { randomToken, sha256 } from '../crypto';
import { getDb, passwordResets, users } from '../db';
import { fieldError } from '../http';
import { queueMail, renderMail } from '../mail';
import { hashPassword, revokeAllForUser, throttle } from './auth';

const TTL_MS = 60 * 60 * 1000;

export const PASSWORD_LINK_SENT = 'If an account uses that address, we have emailed it a password reset link.';

/** The body of a reset-link request. */
export const passwordEmailSchema = z.object({ email: z.string().trim().toLowerCase().max(255).pipe(z.email()) });

/** The body of a password reset. */
export const passwordResetSchema = z
  .object({
    token: z.string().min(1).max(200),
    email: z.string().trim().toLowerCase().max(255).pipe(z.email()),
    password: z.string().min(8, 'The password field must be at least 8 characters.').max(200),
    password_confirmation: z.string().max(200),
  })
  .refine((v) => v.password === v.password_confirmation, { path: ['password'], message: 'The password field confirmation does not match.' });

/** Mails a reset link when the address belongs to a user; answers the same either way. */
export async function requestPasswordReset(email: string, ip: string): Promise<void> {
  await throttle({ key: `pw-reset:${email}|${ip}`, max: 3, windowSeconds: 300 }, 'Too many reset requests. Please try again');
  const db = await getDb();
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deleted_at)));
  if (!user) return;
  const token = randomToken(32);
  await db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({ token_hash: sha256(token), user_id: user.id, expires_at: new Date(Date.now() + TTL_MS) });
    await queueMail(
      renderMail({
        to: user.email,
        subject: 'Reset your Cuepoint password',
        greeting: `Hi ${user.first_name || 'there'},`,
        lines: ['We received a request to reset the password of your Cuepoint account. The link below is good for 60 minutes.'],
        action: { label: 'Reset password', url: `${config().appUrl}/password/reset/${token}?email=${encodeURIComponent(user.email)}` },
        footer: 'If you did not ask for this, you can ignore this email: your password stays as it is.',
      }),
      tx,
    );
  });
}

/** Sets a new password with a reset token. */
export async function resetPassword(input: { token: string; email: string; password: string }): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.token_hash, sha256(input.token)));
  const [user] = row ? await db.select().from(users).where(eq(users.id, row.user_id)) : [];
  if (!row || !user || row.used_at || row.expires_at.getTime() < Date.now() || user.email.toLowerCase() !== input.email) {
    throw fieldError('email', 'This password reset link is invalid or has expired.');
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.update(passwordResets).set({ used_at: new Date() }).where(eq(passwordResets.token_hash, row.token_hash));
    // The reset link proves the mailbox, so an unverified address becomes verified.
    await tx
      .update(users)
      .set({ password_hash: passwordHash, email_verified_at: user.email_verified_at ?? new Date() })
      .where(eq(users.id, user.id));
    await revokeAllForUser(tx, user.id);
  });
}
