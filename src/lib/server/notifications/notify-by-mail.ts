/**
 * Notification mail: a notification is also mailed when the user is offline (not seen within the
 * online timeout) and has not turned that kind off in /settings/notifications. Every mail carries
 * its unsubscribe link.
 */
import { eq } from 'drizzle-orm';
import { config } from '../config';
import { getDb, users } from '../db';
import { queueMail, renderMail } from '../mail';
import { isOnline } from '../users';
import { notify, type NotificationInput, type NotificationRow } from './notify';
import { unsubscribeUrl, type NotificationKind } from './unsubscribe';

/** True unless the user turned this kind of mail off (every kind is on by default). */
export function wantsMail(settings: Record<string, boolean> | null | undefined, kind: NotificationKind): boolean {
  return settings?.[`mail_${kind}`] !== false;
}

export interface MailedNotification extends NotificationInput {
  /** Which setting governs the mail. */
  kind: NotificationKind;
  /** The mail's subject and the button label (the title and 'Open in Cuepoint' by default). */
  subject?: string;
  action?: string;
}

/** Stores and pushes a notification, and mails it when the user is offline and wants that kind. Answers whether a mail was queued. */
export async function notifyAndMail(userId: number, input: MailedNotification): Promise<{ row: NotificationRow; mailed: boolean }> {
  const row = await notify(userId, input);
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || user.deleted_at || isOnline(user.last_seen_at) || !wantsMail(user.notification_settings, input.kind)) return { row, mailed: false };
  const link = input.link && input.link.startsWith('/') ? `${config().appUrl}${input.link}` : `${config().appUrl}/workrooms`;
  await queueMail(
    renderMail({
      to: user.email,
      subject: input.subject ?? input.title,
      greeting: `Hi ${user.first_name || 'there'},`,
      lines: [input.title, input.description].filter(Boolean),
      action: { label: input.action ?? 'Open in Cuepoint', url: link },
      unsubscribeUrl: unsubscribeUrl(userId, input.kind),
    }),
  );
  return { row, mailed: true };
}
