import type { APIRoute } from 'astro';
import { json } from '~/lib/server/http';
import { searchPodcastById } from '~/lib/server/podcasts';

/** GET /api/search-podcasts/id/{id}: one catalogue result, with its feed address to add. */
export const GET: APIRoute = async ({ params }) => json({ data: await searchPodcastById(params.id ?? '') });
