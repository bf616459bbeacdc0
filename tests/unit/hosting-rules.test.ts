import { describe, expect, it } from 'vitest';
import { isRedirecting, REDIRECT_ACTIVE_MS, sameFeedUrl, servedEpisodes, withoutAudioSentence } from '../../src/lib/hosting-rules';

describe('isRedirecting', () => {
  const at = new Date('2026-03-01T12:00:00Z');

  it('is false without redirecting_at', () => {
    expect(isRedirecting(null, at)).toBe(false);
    expect(isRedirecting(undefined, at)).toBe(false);
    expect(isRedirecting('', at)).toBe(false);
    expect(isRedirecting('not a date', at)).toBe(false);
  });

  it('is true right after and up to just before 2 days', () => {
    expect(isRedirecting(at, at)).toBe(true);
    expect(isRedirecting(at, new Date('2026-03-02T12:00:00Z'))).toBe(true);
    expect(isRedirecting(at, at.getTime() + REDIRECT_ACTIVE_MS - 1)).toBe(true);
  });

  it('is false from 2 days on', () => {
    expect(isRedirecting(at, at.getTime() + REDIRECT_ACTIVE_MS)).toBe(false);
    expect(isRedirecting(at, new Date('2026-03-10T00:00:00Z'))).toBe(false);
  });

  it('reads the ISO string of the API payload', () => {
    expect(isRedirecting('2026-03-01T12:00:00.000Z', new Date('2026-03-03T11:59:59Z'))).toBe(true);
    expect(isRedirecting('2026-03-01T12:00:00.000Z', new Date('2026-03-03T12:00:01Z'))).toBe(false);
  });

  it('counts 2 days as 48 hours', () => {
    expect(REDIRECT_ACTIVE_MS).toBe(48 * 60 * 60 * 1000);
  });
});

describe('sameFeedUrl', () => {
  it('matches after normalisation, ignoring scheme, host case and a trailing slash', () => {
    expect(sameFeedUrl('https://feeds.cuepoint.test/abc', 'https://feeds.cuepoint.test/abc')).toBe(true);
    expect(sameFeedUrl('http://Feeds.Cuepoint.test/abc/', 'https://feeds.cuepoint.test/abc')).toBe(true);
    expect(sameFeedUrl('https://feeds.cuepoint.test:443/abc', 'https://feeds.cuepoint.test/abc')).toBe(true);
  });

  it('does not match other paths, queries or hosts', () => {
    expect(sameFeedUrl('https://feeds.cuepoint.test/abc', 'https://feeds.cuepoint.test/abd')).toBe(false);
    expect(sameFeedUrl('https://feeds.cuepoint.test/abc?x=1', 'https://feeds.cuepoint.test/abc')).toBe(false);
    expect(sameFeedUrl('https://evil.test/abc', 'https://feeds.cuepoint.test/abc')).toBe(false);
    expect(sameFeedUrl(null, 'https://feeds.cuepoint.test/abc')).toBe(false);
    expect(sameFeedUrl('not a url', 'not a url')).toBe(false);
  });
});

describe('the migration report', () => {
  it('names the items of the old feed that have no audio file, and counts what is served', () => {
    expect(withoutAudioSentence({ without_audio: { count: 0, titles: [] } })).toBeNull();
    expect(withoutAudioSentence({})).toBeNull();
    expect(withoutAudioSentence({ without_audio: { count: 1, titles: ['Show notes'] } })).toBe(
      '1 item of the old feed has no audio file, so it is not in your Cuepoint feed: “Show notes”.',
    );
    expect(withoutAudioSentence({ without_audio: { count: 7, titles: ['A', 'B', 'C', 'D', 'E', 'F', 'G'] } })).toBe(
      '7 items of the old feed have no audio file, so they are not in your Cuepoint feed: “A”, “B”, “C”, “D”, “E” and 2 more.',
    );
    expect(servedEpisodes({ episodes: 20, served: 15 })).toBe(15);
    expect(servedEpisodes({ episodes: 20 })).toBe(20);
  });
});
