import type { APIRoute } from 'astro';
import { requireUser, exportAccountData } from '~/lib/server/users';

/** GET /api/user/export: the user's data as a JSON download. */
export const GET: APIRoute = async ({ locals }) => {
  const user = requireUser(locals);
  const data = await exportAccountData(user.id, locals.accessToken);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="cuepoint-data-${day}.json"`,
      'cache-control': 'no-store',
    },
  });
};
