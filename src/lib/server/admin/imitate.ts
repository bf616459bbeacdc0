/** Admin imitation: an admin signs in as another user; the tokens remember who is imitating. */
import { eq } from 'drizzle-orm';
import { config } from '../config';
import { getDb, users } from '../db';
import { forbidden, notFound } from '../http';
import { issueTokens, type TokenPair } from '../users';
import type { SessionUser } from '../users';

/** Issues a session for the target user on behalf of the admin. */
export async function startImitation(admin: SessionUser, targetId: number): Promise<{ tokens: TokenPair; name: string }> {
  if (admin.type !== 'ADMIN' || admin.imitatedBy !== null) throw forbidden();
  const db = await getDb();
  const [target] = await db.select().from(users).where(eq(users.id, targetId));
  if (!target || target.deleted_at) throw notFound();
  if (target.type === 'ADMIN') throw forbidden('Admins cannot be imitated.');
  const tokens = await issueTokens(db, { userId: target.id, clientId: config().oauth.clientId, imitatedBy: admin.id });
  return { tokens, name: `${target.first_name} ${target.last_name}`.trim() || target.email };
}
