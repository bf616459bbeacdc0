import type { APIRoute } from 'astro';
// The podcast domain's file-view rules (artwork for everyone signed in, stats reports for admins).
import '../../../lib/server/podcasts';
import { idParam, json } from '../../../lib/server/http';
import { requireUser } from '../../../lib/server/users';
import { findViewableFile, fileResource } from '../../../lib/server/files';

/** GET /api/files/{id}: the file record (duration, waveform, transcoding_status), for players waiting on processing. */
export const GET: APIRoute = async ({ params, locals }) => json({ data: fileResource(await findViewableFile(requireUser(locals), idParam(params.id))) });
