/**
 * A served feed read back by three independent parsers: rss-parser, podcast-partytime and Python's
 * feedparser (from the system, where installed: Debian's python3-feedparser). Each answers the same
 * reading, so a test can check that they agree.
 */
import { spawnSync } from 'node:child_process';
import Parser from 'rss-parser';
import { parseFeed } from 'podcast-partytime';

export interface FeedReading {
  title: string;
  podcastGuid: string | null;
  items: Array<{ guid: string; title: string; enclosure: string; duration: number | null }>;
}

const num = (v: unknown) =>
  v === undefined || v === null || v === ''
    ? null
    : Math.round(
        Number(
          String(v)
            .split(':')
            .reduce((t, p) => t * 60 + Number(p), 0),
        ),
      );
const sorted = (r: FeedReading): FeedReading => ({ ...r, items: [...r.items].sort((a, b) => a.guid.localeCompare(b.guid)) });

/** rss-parser (with the podcast:guid custom field). */
export async function readWithRssParser(xml: string): Promise<FeedReading> {
  const feed = await new Parser({ customFields: { feed: ['podcast:guid'] as never[] } }).parseString(xml);
  return sorted({
    title: feed.title ?? '',
    podcastGuid: ((feed as unknown as Record<string, string>)['podcast:guid'] ?? null) || null,
    items: feed.items.map((i) => ({ guid: i.guid ?? '', title: i.title ?? '', enclosure: i.enclosure?.url ?? '', duration: num(i.itunes?.duration) })),
  });
}

/** podcast-partytime, the Podcast Index's parser. */
export function readWithPartytime(xml: string): FeedReading {
  const feed = parseFeed(xml);
  if (!feed) throw new Error('podcast-partytime could not read the feed');
  return sorted({
    title: feed.title,
    podcastGuid: feed.guid ?? null,
    items: feed.items.map((i) => ({ guid: i.guid, title: i.title ?? '', enclosure: i.enclosure.url, duration: num(i.duration) })),
  });
}

const PY = `import sys, json, feedparser
d = feedparser.parse(sys.stdin.read())
print(json.dumps({"title": d.feed.get("title", ""), "podcastGuid": d.feed.get("podcast_guid"), "items": [
  {"guid": e.get("id", ""), "title": e.get("title", ""), "enclosure": (e.get("enclosures") or [{}])[0].get("href", ""), "duration": e.get("itunes_duration")}
  for e in d.entries]}))`;

/** The python3 that has feedparser, or null (then the check is skipped with a message). */
export function pythonWithFeedparser(): string | null {
  for (const bin of ['python3', '/usr/bin/python3']) {
    if (spawnSync(bin, ['-c', 'import feedparser'], { stdio: 'ignore' }).status === 0) return bin;
  }
  return null;
}

/** Python's feedparser, or null when no python3 on this machine has it. */
export function readWithFeedparser(xml: string): FeedReading | null {
  const bin = pythonWithFeedparser();
  if (!bin) {
    console.warn('[feed-parsers] Python feedparser is not installed (apt-get install python3-feedparser): the third parser is skipped.');
    return null;
  }
  const run = spawnSync(bin, ['-c', PY], { input: xml, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`feedparser failed: ${run.stderr}`);
  const r = JSON.parse(run.stdout) as FeedReading & { items: Array<{ duration: unknown }> };
  return sorted({ ...r, podcastGuid: r.podcastGuid ?? null, items: r.items.map((i) => ({ ...i, duration: num(i.duration) })) });
}

/** The readings of all three parsers (two when feedparser is missing). */
export async function readWithThreeParsers(xml: string): Promise<FeedReading[]> {
  const python = readWithFeedparser(xml);
  return [await readWithRssParser(xml), readWithPartytime(xml), ...(python ? [python] : [])];
}
