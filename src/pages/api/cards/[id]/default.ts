import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../lib/server/http';
import { requireRole } from '../../../../lib/server/users';
import { setDefaultCard } from '../../../../lib/server/payments';

/** PUT /api/cards/{id}/default: makes the card the default (users.default_card_id). */
export const PUT: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'BRAND');
  return json({ data: await setDefaultCard(user.id, idParam(params.id)) });
};
