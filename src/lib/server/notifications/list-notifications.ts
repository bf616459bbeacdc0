/** The user's notifications for GET /api/notifications, and marking one read. */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { getDb, notifications } from '../db';
import { notFound } from '../http';
import { broadcast } from '../realtime';
import { serializeNotification } from './notify';

const mine = (userId: number) => and(eq(notifications.notifiable_type, 'user'), eq(notifications.notifiable_id, userId));

/** A page of the user's notifications, newest first (only unread ones when asked), with the unread total. */
export async function listNotifications(userId: number, options: { unread?: boolean; page?: number; perPage?: number } = {}) {
  const db = await getDb();
  const page = Math.max(1, options.page ?? 1);
  const perPage = Math.min(50, Math.max(1, options.perPage ?? 15));
  const where = options.unread ? and(mine(userId), isNull(notifications.read_at)) : mine(userId);
  const [rows, [total], [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.created_at))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(notifications).where(where),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(mine(userId), isNull(notifications.read_at))),
  ]);
  return { items: rows.map(serializeNotification), total: Number(total?.n ?? 0), unread: Number(unread?.n ?? 0), page, perPage };
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
