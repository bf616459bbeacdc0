import type { APIRoute } from 'astro';
// The podcast domain's file-view rules (artwork for everyone signed in, stats reports for admins).
import '../../../lib/server/podcasts';
import { idParam } from '../../../lib/server/http';
import { fileViewer, findViewableFile, fileResponse } from '../../../lib/server/files';

/** GET /api/file/{id}: the file's bytes to users allowed to see it (byte ranges answer 206); ?download=1 as an attachment. */
export const GET: APIRoute = async ({ params, request, locals, cookies, url }) => {
  const user = await fileViewer(locals, cookies);
  const file = await findViewableFile(user, idParam(params.id));
  return fileResponse(file, request, { download: url.searchParams.get('download') === '1' });
};

export const HEAD = GET;
