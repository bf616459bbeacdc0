/**
 * Podcast search over the external directories, when configured: the iTunes Search API
 * (ITUNES_SEARCH_URL) and Podcast Index (PODCAST_INDEX_KEY + PODCAST_INDEX_SECRET). Calls go through
 * the guarded fetcher with a short deadline; a directory that fails or answers nonsense is skipped,
 * so the catalogue's own results still come back.
 */
import { createHash } from 'node:crypto';
import { config } from '../config';
import { guardedFetch } from '../fetch';
import type { SearchResult } from './search-podcasts';
import { htmlToText } from '../../format/text';

const TIMEOUT_MS = 6_000;
const MAX_BYTES = 2 * 1024 * 1024;
const LIMIT = 20;

type Json = Record<string, unknown>;

const text = (v: unknown, max = 300): string => (typeof v === 'string' ? htmlToText(v).slice(0, max) : '');
const httpUrl = (v: unknown): string | null => (typeof v === 'string' && /^https?:\/\//i.test(v) ? v.slice(0, 2000) : null);

async function getJson(url: string, headers: Record<string, string> = {}): Promise<Json | null> {
  try {
    const res = await guardedFetch(url, {
      subject: 'podcast directory',
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_BYTES,
      headers: { accept: 'application/json', 'user-agent': 'Cuepoint/1.0', ...headers },
    });
    if (res.status !== 200) return null;
    const parsed: unknown = JSON.parse(res.body.toString('utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Json) : null;
  } catch {
    return null;
  }
}

/** One iTunes result as a search result (needs a feed address to be addable). */
function fromItunes(r: Json): SearchResult | null {
  const url = httpUrl(r.feedUrl);
  const id = Number(r.collectionId);
  if (!url || !Number.isInteger(id) || id < 1) return null;
  const author = text(r.artistName, 120);
  const genre = text(r.primaryGenreName, 60);
  return {
    id: `itunes-${id}`,
    title: text(r.collectionName ?? r.trackName, 200) || url,
    url,
    about: [author && `By ${author}`, genre].filter(Boolean).join(' · '),
    avatar_url: httpUrl(r.artworkUrl600) ?? httpUrl(r.artworkUrl100),
  };
}

/** One Podcast Index feed as a search result. */
function fromPodcastIndex(f: Json): SearchResult | null {
  const url = httpUrl(f.url);
  const id = Number(f.id);
  if (!url || !Number.isInteger(id) || id < 1) return null;
  return { id: `pi-${id}`, title: text(f.title, 200) || url, url, about: text(f.description), avatar_url: httpUrl(f.artwork) ?? httpUrl(f.image) };
}

function podcastIndexHeaders(key: string, secret: string): Record<string, string> {
  const date = String(Math.floor(Date.now() / 1000));
  return {
    'x-auth-key': key,
    'x-auth-date': date,
    authorization: createHash('sha1')
      .update(key + secret + date)
      .digest('hex'),
  };
}

/** True when at least one external directory is configured. */
export function directoriesEnabled(): boolean {
  const d = config().podcastDirectory;
  return Boolean(d.itunesSearchUrl || d.podcastIndex);
}

/** Shows matching the term in every configured directory, iTunes first. */
export async function searchDirectories(term: string): Promise<SearchResult[]> {
  const { itunesSearchUrl, podcastIndex } = config().podcastDirectory;
  const q = term.trim().slice(0, 100);
  if (!q) return [];
  const [itunes, pi] = await Promise.all([
    itunesSearchUrl
      ? getJson(`${itunesSearchUrl}/search?${new URLSearchParams({ media: 'podcast', entity: 'podcast', term: q, limit: String(LIMIT) })}`)
      : null,
    podcastIndex
      ? getJson(
          `${podcastIndex.baseUrl}/search/byterm?${new URLSearchParams({ q, max: String(LIMIT) })}`,
          podcastIndexHeaders(podcastIndex.key, podcastIndex.secret),
        )
      : null,
  ]);
  const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter((x): x is Json => !!x && typeof x === 'object') : []);
  return [...list(itunes?.results).map(fromItunes), ...list(pi?.feeds).map(fromPodcastIndex)].filter((r): r is SearchResult => r !== null);
}

/** One directory result by its id (`itunes-{collectionId}` or `pi-{feedId}`), or null when unknown or not configured. */
export async function findInDirectories(id: string): Promise<SearchResult | null> {
  const { itunesSearchUrl, podcastIndex } = config().podcastDirectory;
  const itunes = /^itunes-(\d{1,12})$/.exec(id);
  if (itunes && itunesSearchUrl) {
    const body = await getJson(`${itunesSearchUrl}/lookup?${new URLSearchParams({ id: itunes[1]!, entity: 'podcast' })}`);
    const first = Array.isArray(body?.results) ? (body.results as Json[]).find((r) => r && typeof r === 'object') : undefined;
    return first ? fromItunes(first) : null;
  }
  const pi = /^pi-(\d{1,12})$/.exec(id);
  if (pi && podcastIndex) {
    const body = await getJson(
      `${podcastIndex.baseUrl}/podcasts/byfeedid?${new URLSearchParams({ id: pi[1]! })}`,
      podcastIndexHeaders(podcastIndex.key, podcastIndex.secret),
    );
    const feed = body?.feed;
    return feed && typeof feed === 'object' && !Array.isArray(feed) ? fromPodcastIndex(feed as Json) : null;
  }
  return null;
}
