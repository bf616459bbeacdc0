/**
 * The embedded test-mode provider's account pages: when no Stripe key (or no PayPal app) is
 * configured, the payout connect flow of /settings/payout-method and hosting onboarding sends the
 * browser here instead of Stripe Connect or PayPal. The page connects a test account and returns to
 * /webhooks/{stripe,paypal}-connect with a one-time code, which the server exchanges here exactly as
 * it would with the real provider (Stripe's /oauth/token; PayPal's token and userinfo calls).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { config } from '../config';
import { randomToken } from '../crypto';
import { getDb, testProviderAccounts } from '../db';
import { HttpError, notFound } from '../http';

export type TestProvider = 'stripe' | 'paypal';

/** True when the embedded provider stands in for this provider's account pages. */
export function testProviderActive(provider: TestProvider): boolean {
  const { payments } = config();
  return provider === 'stripe' ? payments.engine === 'embedded' : !payments.paypalPayouts;
}

/** Throws the 404 page/answer when the real provider is configured. */
export function assertTestProvider(provider: string | undefined): TestProvider {
  if ((provider !== 'stripe' && provider !== 'paypal') || !testProviderActive(provider)) throw notFound();
  return provider;
}

/** Only our own connect callbacks may receive a code. */
function checkedRedirect(provider: TestProvider, raw: string | null): string {
  const expected = `${config().appUrl}/webhooks/${provider}-connect`;
  if (raw !== expected) throw new HttpError(400, 'The redirect_uri is not registered for this test account page.');
  return raw;
}

export interface AuthorizeRequest {
  provider: TestProvider;
  redirectUri: string;
  state: string;
  email: string;
}

/** Reads the authorize query the product sent (the same parameters Stripe and PayPal take). */
export function authorizeRequest(provider: TestProvider, params: URLSearchParams): AuthorizeRequest {
  return {
    provider,
    redirectUri: checkedRedirect(provider, params.get('redirect_uri')),
    state: params.get('state') ?? '',
    email: params.get('stripe_user[email]') ?? params.get('email') ?? '',
  };
}

/** The user's answer on the page: a new test account and a code, or the provider's "access denied". Answers where the browser goes. */
export async function decideAuthorize(request: AuthorizeRequest, allow: boolean): Promise<string> {
  const back = new URL(request.redirectUri);
  back.searchParams.set('state', request.state);
  if (!allow) {
    back.searchParams.set('error', 'access_denied');
    back.searchParams.set('error_description', `The ${request.provider === 'stripe' ? 'Stripe' : 'PayPal'} connection was cancelled.`);
    return back.toString();
  }
  const db = await getDb();
  const code = `test_code_${randomToken(16)}`;
  const id =
    request.provider === 'stripe'
      ? `acct_test_${randomToken(8)}`
      : `TESTPAYER${randomToken(6)
          .toUpperCase()
          .replace(/[^A-Z0-9]/g, '7')}`;
  await db.insert(testProviderAccounts).values({ id, provider: request.provider, email: request.email || 'test-account@example.com', code });
  back.searchParams.set('code', code);
  return back.toString();
}

/** Exchanges a one-time code for its account (each code works once). */
export async function redeemCode(provider: TestProvider, code: string | null): Promise<string | null> {
  if (!code) return null;
  const db = await getDb();
  const [row] = await db
    .update(testProviderAccounts)
    .set({ code_used_at: new Date() })
    .where(and(eq(testProviderAccounts.provider, provider), eq(testProviderAccounts.code, code), isNull(testProviderAccounts.code_used_at)))
    .returning();
  return row?.id ?? null;
}

/** PayPal's userinfo call: the access token the token call handed out names the account. */
export async function paypalAccountOfToken(authorization: string | null): Promise<string | null> {
  const token = authorization?.replace(/^Bearer\s+/i, '') ?? '';
  if (!token.startsWith('test_access_')) return null;
  const db = await getDb();
  const [row] = await db
    .select({ id: testProviderAccounts.id })
    .from(testProviderAccounts)
    .where(and(eq(testProviderAccounts.provider, 'paypal'), eq(testProviderAccounts.id, token.slice('test_access_'.length))));
  return row?.id ?? null;
}
