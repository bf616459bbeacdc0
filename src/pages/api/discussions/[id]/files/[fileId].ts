import type { APIRoute } from 'astro';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { idParam, notFound } from '../../../../../lib/server/http';
import { requireUser } from '../../../../../lib/server/session/guards';
import { attachmentDir, viewableAttachment } from '../../../../../lib/server/workrooms/attachments';

/** GET /api/discussions/{id}/files/{fileId}: an attachment, for members of the discussion only (the cookie signs page links in). */
export const GET: APIRoute = async ({ locals, params, url }) => {
  const user = requireUser(locals);
  const file = await viewableAttachment(user.id, idParam(params.id), idParam(params.fileId));
  if (!file || !file.path.startsWith('workrooms/')) throw notFound();
  const path = join(attachmentDir(), file.path.slice('workrooms/'.length));
  if (!existsSync(path)) throw notFound();
  const inline = url.searchParams.get('download') !== '1';
  const safeName = file.original_name.replace(/["\\\r\n]/g, '_');
  return new Response(Readable.toWeb(createReadStream(path)) as ReadableStream, {
    headers: {
      'content-type': file.mime,
      'content-length': String(statSync(path).size),
      'content-disposition': `${inline ? 'inline' : 'attachment'}; filename="${safeName}"; filename*=UTF-8''${encodeURIComponent(file.original_name)}`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; media-src 'self'; img-src 'self'; style-src 'unsafe-inline'",
      'cache-control': 'private, max-age=3600',
    },
  });
};
