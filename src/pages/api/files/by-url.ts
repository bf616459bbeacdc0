import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseBody } from '../../../lib/server/http';
import { requireUser } from '../../../lib/server/users';
import { createFileFromUrl, fileResource } from '../../../lib/server/files';

const schema = z.object({ url: z.string().trim().min(1).max(2048) });

/**
 * POST /api/files/by-url with JSON `url`: the file fetched through the guarded fetcher. The editor reads
 * `data.data.id` (core §7); the answer is the file resource, which also carries `data: { id, url, mime }`
 * so both `body.data.id` and `body.data.data.id` hold the id.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const user = requireUser(locals);
  const { url } = await parseBody(request, schema);
  const file = fileResource(await createFileFromUrl(user, url));
  return json({ data: { ...file, data: { id: file.id, url: file.url, mime: file.mime } } }, 201);
};
