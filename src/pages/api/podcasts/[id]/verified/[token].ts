import type { APIRoute } from 'astro';
import { config } from '../../../../../lib/server/config';
import { json } from '../../../../../lib/server/http';
import { BAD_LINK_MESSAGE, confirmPodcastVerification } from '../../../../../lib/server/podcasts';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A readable page for someone who opened a mailed link that is no good. */
function badLinkPage(): Response {
  const settings = `${config().appUrl}/settings/manage-podcasts#podcasts`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Verification link not valid · Cuepoint</title></head>
<body style="margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f4f7;color:#1f2937">
<main style="max-width:520px;margin:64px auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:22px;margin-top:0">This link cannot verify your podcast</h1>
<p>${escape(BAD_LINK_MESSAGE)}</p>
<p><a href="${escape(settings)}" style="color:#4338ca">Go to your podcast settings</a></p>
</main></body></html>`;
  return new Response(html, { status: 422, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}

/** GET /api/podcasts/{id}/verified/{token}: the link mailed to the feed's owner; no sign-in needed. */
export const GET: APIRoute = async ({ params, request }) => {
  const id = params.id && /^\d{1,10}$/.test(params.id) ? Number(params.id) : null;
  const token = params.token ?? '';
  const result = id && token.length <= 2000 ? await confirmPodcastVerification(id, token) : null;
  // A person opening the mailed link reads a page; an API client asking for JSON gets the API's JSON.
  const accept = request?.headers.get('accept') ?? '';
  if (!result) return accept.includes('application/json') && !accept.includes('text/html') ? json({ message: BAD_LINK_MESSAGE }, 422) : badLinkPage();
  return new Response(null, { status: 302, headers: { location: result.redirectTo, 'cache-control': 'no-store' } });
};
