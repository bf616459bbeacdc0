import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseBody } from '../../../lib/server/http';
import { advanceSessionClock, now, setTestClock } from '../../../lib/server/clock';
import { requireTestEnv } from '../../../lib/server/podcasts';

const body = z.union([z.object({ advance_seconds: z.number().int().min(1).max(86_400) }), z.object({ at: z.union([z.iso.datetime(), z.null()]) })]);

/**
 * POST /api/dev/clock (APP_ENV=test only). {advance_seconds}: moves the step-up clock forward, so a test
 * sees the 10-minute window close without waiting. {at}: sets the calendar clock (clock.ts now()) to an
 * ISO-8601 instant, or back to TEST_CLOCK with null, so a test runs the calendar rules under another day.
 */
export const POST: APIRoute = async ({ request }) => {
  requireTestEnv();
  const input = await parseBody(request, body);
  if ('advance_seconds' in input) return json({ data: { advanced_ms: advanceSessionClock(input.advance_seconds * 1000) } });
  setTestClock(input.at === null ? null : new Date(input.at));
  return json({ data: { now: now().toISOString() } });
};
