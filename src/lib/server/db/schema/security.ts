/**
 * The session and sign-in safety tables (written by the auth domain only).
 *
 * session_revocations: access tokens are verified without a database read, so a revocation (sign-out,
 * a reused refresh token, a password reset) is written here and every instance keeps the unexpired
 * rows in memory (see session/revocations.ts). A row covers a token family, or every token a user was
 * issued before `revoked_at`; it is useless once `expires_at` (revocation + access-token lifetime) passed.
 *
 * sign_in_delays: failed sign-ins per account across every address; past a few, each attempt waits
 * longer (auth/throttle.ts).
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

export const sessionRevocations = pgTable(
  'session_revocations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    family_id: text(),
    user_id: integer(),
    revoked_at: ts().defaultNow().notNull(),
    expires_at: ts().notNull(),
  },
  (t) => [index('session_revocations_revoked_at_idx').on(t.revoked_at)],
);

export const signInDelays = pgTable('sign_in_delays', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  blocked_until: ts().notNull(),
  forget_at: ts().notNull(),
});
