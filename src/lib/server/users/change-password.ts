/**
 * Changing the password of a signed-in account: the current password is asked, every other session
 * is signed out (a stolen session ends with the old password), and the account's address is told.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { hashPassword, verifyPassword, throttle } from './auth';
import { config } from '../config';
import { getDb, users } from '../db';
import { fieldError, HttpError } from '../http';
import { renderMail, queueMail } from '../mail';
import { signOutOtherSessions } from './list-sessions';

export const passwordChangeSchema = z
  .object({
    current_password: z.string().min(1, 'The current password field is required.').max(200),
    password: z.string().min(8, 'The password field must be at least 8 characters.').max(200),
    password_confirmation: z.string().max(200).optional(),
  })
  .refine((v) => v.password === v.password_confirmation, { path: ['password'], message: 'The password field confirmation does not match.' });
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/** Sets a new password; answers how many other sessions were signed out. */
export async function changePassword(userId: number, input: PasswordChangeInput, accessToken: string | null): Promise<{ signed_out: number }> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new HttpError(404, 'Not Found.');
  await throttle({ key: `password-change:${userId}`, max: 5, windowSeconds: 600 }, 'Too many attempts. Please try again');
  if (!(await verifyPassword(user.password_hash, input.current_password))) throw fieldError('current_password', 'The password is incorrect.');
  if (await verifyPassword(user.password_hash, input.password)) throw fieldError('password', 'Choose a password different from your current one.');
  const hash = await hashPassword(input.password);
  const signedOut = await db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash: hash }).where(eq(users.id, userId));
    const n = await signOutOtherSessions(userId, accessToken, tx);
    await queueMail(
      renderMail({
        to: user.email,
        subject: 'Your Cuepoint password was changed',
        greeting: `Hi ${user.first_name || 'there'},`,
        lines: ['The password of your Cuepoint account was just changed, and every other device was signed out.'],
        footer: `If you did not do this, reset your password from the sign-in page and write to ${config().supportEmail}.`,
      }),
      tx,
    );
    return n;
  });
  return { signed_out: signedOut };
}
