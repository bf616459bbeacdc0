import { describe, expect, it } from 'vitest';
import { parseRssChannel } from '../../src/lib/server/podcasts';
import { readFeedChannel, readFeedEpisodes } from '../../src/lib/server/hosting/read-feed-episodes';
import { episodeWording, fileRefsOf, withFileUrls } from '../../src/lib/server/hosting/podcast-tags';

const feed = (root: string, channel: string, item: string) =>
  `<?xml version="1.0"?><rss version="2.0" ${root}><channel><title>Show</title>${channel}<item><title>One</title><guid>g1</guid><enclosure url="https://old.example/1.mp3" type="audio/mpeg" length="1"/>${item}</item></channel></rss>`;

describe('kept elements of other namespaces', () => {
  it('keeps what the hosted feed does not write, under our prefix for our namespaces and a new one on a clash', () => {
    const parsed = parseRssChannel(
      feed(
        'xmlns:itms="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:dc="urn:example:not-dublin-core" xmlns:media="http://search.yahoo.com/mrss/"',
        '<ttl>60</ttl><itms:author>Ana</itms:author><itms:block>yes</itms:block><dc:note>x</dc:note><undeclared:tag>y</undeclared:tag>',
        '<itms:subtitle>Sub</itms:subtitle><media:content url="https://old.example/1-lo.mp3" type="audio/mpeg"/>',
      ),
    );
    const channel = readFeedChannel(parsed);
    // itms:author is written by the hosted feed (itunes:author); itms:block is not, so it is kept as itunes:block.
    expect(channel.kept).toEqual({ ttl: '60', 'itunes:block': 'yes', 'dc1:note': 'x' });
    expect(channel.namespaces).toEqual({ dc1: 'urn:example:not-dublin-core', media: 'http://search.yahoo.com/mrss/' });
    const [item] = readFeedEpisodes(parsed);
    expect(item!.podcastTags.kept).toEqual({ 'itunes:subtitle': 'Sub', 'media:content': { '@_url': 'https://old.example/1-lo.mp3', '@_type': 'audio/mpeg' } });
  });

  it('finds the files kept elements name, and only files', () => {
    const kept = {
      'media:group': { 'media:content': [{ '@_url': 'https://old.example/hi.mp3', '@_medium': 'audio' }, { '@_url': 'https://old.example/lo.mp3' }] },
      'media:thumbnail': { '@_url': 'https://old.example/t.png' },
      'googleplay:image': { '@_href': 'https://old.example/cover' },
      'rawvoice:subscribe': { '@_feed': 'https://site.example/feed/', '@_html': 'https://site.example/subscribe/' },
      'ppg:canonical': 'https://www.bbc.example/programmes/p1',
      'x:link': { '@_href': 'https://site.example/page' },
      'x:file': { '@_src': 'https://old.example/poster.jpg' },
    };
    expect(fileRefsOf(kept).map((r) => `${r.kind} ${r.url}`)).toEqual([
      'alternate https://old.example/hi.mp3',
      'alternate https://old.example/lo.mp3',
      'art https://old.example/t.png',
      'art https://old.example/cover',
      'art https://old.example/poster.jpg',
    ]);
    const moved = withFileUrls(kept, new Map([['https://old.example/lo.mp3', 'https://cuepoint.test/media/h/lo.mp3']]));
    expect(moved['media:group']['media:content'][1]).toEqual({ '@_url': 'https://cuepoint.test/media/h/lo.mp3' });
    expect(moved['rawvoice:subscribe']).toEqual(kept['rawvoice:subscribe']);
  });
});

describe('the imported wording of an episode', () => {
  const tags = {
    wording: { title: 'Part 1: Dive', notes: '<p>Long notes</p>', 'itunes:title': 'Dive', description: '<p>Short</p>', 'itunes:summary': 'Short' },
  };

  it('is written while the title and notes are as imported', () => {
    expect(episodeWording(tags, 'Part 1: Dive', '<p>Long notes</p>')).toEqual({ itunesTitle: 'Dive', description: '<p>Short</p>', summary: 'Short' });
  });

  it('gives way to the podcaster’s own title or notes once edited', () => {
    expect(episodeWording(tags, 'Part 1: The dive', '<p>Long notes</p>')).toEqual({
      itunesTitle: 'Part 1: The dive',
      description: '<p>Short</p>',
      summary: 'Short',
    });
    expect(episodeWording(tags, 'Part 1: Dive', '<p>New notes</p>')).toEqual({ itunesTitle: 'Dive', description: '<p>New notes</p>', summary: null });
    expect(episodeWording({}, 'Title', '')).toEqual({ itunesTitle: 'Title', description: 'Title', summary: null });
  });
});
