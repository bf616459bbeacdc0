import type { APIRoute } from 'astro';
import { pixelScript } from '../../lib/server/measurement';

const JS = 'text/javascript; charset=utf-8';

/** GET /attribution/{pid}.js: a site's attribution script (cacheable; loaded by any site, so cross-origin). */
export const GET: APIRoute = async ({ params, request }) => {
  const pid = /^(.+)\.js$/.exec(params.script ?? '')?.[1];
  const script = pid ? await pixelScript(pid) : null;
  if (!script)
    return new Response('/* Cuepoint: unknown site id */\n', { status: 404, headers: { 'content-type': JS, 'cache-control': 'public, max-age=60' } });
  const headers = {
    'content-type': JS,
    'cache-control': 'public, max-age=3600',
    etag: script.etag,
    'cross-origin-resource-policy': 'cross-origin',
    'access-control-allow-origin': '*',
  };
  if (request.headers.get('if-none-match') === script.etag) return new Response(null, { status: 304, headers });
  return new Response(script.body, { headers });
};
