/**
 * Notifications: one place where a domain tells a user something happened. The row is stored with
 * every field of the entity and pushed on the user's private channel once the caller's change is
 * committed (call it after the transaction, or pass `afterCommit` hooks).
 */
import { getDb, type Db, type Tx, notifications } from '../db';
import { broadcast } from '../realtime';

export interface NotificationInput {
  /** What happened, e.g. 'proposal.created', 'message.created', 'deliverable.approved', 'hiring.created', 'migration.completed'. */
  type: string;
  title: string;
  description: string;
  img?: string | null;
  /** Who caused it (shown with an online dot). */
  user_id?: number | null;
  podcast_id?: number | null;
  /** Where a click goes ('workroom', 'campaign', 'hosting', …) and the path itself. */
  link_type?: string | null;
  link?: string | null;
}

export type NotificationRow = typeof notifications.$inferSelect;

/** Stores a notification for the user and returns the row (not yet broadcast). */
export async function createNotification(userId: number, input: NotificationInput, db?: Db | Tx): Promise<NotificationRow> {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .insert(notifications)
    .values({
      notifiable_type: 'user',
      notifiable_id: userId,
      type: input.type,
      data: {
        title: input.title,
        description: input.description,
        img: input.img ?? null,
        user_id: input.user_id ?? null,
        podcast_id: input.podcast_id ?? null,
        link_type: input.link_type ?? null,
        link: input.link ?? null,
      },
    })
    .returning();
  return row!;
}

/** The notification payload the API and the realtime event carry. */
export function serializeNotification(row: NotificationRow) {
  return {
    id: row.id,
    type: row.type,
    notifiable_type: row.notifiable_type,
    notifiable_id: row.notifiable_id,
    data: row.data,
    read_at: row.read_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Pushes a stored notification to the user's private channel. */
export async function publishNotification(row: NotificationRow): Promise<void> {
  await broadcast(`private-users.${row.notifiable_id}`, 'notification.created', serializeNotification(row));
}

/** Stores and pushes a notification in one call (outside any transaction). */
export async function notify(userId: number, input: NotificationInput): Promise<NotificationRow> {
  const row = await createNotification(userId, input);
  await publishNotification(row);
  return row;
}
