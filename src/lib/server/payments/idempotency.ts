/**
 * Idempotency-Key for the calls that move money (Stripe's semantics): the first request with a key
 * runs and its answer is kept; the same key with the same body answers that kept answer again, with
 * another body a 422. A request that failed because the provider was unreachable keeps nothing, so
 * the same key may try again.
 */
import { and, eq } from 'drizzle-orm';
import { sha256 } from '../crypto';
import { getDb, idempotencyKeys } from '../db';
import { fieldError, HttpError } from '../http';

const WAIT_MS = 15_000;

/** JSON with sorted keys, so the same body always hashes the same. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

export interface IdempotentAnswer {
  status: number;
  body: unknown;
}

/** Runs `run` once per (user, scope, key); answers its kept result for a repeated key. */
export async function idempotent(
  userId: number,
  scope: string,
  key: string | null,
  body: unknown,
  run: () => Promise<unknown>,
  status = 200,
): Promise<IdempotentAnswer> {
  if (key === null || key === '') return { status, body: await run() };
  if (key.length > 255 || !/^[\x21-\x7e]+$/.test(key)) throw fieldError('idempotency_key', 'The Idempotency-Key header must be 1 to 255 visible characters.');
  const hash = sha256(stable(body));
  const db = await getDb();
  const where = and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
  const [mine] = await db.insert(idempotencyKeys).values({ user_id: userId, scope, key, request_hash: hash }).onConflictDoNothing().returning();
  if (!mine) {
    // Someone sent this key before: answer what they got, once it is known.
    const until = Date.now() + WAIT_MS;
    for (;;) {
      const [seen] = await db.select().from(idempotencyKeys).where(where);
      if (!seen) return idempotent(userId, scope, key, body, run, status);
      if (seen.request_hash !== hash)
        throw new HttpError(422, 'This Idempotency-Key was already used for a different request.', {
          idempotency_key: ['This Idempotency-Key was already used for a different request.'],
        });
      if (seen.status_code !== null) return { status: seen.status_code, body: seen.response };
      if (Date.now() > until) throw new HttpError(409, 'A request with this Idempotency-Key is still being processed.');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    const result = await run();
    await db.update(idempotencyKeys).set({ status_code: status, response: result }).where(eq(idempotencyKeys.id, mine.id));
    return { status, body: result };
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) {
      const answer = error.body ?? { message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
      await db.update(idempotencyKeys).set({ status_code: error.status, response: answer }).where(eq(idempotencyKeys.id, mine.id));
    } else {
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, mine.id));
    }
    throw error;
  }
}
