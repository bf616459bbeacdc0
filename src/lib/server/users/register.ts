/**
 * Sign-up for a brand or a podcaster; the verification code goes out at once. One address may create
 * SIGNUP_LIMIT accounts per window (10 an hour by default), so no script fills the database and the
 * outbox; two sign-ups racing for one email leave one account and a 422 for the other.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { config } from '../config';
import { randomToken } from '../crypto';
import { getDb, databaseInputError, brands, podcasters, users } from '../db';
import { fieldError, fieldErrors, zodFieldErrors } from '../http';
import { hashPassword, assertNotThrottled, hit, retryAfter, type Limit } from './auth';
import { sendVerification } from './email-verification';
import { renderMail, queueMail } from '../mail';

const EMAIL_TAKEN = 'The email has already been taken.';
const signupLimit = (ip: string): Limit => ({ key: `signup:${ip}`, ...config().signupLimit });

export const registerSchema = z.object({
  type: z.enum(['BRAND', 'PODCASTER'], { message: 'Choose whether you are a brand or a podcaster.' }),
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  email: z.string().trim().toLowerCase().max(255).pipe(z.email()),
  password: z.string().min(8, 'The password field must be at least 8 characters.').max(200),
  company_name: z.string().trim().max(150).optional(),
  source: z.string().trim().max(100).optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

async function emailTaken(email: string): Promise<boolean> {
  const db = await getDb();
  const [taken] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`);
  return !!taken;
}

/**
 * Someone tried to sign up with an address that has an account. The answer says so (the spec's sign-up
 * signs the new account in at once, so it cannot pretend to succeed: see SECURITY.md), but one address may ask
 * about taken addresses 20 times an hour, and the owner is mailed, at most once an hour.
 */
async function noteTakenEmail(email: string, ip: string): Promise<void> {
  const probes: Limit = { key: `signup-taken:${ip}`, max: 20, windowSeconds: 3600 };
  await assertNotThrottled([probes], 'Too many sign-up attempts from your address. Please try again');
  await hit(probes);
  const notice: Limit = { key: `signup-taken-mail:${email}`, max: 1, windowSeconds: 3600 };
  if ((await retryAfter(notice)) > 0) return;
  await hit(notice);
  const { appUrl, supportEmail } = config();
  await queueMail(
    renderMail({
      to: email,
      subject: 'Someone tried to sign up to Cuepoint with your email',
      greeting: 'Hi there,',
      lines: [
        'Someone just tried to create a Cuepoint account with this email address. You already have one, so nothing was created.',
        'If it was you, sign in instead; if you forgot your password, reset it from the sign-in page.',
      ],
      action: { label: 'Sign in to Cuepoint', url: `${appUrl}/login` },
      footer: `If it was not you, you can ignore this email: your account is unchanged. Questions? Write to ${supportEmail}.`,
    }),
  );
}

/** Validates a sign-up in one pass, the taken-email rule included, so every field error shows at once. */
export async function validateRegistration(body: Record<string, unknown>, ip?: string): Promise<RegisterInput> {
  const result = registerSchema.safeParse(body);
  const errors = result.success ? {} : zodFieldErrors(result.error);
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  if (email && !errors.email && (await emailTaken(email))) {
    if (ip !== undefined) await noteTakenEmail(email, ip);
    errors.email = [EMAIL_TAKEN];
  }
  if (!result.success || Object.keys(errors).length) throw fieldErrors(errors);
  return result.data;
}

/** Creates the user with their brand or podcaster record and mails the verification code; `ip` is throttled. */
export async function registerUser(input: RegisterInput, ip: string): Promise<number> {
  const limit = signupLimit(ip);
  await assertNotThrottled([limit], 'Too many accounts were created from your address. Please try again');
  if (await emailTaken(input.email)) throw fieldError('email', EMAIL_TAKEN);
  const passwordHash = await hashPassword(input.password);
  const userId = await createUser(input, passwordHash).catch((error: unknown) => {
    // The unique index on lower(email) decides a race between two sign-ups with one address.
    if (databaseInputError(error)?.field === 'email') throw fieldError('email', EMAIL_TAKEN);
    throw error;
  });
  await hit(limit);
  await sendVerification(userId);
  return userId;
}

async function createUser(input: RegisterInput, passwordHash: string): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        encrypted_id: randomToken(18),
        email: input.email,
        first_name: input.first_name,
        last_name: input.last_name,
        type: input.type,
        password_hash: passwordHash,
      })
      .returning({ id: users.id });
    if (input.type === 'BRAND') {
      await tx.insert(brands).values({ user_id: user!.id, name: input.company_name || `${input.first_name} ${input.last_name}` });
    } else {
      await tx.insert(podcasters).values({ user_id: user!.id, source: input.source ?? null });
    }
    return user!.id;
  });
}
