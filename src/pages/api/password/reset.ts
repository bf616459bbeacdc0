import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseBody } from '../../../lib/server/http';
import { resetPassword } from '../../../lib/server/users/password-reset';

const schema = z
  .object({
    token: z.string().min(1).max(200),
    email: z.string().trim().toLowerCase().max(255).pipe(z.email()),
    password: z.string().min(8, 'The password field must be at least 8 characters.').max(200),
    password_confirmation: z.string().max(200),
  })
  .refine((v) => v.password === v.password_confirmation, { path: ['password'], message: 'The password field confirmation does not match.' });

/** POST /api/password/reset: sets a new password with the mailed token. */
export const POST: APIRoute = async ({ request }) => {
  await resetPassword(await parseBody(request, schema));
  return json({ message: 'Your password has been reset. Sign in with your new password.' });
};
