/** How the bell shows a notification payload of the API or a realtime event. */
import type { ShellNotification } from './shell-rules';

/** The kinds of notification mail a user can turn off; 'all' turns off every one. */
export const NOTIFICATION_KINDS = ['messages', 'proposals', 'deliverables', 'hires', 'hosting'] as const;

/** Which notification mails a user gets, one switch per kind (GET/PUT /api/notifications/settings). */
export type MailSettings = Record<`mail_${(typeof NOTIFICATION_KINDS)[number]}`, boolean>;

export interface NotificationPayload {
  id: string;
  type: string;
  data: { title: string; description: string; img?: string | null; user_id?: number | null; link?: string | null };
  read_at: string | null;
  created_at: string;
}

/** The bell item of a notification; links stay on our own site (else /workrooms). */
export function toShellNotification(n: NotificationPayload, onlineIds: number[] = []): ShellNotification {
  const link = n.data.link && n.data.link.startsWith('/') && !n.data.link.startsWith('//') ? n.data.link : '/workrooms';
  const userId = n.data.user_id ?? null;
  return {
    id: n.id,
    title: n.data.title,
    description: n.data.description,
    created_at: n.created_at,
    read: n.read_at !== null,
    link,
    online: userId !== null && onlineIds.includes(userId),
    img: n.data.img ?? null,
    user_id: userId,
  };
}
