/**
 * The sign-in, sign-up and password forms posted the plain HTML way: before their island hydrated, or
 * with JavaScript off. Each runs the same domain function as the API behind the island and answers
 * either where to redirect or what to show again (the values typed, passwords excepted, and the errors).
 */
import type { AstroCookies } from 'astro';
import { config } from '../../config';
import { getDb } from '../../db';
import { HttpError, readBody, zodFieldErrors, type FieldErrors } from '../../http';
import { safeRedirect } from '../../../safe-redirect';
import { setSessionCookies } from '../session';
import { registerUser, validateRegistration } from '../register';
import { PASSWORD_LINK_SENT, passwordEmailSchema, passwordResetSchema, requestPasswordReset, resetPassword } from '../password-reset';
import { recordSessionDevice } from '../session-devices';
import { completeSignIn, signInWithPassword, type MfaRequired } from './sign-in';
import { recordVerificationOf } from './step-up';
import { issueTokens } from './tokens';

export interface FormState {
  status: number;
  /** What the person typed, to fill the form again (never a password). */
  values: Record<string, string>;
  errors: FieldErrors;
  /** A message for the whole form (an error, or a notice when `ok`). */
  message: string | null;
  ok?: boolean;
  /** The password was right: the second step of the sign-in is asked for. */
  mfa?: MfaRequired;
}

export type FormOutcome = { redirect: string } | FormState;

const PASSWORD_FIELDS = new Set(['password', 'password_confirmation', 'otp', 'recovery_code']);

async function formValues(request: Request): Promise<Record<string, string>> {
  const body = await readBody(request);
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') values[key] = value;
  return values;
}

function keptValues(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([k]) => !PASSWORD_FIELDS.has(k)));
}

/** Runs a form's action; a refused input becomes the state to render again. */
async function run(request: Request, action: (values: Record<string, string>) => Promise<FormOutcome>): Promise<FormOutcome> {
  let values: Record<string, string> = {};
  try {
    values = await formValues(request);
    return await action(values);
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    const hasFields = !!error.errors && Object.keys(error.errors).length > 0;
    const state: FormState = {
      status: error.status,
      values: keptValues(values),
      errors: error.errors ?? {},
      message: hasFields && error.status === 422 ? null : error.message,
    };
    // A wrong second factor shows the second step again, with the same token (until it expires).
    if (values.mfa_token && !error.errors?.mfa_token) state.mfa = { mfa_token: values.mfa_token, methods: parseMethods(values.methods) };
    return state;
  }
}

const parseMethods = (raw: string | undefined): MfaRequired['methods'] =>
  (raw ?? '').split(',').filter((m): m is MfaRequired['methods'][number] => m === 'totp' || m === 'webauthn' || m === 'recovery_code');

/**
 * POST /login: signs in and goes where the visitor was headed. With two-factor authentication on, the
 * right password shows the second step (a code or a recovery code; passkeys need the script), whose form
 * posts here again with the mfa_token.
 */
export function signInForm(request: Request, cookies: AstroCookies, ip: string, redirect: string | null): Promise<FormOutcome> {
  return run(request, async ({ email = '', password = '', mfa_token, otp, recovery_code }) => {
    const userAgent = request.headers.get('user-agent');
    if (mfa_token) {
      setSessionCookies(cookies, await completeSignIn({ mfaToken: mfa_token, proof: { otp, recovery_code }, ip, userAgent }));
      return { redirect: safeRedirect(redirect) };
    }
    if (!email.trim() || !password) return { status: 422, values: { email }, errors: {}, message: 'Enter your email and password.' };
    const outcome = await signInWithPassword({ email, password, ip, userAgent });
    if (outcome.mfa) return { status: 200, values: { email }, errors: {}, message: null, mfa: outcome.mfa };
    setSessionCookies(cookies, outcome.tokens);
    return { redirect: safeRedirect(redirect) };
  });
}

/** POST /sign-up/{data?}: creates the account, signs it in, and asks for the emailed code. */
export function signUpForm(request: Request, cookies: AstroCookies, ip: string): Promise<FormOutcome> {
  return run(request, async (values) => {
    const input = await validateRegistration({ ...values, company_name: values.type === 'BRAND' ? values.company_name : undefined }, ip);
    const userId = await registerUser(input, ip);
    const tokens = await issueTokens(await getDb(), { userId, clientId: config().oauth.clientId });
    await recordSessionDevice(tokens.access_token, { userAgent: request.headers.get('user-agent'), ip });
    await recordVerificationOf(tokens.access_token, userId);
    setSessionCookies(cookies, tokens);
    return { redirect: '/verify/email' };
  });
}

/** POST /password/reset: mails a reset link (the answer never says whether the address exists). */
export function forgotPasswordForm(request: Request, ip: string): Promise<FormOutcome> {
  return run(request, async (values) => {
    const parsed = passwordEmailSchema.safeParse(values);
    if (!parsed.success) return { status: 422, values: keptValues(values), errors: zodFieldErrors(parsed.error), message: null };
    await requestPasswordReset(parsed.data.email, ip);
    return { status: 200, values: {}, errors: {}, message: PASSWORD_LINK_SENT, ok: true };
  });
}

/** POST /password/reset/{token}: sets the new password, then sign-in. */
export function resetPasswordForm(request: Request, token: string): Promise<FormOutcome> {
  return run(request, async (values) => {
    const parsed = passwordResetSchema.safeParse({ ...values, token });
    if (!parsed.success) return { status: 422, values: keptValues(values), errors: zodFieldErrors(parsed.error), message: null };
    await resetPassword(parsed.data);
    return { redirect: '/login?reset=1' };
  });
}
