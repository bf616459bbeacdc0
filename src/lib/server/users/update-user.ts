/** PUT /api/users/{id}: a user edits their own name, address and password. */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '../db/client';
import { users } from '../db/schema';
import { fieldError } from '../http';
import { hashPassword, verifyPassword } from '../auth/passwords';

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

/** Applies the changes; a new password needs the current one. */
export async function updateUser(userId: number, input: UpdateUserInput): Promise<void> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw fieldError('id', 'The user does not exist.');
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.first_name !== undefined) changes.first_name = input.first_name;
  if (input.last_name !== undefined) changes.last_name = input.last_name;
  if (input.address !== undefined) changes.address = input.address;
  if (input.country !== undefined) changes.country = input.country?.toUpperCase() ?? null;
  if (input.password) {
    if (!input.current_password || !(await verifyPassword(user.password_hash, input.current_password)))
      throw fieldError('current_password', 'The password is incorrect.');
    changes.password_hash = await hashPassword(input.password);
  }
  if (Object.keys(changes).length) await db.update(users).set(changes).where(eq(users.id, userId));
}
