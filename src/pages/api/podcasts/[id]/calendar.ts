import type { APIRoute } from 'astro';
import { idParam, json, parseBody } from '~/lib/server/http';
import { requireRole } from '~/lib/server/users';
import { saveSchedule, scheduleSchema, podcastCalendar } from '~/lib/server/podcasts';
import { readSchedule } from '~/lib/slots';

/** POST /api/podcasts/{id}/calendar {days, frequency, start_from}: saves the schedule; answers it with the derived slots. */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireRole(locals, 'PODCASTER');
  const podcast = await saveSchedule(user.id, idParam(params.id), await parseBody(request, scheduleSchema));
  return json({ data: { schedule_settings: readSchedule(podcast.schedule_settings), slots: await podcastCalendar(podcast) } });
};
