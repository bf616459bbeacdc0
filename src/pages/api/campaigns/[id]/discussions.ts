import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParam, json, parseBody } from '../../../../lib/server/http';
import { requireRole } from '../../../../lib/server/users';
import { campaignPackageDiscussions, postMessage } from '../../../../lib/server/workrooms';

const schema = z.object({
  content: z.string().trim().min(1).max(10_000),
  package_ids: z.array(z.number().int().positive()).max(500).optional(),
});

/** POST /api/campaigns/{id}/discussions: the brand's bulk message to every proposal's workroom (or the package_ids given). */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'BRAND');
  const id = idParam(params.id);
  const { content, package_ids } = await parseBody(request, schema);
  const discussions = await campaignPackageDiscussions(user, id, package_ids);
  const messages = [];
  for (const d of discussions) messages.push(await postMessage(user, d.id, { content }));
  return json({ data: { sent: messages.length, discussion_ids: discussions.map((d) => d.id), messages } }, 201);
};
