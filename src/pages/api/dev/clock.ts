import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseBody } from '../../../lib/server/http';
import { advanceSessionClock } from '../../../lib/server/clock';
import { requireTestEnv } from '../../../lib/server/content/kit-notes';

/** POST /api/dev/clock {advance_seconds} (APP_ENV=test only): moves the step-up clock forward, so a test sees the 10-minute window close without waiting. */
export const POST: APIRoute = async ({ request }) => {
  requireTestEnv();
  const { advance_seconds } = await parseBody(request, z.object({ advance_seconds: z.number().int().min(1).max(86_400) }));
  return json({ data: { advanced_ms: advanceSessionClock(advance_seconds * 1000) } });
};
