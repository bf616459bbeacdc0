import type { APIRoute } from 'astro';
import { json } from '../../lib/server/http';
import { requireUser } from '../../lib/server/session/guards';
import { serializeUser } from '../../lib/server/users/session-user';

/** GET /api/user: the signed-in user. */
export const GET: APIRoute = ({ locals }) => json({ data: serializeUser(requireUser(locals)) });
