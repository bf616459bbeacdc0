/**
 * Apple Podcasts' feed requirements, checked on a served feed: the channel tags Apple requires (title,
 * description, itunes:image, language, itunes:category, itunes:explicit) and the ones it asks for
 * (itunes:author, link, an owner email), and per episode a title, a GUID and an enclosure with URL,
 * length and type. The dashboard's feed health and the tests read the answer.
 */
import { XMLParser } from 'fast-xml-parser';

export interface FeedProblem {
  /** required: Apple refuses the feed without it; recommended: Apple asks for it. */
  level: 'required' | 'recommended';
  message: string;
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false, isArray: (name) => name === 'item' });

/** Every requirement the feed misses (none for a feed Apple accepts). */
export function appleFeedProblems(xml: string): FeedProblem[] {
  const problems: FeedProblem[] = [];
  const need = (level: FeedProblem['level'], ok: unknown, message: string) => {
    if (!ok) problems.push({ level, message });
  };
  let channel: Record<string, unknown> | undefined;
  try {
    channel = (parser.parse(xml) as { rss?: { channel?: Record<string, unknown> } }).rss?.channel;
  } catch {
    channel = undefined;
  }
  if (!channel) return [{ level: 'required', message: 'The feed is not an RSS document.' }];
  const text = (v: unknown) =>
    typeof v === 'string' ? v.trim() : v && typeof v === 'object' && '#text' in v ? String((v as { '#text': unknown })['#text']).trim() : '';
  const attr = (v: unknown, name: string) => (v && typeof v === 'object' ? String((v as Record<string, unknown>)[`@_${name}`] ?? '').trim() : '');
  need('required', text(channel.title), 'The show has no title.');
  need('required', text(channel.description), 'The show has no description.');
  need('required', attr(channel['itunes:image'], 'href'), 'The show has no artwork (itunes:image).');
  need('required', text(channel.language), 'The feed names no language.');
  const category = Array.isArray(channel['itunes:category']) ? channel['itunes:category'][0] : channel['itunes:category'];
  need('required', attr(category, 'text'), 'The show has no Apple Podcasts category.');
  need('required', ['true', 'false'].includes(text(channel['itunes:explicit'])), 'The feed does not say whether the show is explicit (true or false).');
  need('recommended', text(channel['itunes:author']), 'The show names no author.');
  need('recommended', text(channel.link), 'The show has no website link.');
  const owner = channel['itunes:owner'] as Record<string, unknown> | undefined;
  need('recommended', owner && text(owner['itunes:email']), 'The feed names no owner email.');
  const items = (channel.item as Record<string, unknown>[] | undefined) ?? [];
  items.forEach((item, i) => {
    const name = text(item.title) || `Episode ${i + 1}`;
    need('required', text(item.title), `Episode ${i + 1} has no title.`);
    need('required', text(item.guid), `“${name}” has no GUID.`);
    const enc = item.enclosure;
    need('required', attr(enc, 'url') && attr(enc, 'type') && attr(enc, 'length'), `“${name}” has no complete enclosure (URL, length and type).`);
  });
  return problems;
}
