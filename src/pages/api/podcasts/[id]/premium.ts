import type { APIRoute } from 'astro';
import { forbidden, idParam, json } from '~/lib/server/http';
import { requireUser } from '~/lib/server/users';
import { setPremium, podcastDetail } from '~/lib/server/podcasts';

function editor(locals: App.Locals) {
  const user = requireUser(locals);
  if (!user.row.is_editor) throw forbidden();
  return user;
}

/** POST /api/podcasts/{id}/premium: marks the podcast premium (editors only). */
export const POST: APIRoute = async ({ locals, params }) => {
  editor(locals);
  return json({ data: await podcastDetail(await setPremium(idParam(params.id), true), null) });
};

/** DELETE /api/podcasts/{id}/premium: removes the premium mark (editors only). */
export const DELETE: APIRoute = async ({ locals, params }) => {
  editor(locals);
  return json({ data: await podcastDetail(await setPremium(idParam(params.id), false), null) });
};
