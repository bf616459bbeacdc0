import type { APIRoute } from 'astro';
import { idParam, json } from '../../../../../lib/server/http';
import { requireRole } from '../../../../../lib/server/users';
import { submitDeliverable, readMessageInput } from '../../../../../lib/server/workrooms';

/** POST /api/podcaster/jobs/{id}/deliverables: the podcaster submits the ad (multipart files[] or content_files_ids, and content) for the brand's review. */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'PODCASTER');
  const id = idParam(params.id);
  const input = await readMessageInput(request);
  const { deliverable, message } = await submitDeliverable(user, id, input);
  return json({ data: { ...deliverable, created_at: deliverable.created_at.toISOString(), updated_at: deliverable.updated_at.toISOString(), message } }, 201);
};
