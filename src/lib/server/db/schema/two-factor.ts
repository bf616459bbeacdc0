/**
 * Two-factor authentication (the accounts domain: src/lib/server/users/auth/two-factor writes these only).
 *
 * two_factor_totp: one authenticator-app secret per user, encrypted with a key derived from APP_KEY;
 * `confirmed_at` is null while the first code has not been entered yet, and `last_used_step` is the
 * 30-second step of the last code accepted (a code is good once: its step and every earlier one are refused).
 *
 * passkeys: WebAuthn credentials (several per user, named, removable), with the signature counter.
 *
 * recovery_codes: ten one-time codes, stored as a keyed hash, shown once.
 *
 * two_factor_challenges: short-lived, single-purpose tokens (stored as their SHA-256): the second step of
 * a sign-in after the password (`mfa_token`), a WebAuthn challenge (sign-in, registration, step-up).
 *
 * session_verifications: when a sign-in (a token family) last proved who is at the keyboard (the sign-in
 * itself, or a step-up); sensitive actions ask again once it is older than 10 minutes.
 */
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './core';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });
const userRef = () =>
  integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const twoFactorTotp = pgTable('two_factor_totp', {
  user_id: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text().notNull(),
  confirmed_at: ts(),
  last_used_step: bigint({ mode: 'number' }),
  created_at: ts().defaultNow().notNull(),
});

export const passkeys = pgTable(
  'passkeys',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    user_id: userRef(),
    credential_id: text().notNull().unique(),
    public_key: text().notNull(),
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: jsonb().$type<string[]>().notNull().default([]),
    device_type: text().notNull().default('singleDevice'),
    backed_up: boolean().notNull().default(false),
    name: text().notNull(),
    created_at: ts().defaultNow().notNull(),
    last_used_at: ts(),
  },
  (t) => [index('passkeys_user_idx').on(t.user_id)],
);

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    user_id: userRef(),
    code_hash: text().notNull(),
    used_at: ts(),
    created_at: ts().defaultNow().notNull(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.user_id)],
);

export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: text().primaryKey(),
    user_id: integer().references(() => users.id, { onDelete: 'cascade' }),
    purpose: text().$type<'sign-in' | 'passkey-sign-in' | 'passkey-register' | 'step-up'>().notNull(),
    client_id: text(),
    scopes: jsonb().$type<string[]>().notNull().default([]),
    family_id: text(),
    webauthn_challenge: text(),
    attempts: integer().notNull().default(0),
    expires_at: ts().notNull(),
    used_at: ts(),
    created_at: ts().defaultNow().notNull(),
  },
  (t) => [index('two_factor_challenges_expires_idx').on(t.expires_at)],
);

export const sessionVerifications = pgTable('session_verifications', {
  family_id: text().primaryKey(),
  user_id: userRef(),
  verified_at: ts().notNull(),
});
