/**
 * Payout connection of hosting onboarding (hosting spec §2, §7, §9): Stripe for users in the US,
 * PayPal elsewhere. The browser goes to the provider's authorize page with a `state` of the signed,
 * encoded JSON {encrypted_id, path}; the provider sends it back to /webhooks/{stripe,paypal}-connect
 * with a code, which is exchanged for the account id and stored in users.payouts_connect.
 */
import { setPayoutsConnect } from '../users';
import { eq } from 'drizzle-orm';
import { config } from '../config';
import { readSignedPayload, signPayload } from '../crypto';
import { getDb, users } from '../db';

export type PayoutProvider = 'stripe' | 'paypal';
export const PAYOUT_SUCCESS_COOKIE = 'payouts_connect_success';
export const PAYOUT_ERROR_COOKIE = 'payouts_connect_error';

/** Stripe for the US, PayPal outside the US. */
export function payoutProviderFor(country: string | null | undefined): PayoutProvider {
  const c = (country ?? '').trim().toUpperCase();
  return c === 'US' || c === 'USA' || c === 'UNITED STATES' ? 'stripe' : 'paypal';
}

export interface ConnectState {
  encrypted_id: string;
  path: string;
}

/** The state parameter: encoded JSON of the user's encrypted id and the route to come back to, signed. */
export function encodeState(state: ConnectState): string {
  return signPayload(state);
}

/** Reads a returned state; null when tampered with. */
export function decodeState(raw: string | null): ConnectState | null {
  if (!raw) return null;
  const s = readSignedPayload<Partial<ConnectState>>(raw);
  if (!s || typeof s.encrypted_id !== 'string' || typeof s.path !== 'string') return null;
  return { encrypted_id: s.encrypted_id, path: safePath(s.path) };
}

/** Only same-site paths come back from the provider. */
export function safePath(path: string): string {
  return path.startsWith('/') && !path.startsWith('//') ? path : '/hosting/dashboard';
}

/** The provider's authorize URL for this user. */
export function authorizeUrl(provider: PayoutProvider, user: { email: string; encrypted_id: string }, path: string): string {
  const c = config();
  const state = encodeState({ encrypted_id: user.encrypted_id, path: safePath(path) });
  if (provider === 'stripe') {
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: c.payouts.stripe.clientId,
      scope: 'read_write',
      'stripe_user[email]': user.email,
      redirect_uri: `${c.appUrl}/webhooks/stripe-connect`,
      service_agreement: 'recipient',
      state,
    });
    return `${c.payouts.stripe.connectBaseUrl}/express/oauth/authorize?${q}`;
  }
  const q = new URLSearchParams({
    flowEntry: 'static',
    client_id: c.payouts.paypal.clientId,
    response_type: 'code',
    scope: 'openid email https://uri.paypal.com/services/paypalattributes address',
    redirect_uri: `${c.appUrl}/webhooks/paypal-connect`,
    state,
  });
  return `${c.payouts.paypal.baseUrl}/connect?${q}`;
}

/** Exchanges a Stripe authorization code for the connected account id. */
async function exchangeStripe(code: string): Promise<string> {
  const c = config().payouts.stripe;
  const res = await fetch(`${c.connectBaseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${c.secretKey}` },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, client_secret: c.secretKey }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await res.json().catch(() => ({}))) as { stripe_user_id?: string; error_description?: string };
  if (!res.ok || !body.stripe_user_id) throw new Error(body.error_description ?? 'Stripe did not accept the connection. Please try again.');
  return body.stripe_user_id;
}

/** Exchanges a PayPal authorization code for the account's payer id. */
async function exchangePaypal(code: string): Promise<string> {
  const c = config().payouts.paypal;
  const basic = Buffer.from(`${c.clientId}:${c.secret}`).toString('base64');
  const tokenRes = await fetch(`${c.apiBaseUrl}/v1/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
    body: new URLSearchParams({ grant_type: 'authorization_code', code }),
    signal: AbortSignal.timeout(15_000),
  });
  const token = (await tokenRes.json().catch(() => ({}))) as { access_token?: string; error_description?: string };
  if (!tokenRes.ok || !token.access_token) throw new Error(token.error_description ?? 'PayPal did not accept the connection. Please try again.');
  const infoRes = await fetch(`${c.apiBaseUrl}/v1/identity/oauth2/userinfo?schema=paypalv1.1`, {
    headers: { authorization: `Bearer ${token.access_token}` },
    signal: AbortSignal.timeout(15_000),
  });
  const info = (await infoRes.json().catch(() => ({}))) as { payer_id?: string; user_id?: string };
  const id = info.payer_id ?? info.user_id;
  if (!infoRes.ok || !id) throw new Error('PayPal did not share the account details. Please try again.');
  return id;
}

/**
 * Completes a connection from the provider's return: answers where to send the browser and the
 * cookie to set (success, or the error text the screen shows in an error block).
 */
export async function completeConnect(
  provider: PayoutProvider,
  query: { code: string | null; state: string | null; error: string | null; error_description: string | null },
): Promise<{ path: string; ok: boolean; message: string }> {
  const state = decodeState(query.state);
  if (!state) return { path: '/hosting/dashboard', ok: false, message: 'The payout connection could not be verified. Please try again.' };
  const name = provider === 'stripe' ? 'Stripe' : 'PayPal';
  if (query.error || !query.code) return { path: state.path, ok: false, message: query.error_description ?? `The ${name} connection was cancelled.` };
  const db = await getDb();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.encrypted_id, state.encrypted_id));
  if (!user) return { path: state.path, ok: false, message: 'The payout connection could not be verified. Please try again.' };
  try {
    const accountId = provider === 'stripe' ? await exchangeStripe(query.code) : await exchangePaypal(query.code);
    await setPayoutsConnect(db, user.id, { provider, account_id: accountId, connected_at: new Date().toISOString() });
    return { path: state.path, ok: true, message: `${name} is connected. Payouts will go to this account.` };
  } catch (error) {
    return { path: state.path, ok: false, message: error instanceof Error ? error.message : `${name} could not be connected. Please try again.` };
  }
}
