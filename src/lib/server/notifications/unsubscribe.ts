/** Unsubscribe links in mail: a signed token naming the user and the kind of mail, applied on /unsubscribed. */
import { setNotificationSettings } from '../users';
import { eq } from 'drizzle-orm';
import { config } from '../config';
import { readSignedPayload, signPayload } from '../crypto';
import { getDb, users } from '../db';
import { NOTIFICATION_KINDS } from '../../notification-view';

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The link that unsubscribes the user from one kind of mail (or all). */
export function unsubscribeUrl(userId: number, kind: NotificationKind | 'all'): string {
  return `${config().appUrl}/unsubscribed?token=${encodeURIComponent(signPayload({ u: userId, k: kind }))}`;
}

/** Applies an unsubscribe token; answers what was turned off, or null for a bad token. */
export async function unsubscribe(token: string): Promise<{ kind: NotificationKind | 'all'; email: string } | null> {
  const payload = readSignedPayload<{ u: number; k: string }>(token);
  if (!payload || typeof payload.u !== 'number' || !(payload.k === 'all' || (NOTIFICATION_KINDS as readonly string[]).includes(payload.k))) return null;
  const db = await getDb();
  const [user] = await db.select({ email: users.email, settings: users.notification_settings }).from(users).where(eq(users.id, payload.u));
  if (!user) return null;
  const kind = payload.k as NotificationKind | 'all';
  const settings = { ...user.settings };
  for (const k of kind === 'all' ? NOTIFICATION_KINDS : [kind]) settings[`mail_${k}`] = false;
  await setNotificationSettings(db, payload.u, settings);
  return { kind, email: user.email };
}
