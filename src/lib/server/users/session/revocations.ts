/**
 * Revoked sessions, known to every instance within seconds without a database read per request.
 *
 * A revocation is a row of session_revocations (a token family, or every token of a user issued before
 * a moment). The instance that writes it applies it at once and announces it (cache/notify.ts: NOTIFY on
 * PostgreSQL), and every other instance reads the new rows when it hears that; it also reads them every
 * REVOCATION_POLL_MS, the safety net for a notification lost while its connection was down. (PGlite
 * serves one process, so there is nothing to announce or poll.) Rows live as long as an access token
 * could: past `expires_at` no token they cover can still be valid.
 */
import { gt } from 'drizzle-orm';
import { listenForInvalidations, onInvalidation, publishInvalidation } from '../../cache';
import { config } from '../../config';
import { dbHandle, type Db, type Tx, sessionRevocations } from '../../db';

export const REVOCATION_POLL_MS = 2_000;
const TOPIC = 'session-revocations';
// Rows committed late (a slow transaction) are still seen: each look reaches this far behind the last.
const OVERLAP_MS = 10_000;

interface State {
  families: Map<string, number>;
  users: Map<number, number>;
  /** The newest revocation seen. */
  seenUntil: Date | null;
  ready: Promise<void> | null;
  timer: NodeJS.Timeout | null;
  unsubscribe: (() => void) | null;
}

const KEY = Symbol.for('cuepoint.session-revocations');
const holder = globalThis as { [KEY]?: State };
holder[KEY] ??= { families: new Map(), users: new Map(), seenUntil: null, ready: null, timer: null, unsubscribe: null };
const state = holder[KEY];

type Row = typeof sessionRevocations.$inferSelect;

function apply(row: Pick<Row, 'family_id' | 'user_id' | 'revoked_at' | 'expires_at'>): void {
  const expires = row.expires_at.getTime();
  if (row.family_id) state.families.set(row.family_id, Math.max(expires, state.families.get(row.family_id) ?? 0));
  if (row.user_id !== null) {
    const at = row.revoked_at.getTime();
    if (at > (state.users.get(row.user_id) ?? 0)) state.users.set(row.user_id, at);
  }
}

function prune(now: number): void {
  for (const [family, expires] of state.families) if (expires <= now) state.families.delete(family);
  const oldest = now - config().oauth.accessTokenTtl * 1000;
  for (const [user, at] of state.users) if (at < oldest) state.users.delete(user);
}

async function look(): Promise<void> {
  const { db } = await dbHandle();
  const t = sessionRevocations;
  // First look: everything still in force. Later looks: what was written since, with an overlap.
  const rows = state.seenUntil
    ? await db
        .select()
        .from(t)
        .where(gt(t.revoked_at, new Date(state.seenUntil.getTime() - OVERLAP_MS)))
    : await db.select().from(t).where(gt(t.expires_at, new Date()));
  for (const row of rows) apply(row);
  const newest = rows.reduce((max, r) => Math.max(max, r.revoked_at.getTime()), state.seenUntil?.getTime() ?? 0);
  state.seenUntil = new Date(newest || Date.now());
  prune(Date.now());
}

/** Loads the unexpired revocations once and, on PostgreSQL, starts looking for new ones. */
export function revocationsReady(): Promise<void> {
  state.ready ??= (async () => {
    await look();
    const { dialect } = await dbHandle();
    if (dialect === 'postgres' && !state.timer) {
      const sync = () => void look().catch((e: unknown) => console.error('[cuepoint] revocation sync failed', e));
      state.timer = setInterval(sync, REVOCATION_POLL_MS);
      state.timer.unref();
      // The announcement may come before the revoking transaction commits: read a moment later.
      state.unsubscribe = onInvalidation(TOPIC, () => void setTimeout(sync, 250).unref());
      listenForInvalidations();
    }
  })().catch((error: unknown) => {
    state.ready = null;
    throw error;
  });
  return state.ready;
}

/** Stops looking for revocations (shutdown). */
export function stopRevocationSync(): void {
  if (state.timer) clearInterval(state.timer);
  state.unsubscribe?.();
  state.timer = null;
  state.unsubscribe = null;
  state.ready = null;
  state.seenUntil = null;
}

/** True when a token of this family, issued at `issuedAtMs` to this user, was revoked. */
export function isRevoked(familyId: string, userId: number, issuedAtMs: number): boolean {
  if (state.families.has(familyId)) return true;
  const userCut = state.users.get(userId);
  return userCut !== undefined && issuedAtMs <= userCut;
}

/** Records a revocation of a token family or of every token a user holds, and applies it here at once. */
export async function recordRevocation(db: Db | Tx, target: { familyId: string } | { userId: number }): Promise<void> {
  const now = new Date();
  const row = {
    family_id: 'familyId' in target ? target.familyId : null,
    user_id: 'userId' in target ? target.userId : null,
    revoked_at: now,
    expires_at: new Date(now.getTime() + config().oauth.accessTokenTtl * 1000),
  };
  await db.insert(sessionRevocations).values(row);
  apply(row);
  prune(now.getTime());
  // Other instances read the new row when they hear this (after this transaction commits, or at their next poll).
  void publishInvalidation(TOPIC, 'new').catch(() => undefined);
}
