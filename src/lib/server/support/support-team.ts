/** Who the support team is: every admin account (they answer at /admin/support). */
import { and, eq, isNull } from 'drizzle-orm';
import { getDb, users } from '../db';
import { isOnline } from '../users';

export interface SupportAgent {
  id: number;
  online: boolean;
}

/** The admins, with whether each one is online now. */
export async function supportTeam(): Promise<SupportAgent[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: users.id, last_seen_at: users.last_seen_at })
    .from(users)
    .where(and(eq(users.type, 'ADMIN'), isNull(users.deleted_at)));
  return rows.map((r) => ({ id: r.id, online: isOnline(r.last_seen_at) }));
}

/** True for the accounts that answer support conversations. */
export function isSupportAgent(user: { type: string }): boolean {
  return user.type === 'ADMIN';
}
