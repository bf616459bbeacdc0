/**
 * The measurement prefix: `GET /e/{podcast hash}/{enclosure URL without https://}` (or with `http://`,
 * `https://`) logs the request and answers 302 to the original audio. An unknown podcast is a 404 and a
 * path that is not an audio address a 400, so the prefix never redirects anywhere for anyone else.
 */
import { config } from '../config';
import { audioKey, unwrapPrefixPath } from './audio-url';
import { logRequest, podcastIdOf } from './request-log';

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

/** Answers a request to /e/{hash}/…, logging it when it redirects. */
export async function prefixRedirect(request: Request, address: string): Promise<Response> {
  const url = new URL(request.url);
  const m = /^\/e\/([A-Za-z0-9_-]{4,64})\/(.*)$/.exec(url.pathname);
  if (!m) return text(404, 'Not Found');
  const podcastId = await podcastIdOf(m[1]!);
  if (!podcastId) return text(404, 'No podcast is measured with this prefix.');
  const target = unwrapPrefixPath(m[2]!, url.search);
  const ownHost = new URL(config().appUrl).host;
  if (!target || (target.host.toLowerCase() === ownHost.toLowerCase() && target.pathname.startsWith('/e/'))) {
    return text(400, 'The prefix must be followed by the address of an audio file, such as /e/{podcast}/example.com/episode.mp3.');
  }
  const key = audioKey(target.href, ownHost);
  if (key) await logRequest({ request, podcastId, source: 'prefix', audioKey: key, status: 302, address });
  return new Response(null, {
    status: 302,
    headers: { location: target.href, 'cache-control': 'private, no-store', 'referrer-policy': 'no-referrer' },
  });
}
