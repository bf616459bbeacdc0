/** The 404 page with a 404 status, for a brand page about a record that is not the brand's. */
import type { AstroGlobal } from 'astro';

/** Renders /page404 in place with status 404. */
export async function notFoundPage(astro: AstroGlobal): Promise<Response> {
  const page = await astro.rewrite('/page404');
  return new Response(page.body, { status: 404, headers: page.headers });
}
