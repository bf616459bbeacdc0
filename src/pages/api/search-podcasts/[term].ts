import type { APIRoute } from 'astro';
import { json } from '~/lib/server/http';
import { searchPodcasts } from '~/lib/server/podcasts';

/** GET /api/search-podcasts/{term}: shows in Cuepoint's catalogue whose title or feed matches (no sign-in needed). */
export const GET: APIRoute = async ({ params }) => json({ data: await searchPodcasts(params.term ?? '') });
