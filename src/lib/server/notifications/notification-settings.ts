/** Which notification mails a user gets (users.notification_settings, every kind on by default). */
import { setNotificationSettings } from '../users';
import { eq } from 'drizzle-orm';
import { getDb, users } from '../db';
import { notFound } from '../http';
import { type MailSettings, NOTIFICATION_KINDS } from '../../notification-view';

const complete = (stored: Record<string, boolean> | null | undefined): MailSettings =>
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [`mail_${k}`, stored?.[`mail_${k}`] !== false])) as MailSettings;

/** The user's mail settings with every kind present. */
export async function notificationSettings(userId: number): Promise<MailSettings> {
  const db = await getDb();
  const [row] = await db.select({ s: users.notification_settings }).from(users).where(eq(users.id, userId));
  if (!row) throw notFound();
  return complete(row.s);
}

/** Changes some of the user's mail settings and answers all of them. */
export async function updateNotificationSettings(userId: number, changes: Partial<MailSettings>): Promise<MailSettings> {
  const db = await getDb();
  const current = await notificationSettings(userId);
  const next = { ...current, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => typeof v === 'boolean')) };
  await setNotificationSettings(db, userId, next);
  return next;
}
