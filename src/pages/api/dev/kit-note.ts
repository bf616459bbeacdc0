import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseBody } from '../../../lib/server/http';
import { requireUser } from '../../../lib/server/users';
import { readKitNote, requireTestEnv, saveKitNote } from '../../../lib/server/podcasts';

const schema = z.object({ content: z.string().max(200_000) });

/** GET /api/dev/kit-note (APP_ENV=test only): the saved editor content. */
export const GET: APIRoute = async ({ locals }) => {
  requireTestEnv();
  return json({ data: { content: await readKitNote(requireUser(locals).id) } });
};

/** PUT /api/dev/kit-note (APP_ENV=test only) with `content`: stores it sanitised. */
export const PUT: APIRoute = async ({ request, locals }) => {
  requireTestEnv();
  const user = requireUser(locals);
  const { content } = await parseBody(request, schema);
  return json({ data: { content: await saveKitNote(user.id, content) } });
};
