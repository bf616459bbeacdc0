import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseBody } from '../../../lib/server/http';
import { requireUser } from '../../../lib/server/users';
import { notificationSettings, updateNotificationSettings } from '../../../lib/server/notifications';

const schema = z
  .object({
    mail_messages: z.boolean().optional(),
    mail_proposals: z.boolean().optional(),
    mail_deliverables: z.boolean().optional(),
    mail_hires: z.boolean().optional(),
    mail_hosting: z.boolean().optional(),
  })
  .strict();

/** GET /api/notifications/settings: which notification mails the user gets. */
export const GET: APIRoute = async ({ locals }) => json({ data: await notificationSettings(requireUser(locals).id) });

/** PUT /api/notifications/settings: turns notification mails on or off ({mail_messages, mail_proposals, mail_deliverables, mail_hires, mail_hosting}). */
export const PUT: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  return json({ data: await updateNotificationSettings(user.id, await parseBody(request, schema)) });
};
