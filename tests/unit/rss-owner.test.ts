import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cleanEmail, readOwnerEmail } from '../../src/lib/server/podcasts/rss-owner';
import { NotAnRssFeed, parseRssChannel, readNewFeedUrl } from '../../src/lib/server/podcasts/rss-channel';

const feed = (name: string) => readFileSync(new URL(`../fixtures/feeds/${name}`, import.meta.url));

describe('readOwnerEmail on real-world feeds', () => {
  it('reads itunes:owner/itunes:email from a Libsyn feed, lowercased', () => {
    expect(readOwnerEmail(feed('libsyn.xml'))).toBe('marta@gardenshedhour.com');
  });

  it('prefers itunes:email over podcast:locked in a Buzzsprout feed', () => {
    expect(readOwnerEmail(feed('buzzsprout.xml'))).toBe('priya@sidequestfounders.fm');
  });

  it('reads the single-line Anchor feed', () => {
    expect(readOwnerEmail(feed('anchor.xml'))).toBe('podcasts8+latenight@spotify.com');
  });

  it('reads a Simplecast feed', () => {
    expect(readOwnerEmail(feed('simplecast.xml'))).toBe('hello@orbitweekly.space');
  });

  it('falls back to the owner attribute of podcast:locked', () => {
    expect(readOwnerEmail(feed('locked-only.xml'))).toBe('lab@kitchentablechem.example.com');
  });

  it('falls back to managingEditor without its "(Name)" suffix, in a Latin-1 feed', () => {
    expect(readOwnerEmail(feed('managing-editor-only.xml'))).toBe('editor@radiocafe.example.net');
  });

  it('answers null when the feed names no email', () => {
    expect(readOwnerEmail(feed('no-email.xml'))).toBeNull();
  });
});

describe('readOwnerEmail edge cases', () => {
  const wrap = (channel: string, ns = 'xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0"') =>
    `<?xml version="1.0"?><rss version="2.0" ${ns}><channel><title>T</title>${channel}</channel></rss>`;

  it('skips an invalid itunes:email and uses the next source', () => {
    expect(
      readOwnerEmail(wrap('<itunes:owner><itunes:email>not an email</itunes:email></itunes:owner><podcast:locked owner="a@b.co">yes</podcast:locked>')),
    ).toBe('a@b.co');
  });

  it('reads the namespace by its declared prefix', () => {
    expect(readOwnerEmail(wrap('<it:owner><it:email>x@y.org</it:email></it:owner>', 'xmlns:it="http://www.itunes.com/dtds/podcast-1.0.dtd"'))).toBe('x@y.org');
  });

  it('uses the first valid owner when a feed repeats itunes:owner', () => {
    expect(
      readOwnerEmail(wrap('<itunes:owner><itunes:name>A</itunes:name></itunes:owner><itunes:owner><itunes:email>second@b.co</itunes:email></itunes:owner>')),
    ).toBe('second@b.co');
  });

  it('reads CDATA and mailto: emails', () => {
    expect(readOwnerEmail(wrap('<itunes:owner><itunes:email><![CDATA[ mailto:Me@Show.FM ]]></itunes:email></itunes:owner>'))).toBe('me@show.fm');
  });

  it('reads "Name <email>" in managingEditor', () => {
    expect(readOwnerEmail(wrap('<managingEditor>Jo Bloggs &lt;jo@bloggs.net&gt;</managingEditor>'))).toBe('jo@bloggs.net');
  });

  it('decodes numeric character references', () => {
    expect(readOwnerEmail(wrap('<managingEditor>jo&#64;bloggs.net (Jo)</managingEditor>'))).toBe('jo@bloggs.net');
  });

  it('throws NotAnRssFeed for HTML or non-XML answers', () => {
    expect(() => readOwnerEmail('<!doctype html><html><body>Hello</body></html>')).toThrow(NotAnRssFeed);
    expect(() => readOwnerEmail('{"feed": true}')).toThrow(NotAnRssFeed);
  });

  it('cleanEmail rejects what is not an email', () => {
    expect(cleanEmail('webmaster')).toBeNull();
    expect(cleanEmail('')).toBeNull();
    expect(cleanEmail(null)).toBeNull();
    expect(cleanEmail('a@b.co (A B)')).toBe('a@b.co');
  });
});

describe('readNewFeedUrl', () => {
  it('reads itunes:new-feed-url', () => {
    expect(readNewFeedUrl(parseRssChannel(feed('simplecast.xml')))).toBe('https://feeds.simplecast.com/Xy12AbCd');
  });
  it('answers null when absent', () => {
    expect(readNewFeedUrl(parseRssChannel(feed('libsyn.xml')))).toBeNull();
  });
});
