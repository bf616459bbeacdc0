import { useEffect } from 'react';
import { api } from '../../lib/api';
import { toShellNotification, type NotificationPayload } from '../../lib/notification-view';
import { onReconnect, realtime } from '../../lib/realtime-client';
import type { ShellNotification } from '../../lib/shell-rules';
import {
  $onlineUserIds,
  addNotification,
  dealChanged,
  discussionChanged,
  notificationRead,
  seedRealtime,
  setNotifications,
  setOnline,
  setUnreadWorkrooms,
  userOnline,
} from '../../lib/stores/realtime';

interface Props {
  userId: number;
  unreadWorkrooms: number;
  notifications: ShellNotification[];
  unread: number;
}

/**
 * Mounted once by the app shell: subscribes to the user's private channel and the online presence
 * channel, keeps the bell, the Workrooms badge and online dots live, and refetches after a reconnect.
 */
export default function RealtimeBridge({ userId, unreadWorkrooms, notifications, unread }: Props) {
  useEffect(() => {
    seedRealtime({ unreadWorkrooms, notifications, unread });
    let stopped = false;
    const catchUp = async () => {
      const [list, rooms] = await Promise.all([
        api<{ data: NotificationPayload[]; meta: { unread: number } }>('/api/notifications', { query: { per_page: 10 } }),
        api<{ meta: { unread_workrooms: number } }>('/api/discussions', { query: { per_page: 1 } }),
      ]);
      if (stopped) return;
      const online = $onlineUserIds.get();
      setNotifications(
        list.data.map((n) => toShellNotification(n, online)),
        list.meta.unread,
      );
      setUnreadWorkrooms(rooms.meta.unread_workrooms);
      // The lists and counts that follow deals fetch what the dropped connection missed.
      dealChanged(null);
      discussionChanged(0);
    };
    const offReconnect = onReconnect(() => void catchUp().catch(() => undefined));
    void realtime()
      .then((echo) => {
        if (stopped) return;
        echo
          .private(`users.${userId}`)
          // A deal that changed between the page's render and this subscription: the screens that follow
          // deals (delivery panel, counts, Completed Ads) and the workroom list fetch once it holds.
          .subscribed(() => {
            dealChanged(null);
            discussionChanged(0);
          })
          .listen('.notification.created', (n: NotificationPayload) => addNotification(toShellNotification(n, $onlineUserIds.get())))
          .listen('.notification.read', (e: { id: string }) => notificationRead(e.id))
          .listen('.discussion.updated', (e: { discussion_id: number; unread_workrooms: number }) => {
            setUnreadWorkrooms(e.unread_workrooms);
            discussionChanged(e.discussion_id);
          })
          // Every change to a deal the user is part of: the panel, the counts and Completed Ads follow it.
          .listen('.deal.changed', (e: { package_id: number }) => dealChanged(e.package_id))
          .listen('.job.updated', (e: { package_id: number }) => dealChanged(e.package_id))
          .listen('.hiring.created', (e: { package_id: number }) => dealChanged(e.package_id))
          .listen('.hiring.updated', (e: { package_id: number }) => dealChanged(e.package_id))
          .listen('.package.created', (e: { id: number }) => dealChanged(e.id))
          .listen('.package.updated', (e: { id: number }) => dealChanged(e.id))
          .listen('.deliverable.updated', () => dealChanged(null));
        echo
          .join('online')
          .here((members: { id: string | number }[]) => setOnline(members.map((m) => Number(m.id))))
          .joining((m: { id: string | number }) => userOnline(Number(m.id), true))
          .leaving((m: { id: string | number }) => userOnline(Number(m.id), false));
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
      offReconnect();
    };
  }, [userId]);
  return null;
}
