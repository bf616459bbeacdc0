/**
 * The users domain writes the `users` and `podcasters` rows; other domains that keep something on an
 * account (a brand's name and avatar, notification settings, the default card, the payout account,
 * an invited podcaster's account) call these. Each takes the caller's transaction when it has one.
 */
import { eq } from 'drizzle-orm';
import { type Db, type Tx, podcasters, users } from '../db';
import { randomToken } from '../crypto';

type Conn = Db | Tx;
type UserInsert = typeof users.$inferInsert;

/** The account holder's name (and country), as a profile or onboarding form sets them. */
export async function setAccountName(conn: Conn, userId: number, name: Pick<UserInsert, 'first_name' | 'last_name' | 'country'>): Promise<void> {
  const patch = Object.fromEntries(Object.entries(name).filter(([, v]) => v !== undefined));
  if (Object.keys(patch).length) await conn.update(users).set(patch).where(eq(users.id, userId));
}

/** The picture shown for the account (a brand's logo). */
export async function setAccountAvatar(conn: Conn, userId: number, avatar: string | null): Promise<void> {
  await conn.update(users).set({ avatar }).where(eq(users.id, userId));
}

/** Which notifications the account receives, and how. */
export async function setNotificationSettings(conn: Conn, userId: number, settings: UserInsert['notification_settings']): Promise<void> {
  await conn.update(users).set({ notification_settings: settings }).where(eq(users.id, userId));
}

/** The card charged when the account pays without choosing one. */
export async function setAccountDefaultCard(conn: Conn, userId: number, cardId: number | null): Promise<void> {
  await conn.update(users).set({ default_card_id: cardId }).where(eq(users.id, userId));
}

/** The payout account a hosted podcaster connected. */
export async function setPayoutsConnect(conn: Conn, userId: number, connect: UserInsert['payouts_connect']): Promise<void> {
  await conn.update(users).set({ payouts_connect: connect }).where(eq(users.id, userId));
}

/** Marks a podcaster's onboarding complete. */
export async function markPodcasterCompleted(conn: Conn, userId: number): Promise<void> {
  await conn.update(podcasters).set({ is_completed: true }).where(eq(podcasters.user_id, userId));
}

/** A podcaster account made from an invitation whose link reached `email` (so it is verified). Answers its id. */
export async function createInvitedPodcaster(
  tx: Tx,
  invite: { email: string; first_name: string; last_name: string; passwordHash: string; source: string },
): Promise<number> {
  const [user] = await tx
    .insert(users)
    .values({
      encrypted_id: randomToken(18),
      email: invite.email,
      first_name: invite.first_name,
      last_name: invite.last_name,
      type: 'PODCASTER',
      password_hash: invite.passwordHash,
      email_verified_at: new Date(),
    })
    .returning({ id: users.id });
  await tx.insert(podcasters).values({ user_id: user!.id, source: invite.source, is_completed: true });
  return user!.id;
}
