import type { APIRoute } from 'astro';
import { json } from '../../../lib/server/http';
import { requireUser } from '../../../lib/server/users';
import { receiveUpload, fileResource } from '../../../lib/server/files';

/**
 * POST /api/files: multipart field `file`, whole or one chunk (Content-Range + X-Upload-Id, see
 * receive-upload.ts). A chunk answers 202 `{ upload }`; the finished file 201 `{ data: file }`.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const outcome = await receiveUpload(requireUser(locals), request);
  return outcome.done ? json({ data: fileResource(outcome.file) }, 201) : json({ upload: outcome.upload }, 202);
};
