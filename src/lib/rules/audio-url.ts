/**
 * Audio addresses as the counter compares them: the measurement prefix `/e/{podcast hash}/{URL}` and
 * the prefixes of other measurement services are peeled off, and what is left (host, path, query) is
 * the audio's key, so a request through any chain of prefixes finds the episode whose enclosure it is.
 */

/** The prefix path of a podcast: `/e/{hash}/`. */
export const prefixPath = (podcastHash: string) => `/e/${podcastHash}/`;

/** The measurement prefix a show puts in front of its enclosure URLs. */
export function measurementPrefix(appUrl: string, podcastHash: string): string {
  return `${appUrl.replace(/\/$/, '')}${prefixPath(podcastHash)}`;
}

const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$|^\d{1,3}(?:\.\d{1,3}){3}$|^\[[0-9a-f:.]+\]$|^localhost$/i;

/**
 * The original URL wrapped by a prefix path: `rest` is what follows `/e/{hash}/` (still encoded),
 * `host/path` (https is meant) or `http(s)://host/path`. Null when it is not an http(s) URL of a file.
 */
export function unwrapPrefixPath(rest: string, search = ''): URL | null {
  if (!rest || rest.length > 2000 || /[\s\\]/.test(rest)) return null;
  const scheme = /^(https?):\/{1,2}/i.exec(rest);
  const protocol = scheme ? scheme[1]!.toLowerCase() : 'https';
  const afterScheme = scheme ? rest.slice(scheme[0].length) : rest;
  const slash = afterScheme.indexOf('/');
  if (slash <= 0 || slash === afterScheme.length - 1) return null;
  const hostPort = afterScheme.slice(0, slash);
  const [host, port, extra] = hostPort.startsWith('[') ? [hostPort.slice(0, hostPort.indexOf(']') + 1), hostPort.split(']:')[1]] : hostPort.split(':');
  if (extra !== undefined || !host || !HOST.test(host) || (port !== undefined && !/^\d{1,5}$/.test(port))) return null;
  try {
    const url = new URL(`${protocol}://${afterScheme}${search}`);
    if (url.username || url.password) return null;
    return url;
  } catch {
    return null;
  }
}

/** Extensions of files that are never a podcast's audio or video (pages, images, scripts, documents, text tracks). */
const NOT_AUDIO = new Set(
  (
    'html htm xhtml php asp aspx jsp cgi pl png jpg jpeg gif webp svg ico bmp tif tiff avif heic css js mjs json xml rss atom txt csv pdf ' +
    'zip gz tgz tar rar 7z exe dmg apk msi bin iso doc docx xls xlsx ppt pptx odt rtf woff woff2 ttf otf eot map md yml yaml ini env sh bat sql db log srt vtt'
  ).split(' '),
);

/**
 * True when an address is not a file a podcast app plays: a path that ends in a folder (`/`) or whose
 * file has the extension of a page, an image, a script, a document or a text track. Anything else may
 * be audio (many hosts serve it without an extension) and is redirected.
 */
export function isNotAudioPath(url: URL): boolean {
  if (url.pathname.endsWith('/')) return true;
  const file = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(file)?.[1]?.toLowerCase();
  return ext !== undefined && NOT_AUDIO.has(ext);
}

/** Prefixes of other measurement services (each answers a redirect to what follows it). */
const OTHER_PREFIXES: RegExp[] = [
  /^op3\.dev\/e(?:,[^/]*)?\/(.+)$/i,
  /^(?:dts\.)?podtrac\.com\/(?:pts\/)?redirect\.[a-z0-9]+\/(.+)$/i,
  /^(?:chrt\.fm|chtbl\.com)\/track\/[^/]+\/(.+)$/i,
  /^pdst\.fm\/e\/(.+)$/i,
  /^(?:verifi\.podscribe\.com\/rss\/p|pscrb\.fm\/rss\/p)\/(.+)$/i,
  /^prfx\.byspotify\.com\/e\/(.+)$/i,
  /^media\.blubrry\.com\/[^/]+\/(.+)$/i,
  /^arttrk\.com\/p\/[^/]+\/(.+)$/i,
  /^mgln\.ai\/e\/[^/]+\/(.+)$/i,
];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Removes our prefix (on `ownHost`) and other services' prefixes from a `host/path?query` string, repeatedly. */
function peel(hostPath: string, ownHost: string): string {
  const oursPattern = new RegExp(`^${escapeRegExp(ownHost.toLowerCase())}/e/[A-Za-z0-9_-]{4,64}/(.+)$`);
  let current = hostPath;
  for (let i = 0; i < 8; i++) {
    const ours = oursPattern.exec(current);
    const other = OTHER_PREFIXES.map((p) => p.exec(current)).find(Boolean);
    const next = (other ?? ours)?.[1];
    if (!next) return current;
    current = next.replace(/^https?:\/{1,2}/i, '');
  }
  return current;
}

/**
 * The key of an audio URL: host (lower case, no default port) + path + query of its final destination,
 * `ownHost` being the host of our own prefix. Null for anything that is not an http(s) URL.
 */
export function audioKey(raw: string | null | undefined, ownHost: string): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return peel(`${url.host.toLowerCase()}${url.pathname}${url.search}`, ownHost);
}

/** The key of a hosted media file: its path, whatever host serves it. */
export function hostedAudioKey(podcastHash: string, name: string): string {
  return `/media/${encodeURIComponent(podcastHash)}/${encodeURIComponent(name)}`;
}

/** Every key an episode's audio is known by (its enclosure, the original one, and the bare /media/ path). */
export function episodeAudioKeys(urls: Array<string | null | undefined>, ownHost: string): string[] {
  const keys = new Set<string>();
  for (const raw of urls) {
    const key = audioKey(raw, ownHost);
    if (!key) continue;
    keys.add(key);
    const media = /^[^/]+(\/media\/[^/]+\/[^/?]+)/.exec(key);
    if (media) keys.add(media[1]!);
  }
  return [...keys];
}

/** True when an enclosure URL goes through this podcast's measurement prefix (anywhere in its chain of prefixes). */
export function carriesPrefix(enclosureUrl: string, appUrl: string, podcastHash: string): boolean {
  const ours = measurementPrefix(appUrl, podcastHash)
    .replace(/^https?:\/\//i, '')
    .toLowerCase();
  return enclosureUrl
    .replace(/^https?:\/\//i, '')
    .toLowerCase()
    .includes(ours);
}

/**
 * The address behind our own prefix (`{appUrl}/e/{hash}/…`, nested ones too), or the address itself:
 * the guarded fetcher fetches the audio directly, so the product's own fetches never reach the log.
 */
export function unwrapOwnPrefix(raw: string, appUrl: string): string {
  const own = new URL(appUrl).host.toLowerCase();
  let current = raw;
  for (let i = 0; i < 8; i++) {
    let url: URL;
    try {
      url = new URL(current);
    } catch {
      return current;
    }
    const m = /^\/e\/[A-Za-z0-9_-]{4,64}\/(.+)$/.exec(url.pathname);
    if (url.host.toLowerCase() !== own || !m) return current;
    const inner = unwrapPrefixPath(m[1]!, url.search);
    if (!inner) return current;
    current = inner.href;
  }
  return current;
}
