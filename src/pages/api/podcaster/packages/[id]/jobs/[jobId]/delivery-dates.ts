import type { APIRoute } from 'astro';
import { idParam, json, parseBody } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { bookableDays, deliveryDateSchema, setDeliveryDate } from '~/lib/server/delivery';

/** GET …/delivery-dates: the days this job's ad can be booked on (its type's available slots) and its current date. */
export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireRole(locals, 'PODCASTER');
  return json({ data: await bookableDays(user.id, idParam(params.id), idParam(params.jobId)) });
};

/** POST /api/podcaster/packages/{id}/jobs/{jobId}/delivery-dates {publish_date}: books the ad's air date (422 with the reason when it cannot be). */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'PODCASTER');
  const { publish_date } = await parseBody(request, deliveryDateSchema);
  return json({ data: await setDeliveryDate(user.id, idParam(params.id), idParam(params.jobId), publish_date) });
};
