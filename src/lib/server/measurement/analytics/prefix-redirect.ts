/**
 * The measurement prefix: `GET /e/{podcast hash}/{enclosure URL without https://}` (or with `http://`,
 * `https://`) logs the request and answers 302 to the original audio, for every address that may be
 * audio on a public host: the prefix never breaks a show. Whether the request is one of the show's
 * downloads is the counter's decision (only enclosures of the show's feed are: feed-enclosures.ts).
 * Refused with 400, not logged and not redirected: anything that is not an http(s) file address, a page,
 * image, script or document (by its extension), our own prefix, and private, loopback, link-local or
 * metadata targets (the guarded fetcher's address rules). An unknown podcast is a 404.
 */
import { config } from '../../config';
import { literalAddressRefusal } from '../../fetch';
import { audioKey, isNotAudioPath, unwrapPrefixPath } from '../../../rules/audio-url';
import { logRequest, podcastIdOf } from './request-log';

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

const NOT_AUDIO = 'The prefix must be followed by the address of an audio file, such as /e/{podcast}/example.com/episode.mp3.';

/** Why a target is refused (400), or null when it is redirected. */
export function prefixRefusal(target: URL | null, ownHost: string, allowHosts: readonly string[] = config().fetchAllowHosts): string | null {
  if (!target || (target.host.toLowerCase() === ownHost.toLowerCase() && target.pathname.startsWith('/e/'))) return NOT_AUDIO;
  if (isNotAudioPath(target)) return `${NOT_AUDIO} This address is not an audio file.`;
  if (literalAddressRefusal(target, allowHosts)) return 'The prefix only redirects to audio on a public host; this address is on a private network.';
  return null;
}

/** Answers a request to /e/{hash}/…, logging it when it redirects. */
export async function prefixRedirect(request: Request, address: string): Promise<Response> {
  const url = new URL(request.url);
  const m = /^\/e\/([A-Za-z0-9_-]{4,64})\/(.*)$/.exec(url.pathname);
  if (!m) return text(404, 'Not Found');
  const podcastId = await podcastIdOf(m[1]!);
  if (!podcastId) return text(404, 'No podcast is measured with this prefix.');
  const target = unwrapPrefixPath(m[2]!, url.search);
  const ownHost = new URL(config().appUrl).host;
  const refusal = prefixRefusal(target, ownHost);
  if (refusal || !target) return text(400, refusal ?? NOT_AUDIO);
  const key = audioKey(target.href, ownHost);
  if (key) await logRequest({ request, podcastId, source: 'prefix', audioKey: key, status: 302, address });
  return new Response(null, {
    status: 302,
    headers: { location: target.href, 'cache-control': 'private, no-store', 'referrer-policy': 'no-referrer' },
  });
}
