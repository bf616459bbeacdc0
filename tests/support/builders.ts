/** Test data builders: they insert real rows (through the server's own database handle) and return them. */
import { eq } from 'drizzle-orm';
import { getDb } from '../../src/lib/server/db/client';
import { brands, categories, hostedPodcasts, podcasters, podcasts, twoFactorTotp, users } from '../../src/lib/server/db/schema';
import { hashPassword } from '../../src/lib/server/users/auth/passwords';
import { encryptSecret, randomToken } from '../../src/lib/server/crypto';
import { nextTotpCode, TEST_TOTP_SECRET } from './two-factor';
import { call } from './http';
import { testServer } from './test-server';

export const PASSWORD = 'correct horse battery';
let passwordHash: Promise<string> | null = null;
let counter = 0;

export interface SeededUser {
  id: number;
  email: string;
  password: string;
  token: string;
  refresh: string;
  /** A Cookie header that signs a page request in. */
  cookie: string;
}

export interface UserOptions {
  type?: 'BRAND' | 'PODCASTER' | 'ADMIN';
  verified?: boolean;
  completed?: boolean;
  hosted?: boolean;
  email?: string;
  name?: string;
  /** Admins only: false seeds one without a second factor (it may only enrol). */
  twoFactor?: boolean;
}

/** Accounts with an authenticator app the tests know the secret of (seeded admins, or set up by a test). */
export const totpSecrets = new Map<string, string>();

/**
 * Signs in with the password grant and answers the tokens; an account whose authenticator secret the
 * tests know answers the second step (mfa_required) with its next code.
 */
export async function signIn(email: string, password = PASSWORD): Promise<{ token: string; refresh: string; cookie: string }> {
  await testServer();
  const grant = { grant_type: 'password', client_id: 'cuepoint-web', client_secret: 'cuepoint-web-client-secret', username: email, password, scope: '' };
  let res = await call('POST', '/oauth/token', { body: grant });
  const secret = totpSecrets.get(email.toLowerCase());
  if (res.status === 400 && res.body?.error === 'mfa_required' && secret)
    res = await call('POST', '/oauth/token', { body: { ...grant, mfa_token: res.body.mfa_token, otp: await nextTotpCode(secret, email.toLowerCase()) } });
  if (res.status !== 200) throw new Error(`sign-in failed for ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  const { access_token, refresh_token, expires_in } = res.body;
  const cookie = `access_token=${access_token}; refresh_token=${refresh_token}; token_expires_at=${Date.now() + expires_in * 1000}`;
  return { token: access_token, refresh: refresh_token, cookie };
}

/** A user of the given role, verified and complete unless told otherwise, signed in. */
export async function seedUser(options: UserOptions = {}): Promise<SeededUser> {
  await testServer();
  const db = await getDb();
  passwordHash ??= hashPassword(PASSWORD);
  const type = options.type ?? 'BRAND';
  const n = ++counter;
  const email = options.email ?? `${type.toLowerCase()}-${n}-${randomToken(4).toLowerCase()}@example.com`;
  const [user] = await db
    .insert(users)
    .values({
      encrypted_id: randomToken(18),
      email,
      first_name: options.name ?? `Test${n}`,
      last_name: type === 'BRAND' ? 'Brand' : 'Podcaster',
      type,
      password_hash: await passwordHash,
      email_verified_at: options.verified === false ? null : new Date(),
      is_editor: type === 'ADMIN',
    })
    .returning();
  if (type === 'BRAND') await db.insert(brands).values({ user_id: user!.id, name: `Brand ${n}` });
  // Admins cannot act without a second factor: seeded ones have an authenticator app the tests know.
  if (type === 'ADMIN' && options.twoFactor !== false) {
    await db.insert(twoFactorTotp).values({ user_id: user!.id, secret: encryptSecret(TEST_TOTP_SECRET), confirmed_at: new Date() });
    await db.update(users).set({ two_factor_enabled_at: new Date() }).where(eq(users.id, user!.id));
    totpSecrets.set(email.toLowerCase(), TEST_TOTP_SECRET);
  }
  if (type === 'PODCASTER') {
    await db.insert(podcasters).values({ user_id: user!.id, is_completed: options.completed ?? true });
    if (options.hosted) await seedPodcast(user!.id, { hosted: true });
  }
  return { id: user!.id, email, password: PASSWORD, ...(await signIn(email)) };
}

/** A podcast of the user, optionally hosted (migration pending). */
export async function seedPodcast(userId: number, options: { hosted?: boolean; title?: string; url?: string; verified?: boolean } = {}) {
  const db = await getDb();
  const [category] = await db.select().from(categories).where(eq(categories.title, 'Technology'));
  const [podcast] = await db
    .insert(podcasts)
    .values({
      hash_id: randomToken(8),
      user_id: userId,
      title: options.title ?? 'Test Show',
      url: options.url ?? 'https://feeds.example.com/test.rss',
      category_id: category?.id ?? null,
      verified_at: options.verified === false ? null : new Date(),
    })
    .returning();
  const hosted = options.hosted ? (await db.insert(hostedPodcasts).values({ podcast_id: podcast!.id, original_url: podcast!.url }).returning())[0] : null;
  return { podcast: podcast!, hosted };
}
