/**
 * Deleting one's own account (Settings, Account): the password and the typed word DELETE confirm it.
 * An account with hires in progress stays until they finish (the other side is owed work or money).
 * The row is kept for the history others share with it (proposals, workrooms, the ledger) but
 * emptied of personal data; every session ends and running campaigns close.
 */
import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import { z } from 'zod';
import { verifyPassword, throttle, revokeAllForUser } from './auth';
import { config } from '../config';
import { randomToken } from '../crypto';
import { getDb, hirings, sessionDevices, type Tx, users } from '../db';
import { fieldError, HttpError } from '../http';
import { renderMail, queueMail } from '../mail';

/** The word typed in the confirmation dialog. */
export const DELETE_ACCOUNT_WORD = 'DELETE';

export const deleteAccountSchema = z.object({
  password: z.string().min(1, 'The password field is required.').max(200),
  confirmation: z.string().refine((v) => v === DELETE_ACCOUNT_WORD, `Type ${DELETE_ACCOUNT_WORD} to confirm.`),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/**
 * Deletes the user's account, or answers 422 saying what stands in the way. `closeOwnWork` is what
 * other domains close with the account (a brand's campaigns), run in the same transaction: the route
 * passes it, so the lowest domain needs none of theirs.
 */
export async function deleteAccount(userId: number, input: DeleteAccountInput, closeOwnWork: (tx: Tx, userId: number) => Promise<unknown>): Promise<void> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || user.deleted_at) throw new HttpError(404, 'Not Found.');
  await throttle({ key: `delete-account:${userId}`, max: 5, windowSeconds: 600 }, 'Too many attempts. Please try again');
  if (!(await verifyPassword(user.password_hash, input.password))) throw fieldError('password', 'The password is incorrect.');
  const [open] = await db
    .select({ id: hirings.id })
    .from(hirings)
    .where(and(or(eq(hirings.brand_user_id, userId), eq(hirings.podcaster_user_id, userId)), inArray(hirings.status, ['new', 'funded'])))
    .limit(1);
  if (open) throw fieldError('account', 'You have hires in progress. Finish or cancel them before you delete your account.');
  if (user.type === 'ADMIN') {
    const [other] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.type, 'ADMIN'), ne(users.id, userId), isNull(users.deleted_at)))
      .limit(1);
    if (!other) throw fieldError('account', 'You are the last admin: make someone else an admin before you delete your account.');
  }
  await db.transaction(async (tx) => {
    await closeOwnWork(tx, userId);
    await revokeAllForUser(tx, userId);
    await tx.delete(sessionDevices).where(eq(sessionDevices.user_id, userId));
    await tx
      .update(users)
      .set({
        deleted_at: new Date(),
        // The address is freed (someone may sign up with it again) and nothing personal stays.
        email: `deleted-${userId}-${randomToken(6).toLowerCase()}@deleted.invalid`,
        first_name: 'Deleted',
        last_name: 'user',
        address: null,
        avatar: null,
        payouts_connect: null,
        notification_settings: {},
        password_hash: `!deleted:${randomToken(24)}`,
      })
      .where(eq(users.id, userId));
    await queueMail(
      renderMail({
        to: user.email,
        subject: 'Your Cuepoint account was deleted',
        greeting: `Hi ${user.first_name || 'there'},`,
        lines: ['Your Cuepoint account was deleted as you asked. You have been signed out everywhere, and your running campaigns were closed.'],
        footer: `Questions? Write to ${config().supportEmail}.`,
      }),
      tx,
    );
  });
}
