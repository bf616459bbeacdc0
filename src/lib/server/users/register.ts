/** Sign-up for a brand or a podcaster; the verification code goes out at once. */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { randomToken } from '../crypto';
import { getDb } from '../db/client';
import { brands, podcasters, users } from '../db/schema';
import { fieldError, fieldErrors, zodFieldErrors } from '../http';
import { hashPassword } from '../auth/passwords';
import { sendVerification } from './email-verification';

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

/** Validates a sign-up in one pass, the taken-email rule included, so every field error shows at once. */
export async function validateRegistration(body: Record<string, unknown>): Promise<RegisterInput> {
  const result = registerSchema.safeParse(body);
  const errors = result.success ? {} : zodFieldErrors(result.error);
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  if (email && !errors.email && (await emailTaken(email))) errors.email = ['The email has already been taken.'];
  if (!result.success || Object.keys(errors).length) throw fieldErrors(errors);
  return result.data;
}

/** Creates the user with their brand or podcaster record and mails the verification code. */
export async function registerUser(input: RegisterInput): Promise<number> {
  const db = await getDb();
  if (await emailTaken(input.email)) throw fieldError('email', 'The email has already been taken.');
  const passwordHash = await hashPassword(input.password);
  const userId = await db.transaction(async (tx) => {
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
  await sendVerification(userId);
  return userId;
}
