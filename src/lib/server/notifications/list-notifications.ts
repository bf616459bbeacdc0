/** The user's notifications for GET /api/notifications, and marking one read. */
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { getDb, keyset, notifications } from '../db';
import { notFound } from '../http';
import { broadcast } from '../realtime';
import { serializeNotification } from './notify';

/** Newest first, the id breaking ties (notifications_notifiable_created_idx). */
const order = keyset([
  { column: notifications.created_at, type: 'timestamp' },
  { column: notifications.id, type: 'uuid' },
]);

const mine = (userId: number) => and(eq(notifications.notifiable_type, 'user'), eq(notifications.notifiable_id, userId));

/** A page of the user's notifications, newest first (only unread ones when asked), with the unread total. */
export async function listNotifications(userId: number, options: { unread?: boolean; page?: number; perPage?: number; cursor?: string } = {}) {
  const db = await getDb();
  const page = Math.max(1, options.page ?? 1);
  const perPage = Math.min(50, Math.max(1, options.perPage ?? 15));
  const where = options.unread ? and(mine(userId), isNull(notifications.read_at)) : mine(userId);
  const after = order.after(options.cursor);
  const [read, [total], [unread]] = await Promise.all([
    db
      .select({ row: notifications, cursor_key: order.key })
      .from(notifications)
      .where(and(where, after))
      .orderBy(...order.orderBy)
      .limit(perPage + 1)
      .offset(after ? 0 : (page - 1) * perPage),
    db.select({ n: count() }).from(notifications).where(where),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(mine(userId), isNull(notifications.read_at))),
  ]);
  const { rows, next_cursor } = order.page(read, perPage);
  return {
    items: rows.map((r) => serializeNotification(r.row)),
    total: Number(total?.n ?? 0),
    unread: Number(unread?.n ?? 0),
    page,
    perPage,
    next_cursor,
  };
}

/** Marks one of the user's notifications read (someone else's answers 404); the user's other tabs hear it. */
export async function markNotificationRead(userId: number, id: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw notFound();
  const db = await getDb();
  const [row] = await db
    .update(notifications)
    .set({ read_at: sql`coalesce(${notifications.read_at}, now())` })
    .where(and(eq(notifications.id, id), mine(userId)))
    .returning();
  if (!row) throw notFound();
  await broadcast(`private-users.${userId}`, 'notification.read', { id: row.id });
  return serializeNotification(row);
}
