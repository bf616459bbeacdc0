/** PUT /api/users/{id}: a user edits their own name, address and password. */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, users } from '../db';
import { fieldError } from '../http';
import { changePassword } from './change-password';

export const updateUserSchema = z
  .object({
    first_name: z.string().trim().min(1).max(100).optional(),
    last_name: z.string().trim().min(1).max(100).optional(),
    address: z.string().trim().max(255).nullable().optional(),
    country: z.string().trim().max(2).nullable().optional(),
    current_password: z.string().max(200).optional(),
    password: z.string().min(8, 'The password field must be at least 8 characters.').max(200).optional(),
    password_confirmation: z.string().max(200).optional(),
  })
  .refine((v) => !v.password || v.password === v.password_confirmation, { path: ['password'], message: 'The password field confirmation does not match.' });
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** Applies the changes; a new password needs the current one (and signs out the other sessions). */
export async function updateUser(userId: number, input: UpdateUserInput, accessToken: string | null = null): Promise<void> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw fieldError('id', 'The user does not exist.');
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.first_name !== undefined) changes.first_name = input.first_name;
  if (input.last_name !== undefined) changes.last_name = input.last_name;
  if (input.address !== undefined) changes.address = input.address;
  if (input.country !== undefined) changes.country = input.country?.toUpperCase() ?? null;
  // The password first: a wrong current password changes nothing.
  if (input.password) {
    if (!input.current_password) throw fieldError('current_password', 'The password is incorrect.');
    await changePassword(
      userId,
      { current_password: input.current_password, password: input.password, password_confirmation: input.password_confirmation },
      accessToken,
    );
  }
  if (Object.keys(changes).length) await db.update(users).set(changes).where(eq(users.id, userId));
}
