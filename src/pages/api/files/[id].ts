import type { APIRoute } from 'astro';
// The podcast domain's file-view rules (artwork for everyone signed in, stats reports for admins).
import '../../../lib/server/podcasts/file-view-rules';
import { idParam, json } from '../../../lib/server/http';
import { requireUser } from '../../../lib/server/session/guards';
import { findViewableFile } from '../../../lib/server/files/find-file';
import { fileResource } from '../../../lib/server/files/file-resource';

/** GET /api/files/{id}: the file record (duration, waveform, transcoding_status), for players waiting on processing. */
export const GET: APIRoute = async ({ params, locals }) => json({ data: fileResource(await findViewableFile(requireUser(locals), idParam(params.id))) });
