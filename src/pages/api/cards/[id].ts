import type { APIRoute } from 'astro';
import { idParam, json } from '../../../lib/server/http';
import { requireRole } from '../../../lib/server/users';
import { deleteCard } from '../../../lib/server/payments';

/** DELETE /api/cards/{id}: removes one of the brand's cards (another user's card is a 404). */
export const DELETE: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'BRAND');
  await deleteCard(user.id, idParam(params.id));
  return json(null, 204);
};
