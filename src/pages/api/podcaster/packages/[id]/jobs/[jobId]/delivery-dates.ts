import type { APIRoute } from 'astro';
import { idParam, json, parseBody } from '~/lib/server/http';
import { requireRole } from '~/lib/server/session/guards';
import { deliveryDateSchema, setDeliveryDate } from '~/lib/server/proposals/package-jobs';

/** POST /api/podcaster/packages/{id}/jobs/{jobId}/delivery-dates {publish_date}: sets when the ad goes out. */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'PODCASTER');
  const { publish_date } = await parseBody(request, deliveryDateSchema);
  return json({ data: await setDeliveryDate(user.id, idParam(params.id), idParam(params.jobId), publish_date) });
};
