/** The counting rules, the User-Agent table, bots, prefix addresses and the attribution rule, line by line. */
import { describe, expect, it } from 'vitest';
import { audioKey, carriesPrefix, episodeAudioKeys, isNotAudioPath, unwrapPrefixPath } from '../../src/lib/rules/audio-url';
import { enclosureOf, querylessKey } from '../../src/lib/server/measurement/analytics/feed-enclosures';
import { prefixRefusal } from '../../src/lib/server/measurement/analytics/prefix-redirect';
import { literalAddressRefusal } from '../../src/lib/server/fetch/guarded-fetch';
import {
  applyLine,
  DEFAULT_BYTES_PER_MINUTE,
  type EpisodeAudio,
  isProbe,
  type LogLine,
  requestedBytes,
  thresholdBytes,
  WindowIndex,
} from '../../src/lib/server/measurement/analytics/count-rules';
import { parseRanges } from '../../src/lib/server/byte-range';
import { normalizeAddress } from '../../src/lib/server/measurement/analytics/salts';
import { classifyUserAgent } from '../../src/lib/server/measurement/analytics/user-agent';
import { attributedCampaigns } from '../../src/lib/server/measurement/attribution/match-visits';
import { onDomain } from '../../src/lib/server/measurement/attribution/collect-event';

const APPLE = 'AppleCoreMedia/1.0.0.21E236 (iPhone; U; CPU OS 17_4_1 like Mac OS X; en_us)';
const OVERCAST = 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)';
const EPISODE: EpisodeAudio = { id: 7, length: 30 * 960_000, duration: 1800 };
const T0 = Date.parse('2026-03-02T10:00:00Z');

let nextId = 1;
/** A log line of listener `who` (their hashes are per day, as the log keeps them). */
function line(who: string, over: Partial<LogLine> & { minutes?: number } = {}): LogLine {
  const at = new Date(T0 + (over.minutes ?? 0) * 60_000);
  const day = at.toISOString().slice(0, 10);
  const prev = new Date(at.getTime() - 86_400_000).toISOString().slice(0, 10);
  const { minutes: _m, ...rest } = over;
  return {
    id: nextId++,
    occurred_at: at,
    source: 'prefix',
    podcast_id: 1,
    audio_key: 'cdn.example.com/ep7.mp3',
    method: 'GET',
    status: 302,
    range: null,
    bytes: null,
    total_bytes: null,
    listener_hash: `${who}@${day}`,
    listener_prev_hash: `${who}@${prev}`,
    household_hash: `home@${day}`,
    user_agent: who.startsWith('apple') ? APPLE : OVERCAST,
    country: 'US',
    ...rest,
  };
}

/** Runs lines through the rules and answers how many downloads they made. */
function count(lines: LogLine[], episode: EpisodeAudio | null = EPISODE): number {
  const index = new WindowIndex();
  return lines.filter((l) => applyLine(index, l, classifyUserAgent(l.user_agent), episode)).length;
}

describe('[MEASUREMENT] ranges', () => {
  it('reads Range headers and the bytes they ask for', () => {
    expect(parseRanges('bytes=0-1')).toEqual([{ start: 0, end: 1 }]);
    expect(parseRanges('bytes=100-, -500')).toEqual([{ start: 100, end: null }, { suffix: 500 }]);
    expect(parseRanges('bytes=9-3')).toBeNull();
    expect(parseRanges('items=0-1')).toBeNull();
    expect(isProbe('bytes=0-1')).toBe(true);
    expect(isProbe('bytes=0-2')).toBe(false);
    expect(requestedBytes(null, 5000)).toBe(5000);
    expect(requestedBytes(null, null)).toBe(Number.POSITIVE_INFINITY);
    expect(requestedBytes('bytes=1000-', 5000)).toBe(4000);
    expect(requestedBytes('bytes=0-999, 2000-2999', 5000)).toBe(2000);
    expect(requestedBytes('bytes=-700', 5000)).toBe(700);
    expect(requestedBytes('bytes=4000-9999', 5000)).toBe(1000);
  });

  it('takes a minute of audio from size and duration, the whole file when shorter, 128 kbit/s when unknown', () => {
    expect(thresholdBytes(60_000_000, 3600)).toBe(1_000_000);
    expect(thresholdBytes(500_000, 45)).toBe(500_000);
    expect(thresholdBytes(null, null)).toBe(DEFAULT_BYTES_PER_MINUTE);
    expect(thresholdBytes(300_000, null)).toBe(300_000);
  });
});

describe('[MEASUREMENT] counting rules', () => {
  it('counts two apps once each, however often they replay, and never a bot or a 2-byte probe', () => {
    expect(
      count([
        line('apple', { range: 'bytes=0-1' }),
        line('apple', { range: 'bytes=0-' }),
        line('overcast'),
        line('apple', { range: 'bytes=0-', minutes: 90 }),
        line('overcast', { minutes: 600, range: 'bytes=500000-' }),
        line('bot', { user_agent: 'iTMS' }),
        line('crawler', { user_agent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }),
        line('probe', { user_agent: 'PocketCasts/1.0 (Pocket Casts - Android v7.57; +https://pocketcasts.com/)', range: 'bytes=0-1' }),
      ]),
    ).toBe(2);
  });

  it('adds up small ranges until they cover a minute of audio', () => {
    const quarter = EPISODE.length! / EPISODE.duration! / 4;
    const parts = [0, 1, 2, 3].map((i) => line('apple', { range: `bytes=${i * quarter * 60}-${(i + 1) * quarter * 60 - 1}`, minutes: i }));
    expect(count(parts.slice(0, 3))).toBe(0);
    expect(count(parts)).toBe(1);
  });

  it('counts a listener again after 24 hours, and follows a window over midnight with the previous day’s hash', () => {
    expect(count([line('apple'), line('apple', { minutes: 23 * 60 })])).toBe(1);
    expect(count([line('apple'), line('apple', { minutes: 24 * 60 + 1 })])).toBe(2);
    // 10:00 day 1 with little audio, then 08:00 day 2 (under a new daily hash): one window, one download.
    expect(count([line('apple', { range: 'bytes=0-99999' }), line('apple', { range: 'bytes=100000-', minutes: 22 * 60 })])).toBe(1);
  });

  it('counts only GETs answered with audio: no HEAD, no 304, no error; prefix requests are the redirect', () => {
    expect(count([line('apple', { method: 'HEAD' })])).toBe(0);
    expect(count([line('apple', { source: 'hosted', status: 304, bytes: 0 })])).toBe(0);
    expect(count([line('apple', { source: 'hosted', status: 416, bytes: 0 })])).toBe(0);
    expect(count([line('apple', { source: 'hosted', status: 206, range: 'bytes=0-', bytes: EPISODE.length })])).toBe(1);
    expect(count([line('apple', { source: 'hosted', status: 206, range: 'bytes=0-', bytes: 1000 })])).toBe(0);
  });

  it('counts a short file only when it is asked for whole', () => {
    const short: EpisodeAudio = { id: 8, length: 400_000, duration: 25 };
    expect(count([line('apple', { range: 'bytes=0-199999' })], short)).toBe(0);
    expect(count([line('apple', { range: 'bytes=0-' })], short)).toBe(1);
  });

  it('keeps audio the show’s feed does not name apart, by its address, and never as a listener of the show', () => {
    const index = new WindowIndex();
    const a = applyLine(index, line('apple', { audio_key: 'cdn.example.com/a.mp3' }), classifyUserAgent(APPLE), null);
    const b = applyLine(index, line('apple', { audio_key: 'cdn.example.com/b.mp3' }), classifyUserAgent(APPLE), null);
    expect(a?.target).toBe('u:cdn.example.com/a.mp3');
    expect(b?.target).toBe('u:cdn.example.com/b.mp3');
    expect(b?.first_of_day).toBe(false);
    expect(a?.first_of_day).toBe(false);
  });
});

describe('[MEASUREMENT] User-Agents', () => {
  const cases: Array<[string, string, string, string]> = [
    [APPLE, 'Apple Podcasts', 'Phone', 'iOS'],
    ['AppleCoreMedia/1.0.0.21T216 (Apple Watch; U; CPU OS 10_4 like Mac OS X; en_us)', 'Apple Podcasts', 'Watch', 'watchOS'],
    ['AppleCoreMedia/1.0.0.21E236 (iPad; U; CPU OS 17_4_1 like Mac OS X; en_us)', 'Apple Podcasts', 'Tablet', 'iOS'],
    ['Podcasts/1.1.0.138 CFNetwork/1494.0.7 Darwin/23.4.0 (x86_64)', 'Apple Podcasts', 'Computer', 'macOS'],
    ['Spotify/8.9.32 iOS/17.4.1 (iPhone15,2)', 'Spotify', 'Phone', 'iOS'],
    ['Spotify/8.9.32.524 Android/34 (SM-S918B)', 'Spotify', 'Phone', 'Android'],
    [OVERCAST, 'Overcast', 'Phone', 'iOS'],
    ['PocketCasts/1.0 (Pocket Casts - Android v7.57; +https://pocketcasts.com/)', 'Pocket Casts', 'Phone', 'Android'],
    ['Castro 2022.11/1197 CFNetwork/1408.0.4 Darwin/22.5.0', 'Castro', 'Phone', 'iOS'],
    ['PodcastAddict/v5 (+https://podcastaddict.com/; Android podcast app)', 'Podcast Addict', 'Phone', 'Android'],
    ['AntennaPod/3.4.0', 'AntennaPod', 'Phone', 'Android'],
    ['AlexaMediaPlayer/2.1.4676.0 (Linux;Android 5.1.1) ExoPlayerLib/1.5.9', 'Alexa', 'Smart speaker', 'Android'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36', 'Chrome', 'Computer', 'Windows'],
  ];
  it.each(cases)('%s is %s on a %s (%s), not a bot', (ua, app, device, os) => {
    expect(classifyUserAgent(ua)).toMatchObject({ app, device, os, bot: null });
  });

  it.each([
    ['', 'no User-Agent'],
    ['iTMS', 'Apple Podcasts automated checks'],
    ['Amazon Music Podcast', 'Amazon Music Podcasts bot'],
    ['Overcast/1.0 Podcast Sync (412 subscribers; feed-id=2207133; +http://overcast.fm/)', 'Feed parser'],
    ['CuepointBot/1.0 (+http://127.0.0.1)', 'Cuepoint'],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'isbot'],
    ['python-requests/2.31.0', 'isbot'],
    ['curl/8.4.0', 'isbot'],
  ])('"%s" is a bot (%s)', (ua, reason) => {
    expect(classifyUserAgent(ua).bot).toBe(reason);
  });
});

describe('[MEASUREMENT] prefix addresses', () => {
  it('unwraps host/path, http:// and https:// forms, and refuses anything else', () => {
    expect(unwrapPrefixPath('cdn.example.com/show/ep1.mp3', '?s=1')?.href).toBe('https://cdn.example.com/show/ep1.mp3?s=1');
    expect(unwrapPrefixPath('http://cdn.example.com/ep1.mp3')?.href).toBe('http://cdn.example.com/ep1.mp3');
    expect(unwrapPrefixPath('https:/cdn.example.com/ep1.mp3')?.href).toBe('https://cdn.example.com/ep1.mp3');
    expect(unwrapPrefixPath('127.0.0.1:8080/ep1.mp3')?.href).toBe('https://127.0.0.1:8080/ep1.mp3');
    for (const bad of [
      '',
      'cdn.example.com',
      'cdn.example.com/',
      'nohost/ep.mp3',
      'javascript:alert(1)/x',
      'user:pw@cdn.example.com/x',
      'cdn.example.com:99999/x',
      'cdn example.com/x',
    ]) {
      expect(unwrapPrefixPath(bad), bad).toBeNull();
    }
  });

  it('keys audio by its final destination through any chain of prefixes', () => {
    const own = 'cuepoint.example';
    expect(audioKey('https://cdn.example.com/ep1.mp3', own)).toBe('cdn.example.com/ep1.mp3');
    expect(audioKey('https://cuepoint.example/e/AbCd1234xyz/cdn.example.com/ep1.mp3', own)).toBe('cdn.example.com/ep1.mp3');
    expect(audioKey('https://op3.dev/e/https://dts.podtrac.com/redirect.mp3/cuepoint.example/e/AbCd1234xyz/cdn.example.com/ep1.mp3', own)).toBe(
      'cdn.example.com/ep1.mp3',
    );
    // Another host's /e/ path is its own audio, not a prefix.
    expect(audioKey('https://cdn.example.com/e/abcd/ep1.mp3', own)).toBe('cdn.example.com/e/abcd/ep1.mp3');
    expect(audioKey('ftp://cdn.example.com/ep1.mp3', own)).toBeNull();
    expect(episodeAudioKeys(['http://cuepoint.example/media/show1/ep-1.mp3'], own)).toEqual(['cuepoint.example/media/show1/ep-1.mp3', '/media/show1/ep-1.mp3']);
  });

  it('tells a prefixed enclosure from one that is not', () => {
    expect(carriesPrefix('https://cuepoint.example/e/AbCd1234xyz/cdn.example.com/ep1.mp3', 'https://cuepoint.example', 'AbCd1234xyz')).toBe(true);
    expect(carriesPrefix('https://op3.dev/e/cuepoint.example/e/AbCd1234xyz/cdn.example.com/ep1.mp3', 'https://cuepoint.example', 'AbCd1234xyz')).toBe(true);
    expect(carriesPrefix('https://cuepoint.example/e/Other123456/cdn.example.com/ep1.mp3', 'https://cuepoint.example', 'AbCd1234xyz')).toBe(false);
    expect(carriesPrefix('https://cdn.example.com/ep1.mp3', 'https://cuepoint.example', 'AbCd1234xyz')).toBe(false);
  });

  it('knows a household by its IPv4 address or its IPv6 /64', () => {
    expect(normalizeAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(normalizeAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(normalizeAddress('2001:db8:85a3:12::8a2e:370:7334')).toBe('2001:db8:85a3:12::/64');
    expect(normalizeAddress('2001:db8:85a3:12:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:85a3:12::/64');
  });
});

describe('[MEASUREMENT] attribution', () => {
  const DAY = 86_400_000;
  const visitAt = new Date(T0);
  const ad = (campaign_id: number, episode_id: number, airedDaysAgo: number) => ({
    site_id: 1,
    campaign_id,
    podcast_id: 1,
    episode_id,
    aired_at: new Date(T0 - airedDaysAgo * DAY),
  });
  const heard = (episode_id: number, daysAgo: number, listener = 'l1', os = 'iOS') => ({
    episode_id,
    counted_at: new Date(T0 - daysAgo * DAY),
    listener_hash: listener,
    os,
  });

  it('attributes a visit to the campaigns whose aired ad the household heard in the 30 days before', () => {
    const ads = [ad(1, 10, 20), ad(2, 11, 20), ad(3, 12, 2)];
    const matched = attributedCampaigns({ occurred_at: visitAt, os: 'iOS' }, ads, [heard(10, 5), heard(12, 3)]);
    expect(matched.map((m) => m.campaign_id)).toEqual([1]);
    expect(attributedCampaigns({ occurred_at: visitAt, os: 'iOS' }, ads, [heard(10, 31)])).toEqual([]);
    expect(attributedCampaigns({ occurred_at: visitAt, os: 'iOS' }, ads, [heard(10, -1)])).toEqual([]);
  });

  it('asks a busy address (more than four listeners) for the same operating system', () => {
    const ads = [ad(1, 10, 20)];
    const busy = ['a', 'b', 'c', 'd', 'e'].map((l) => heard(10, 2, l, 'Android'));
    expect(attributedCampaigns({ occurred_at: visitAt, os: 'iOS' }, ads, busy)).toEqual([]);
    expect(attributedCampaigns({ occurred_at: visitAt, os: 'Android' }, ads, busy)).toHaveLength(1);
    expect(attributedCampaigns({ occurred_at: visitAt, os: 'iOS' }, ads, busy.slice(0, 4))).toHaveLength(1);
  });

  it('accepts events from the site’s domain and its subdomains only', () => {
    expect(onDomain('trailheadcoffee.example', 'trailheadcoffee.example')).toBe(true);
    expect(onDomain('shop.trailheadcoffee.example', 'trailheadcoffee.example')).toBe(true);
    expect(onDomain('eviltrailheadcoffee.example', 'trailheadcoffee.example')).toBe(false);
    expect(onDomain('trailheadcoffee.example.evil.com', 'trailheadcoffee.example')).toBe(false);
  });
});

describe('[MEASUREMENT] the product’s own fetches', () => {
  it('unwrap our prefix before fetching, so they never reach the log', async () => {
    const { unwrapOwnPrefix } = await import('../../src/lib/rules/audio-url');
    const app = 'https://cuepoint.example';
    expect(unwrapOwnPrefix('https://cuepoint.example/e/AbCd1234xyz/cdn.example.com/ep1.mp3?x=1', app)).toBe('https://cdn.example.com/ep1.mp3?x=1');
    expect(unwrapOwnPrefix('https://cuepoint.example/e/AbCd1234xyz/http://cdn.example.com/ep1.mp3', app)).toBe('http://cdn.example.com/ep1.mp3');
    expect(unwrapOwnPrefix('https://cuepoint.example/e/AbCd1234xyz/cuepoint.example/e/Other123456/cdn.example.com/a.mp3', app)).toBe(
      'https://cdn.example.com/a.mp3',
    );
    // Another service's prefix is theirs to count; our other paths are left alone.
    expect(unwrapOwnPrefix('https://op3.dev/e/cdn.example.com/ep1.mp3', app)).toBe('https://op3.dev/e/cdn.example.com/ep1.mp3');
    expect(unwrapOwnPrefix('https://cuepoint.example/feeds/abc.xml', app)).toBe('https://cuepoint.example/feeds/abc.xml');
    expect(unwrapOwnPrefix('not a url', app)).toBe('not a url');
  });
});

describe('[MEASUREMENT] downloads that cannot be inflated', () => {
  const refused = (rest: string) => prefixRefusal(unwrapPrefixPath(rest), 'cuepoint.test', []);

  it('redirects what may be audio on a public host; refuses pages, images, folders and private or loopback targets', () => {
    for (const ok of [
      'cdn.example.com/ep.mp3',
      'cdn.example.com/ep.m4a?x=1',
      'https://api.host.fm/episodes/123/audio',
      'anchor.fm/s/1/podcast/play/2/https%3A%2F%2Fcdn.x%2Fa.m4a',
      '8.8.8.8/a.mp3',
    ]) {
      expect(refused(ok), ok).toBeNull();
    }
    for (const bad of ['cdn.example.com/index.html', 'cdn.example.com/a.PNG', 'cdn.example.com/x/', 'cdn.example.com/feed.xml', 'cdn.example.com/t.vtt']) {
      expect(refused(bad), bad).toContain('not an audio file');
    }
    for (const bad of [
      'http://[::1]/a.mp3',
      '127.0.0.1/a.mp3',
      'localhost/a.mp3',
      'media.localhost/a.mp3',
      '169.254.169.254/a.mp3',
      '10.0.0.1/a.mp3',
      '192.168.1.2/a.mp3',
      'http://[fd00::1]/a.mp3',
      'http://[::ffff:127.0.0.1]/a.mp3',
    ]) {
      expect(refused(bad), bad).toContain('private network');
    }
    expect(refused('cuepoint.test/e/abcd/cdn.example.com/a.mp3')).not.toBeNull();
    // FETCH_ALLOW_HOSTS lets tests and private deployments reach a named host anyway.
    expect(prefixRefusal(unwrapPrefixPath('http://127.0.0.1:9000/a.mp3'), 'cuepoint.test', ['127.0.0.1:9000'])).toBeNull();
  });

  it('names the non-public address a URL holds without a lookup, by the fetcher’s rules', () => {
    expect(literalAddressRefusal(new URL('http://[::1]/a.mp3'), [])).toBe('loopback');
    expect(literalAddressRefusal(new URL('http://169.254.169.254/'), [])).toBe('metadata');
    expect(literalAddressRefusal(new URL('http://[fe80::1]/'), [])).toBe('link-local');
    expect(literalAddressRefusal(new URL('http://2130706433/'), [])).toBe('loopback');
    expect(literalAddressRefusal(new URL('https://cdn.example.com/'), [])).toBeNull();
    expect(isNotAudioPath(new URL('https://cdn.example.com/a.mp3'))).toBe(false);
  });

  it('matches a show’s enclosures exactly or without the query string, and nothing else', () => {
    const pilot: EpisodeAudio = { id: 1, length: null, duration: null };
    const bonus: EpisodeAudio = { id: 2, length: null, duration: null };
    const show = {
      byKey: new Map([
        ['cdn.example.com/pilot.mp3', pilot],
        ['cdn.example.com/bonus.mp3?updated=1', bonus],
      ]),
      byQueryless: new Map([
        ['cdn.example.com/pilot.mp3', pilot],
        ['cdn.example.com/bonus.mp3', bonus],
      ]),
    };
    expect(enclosureOf(show, 'cdn.example.com/pilot.mp3')).toBe(pilot);
    expect(enclosureOf(show, 'cdn.example.com/pilot.mp3?ref=app')).toBe(pilot);
    expect(enclosureOf(show, 'cdn.example.com/bonus.mp3?updated=2')).toBe(bonus);
    expect(enclosureOf(show, 'cdn.example.com/other.mp3')).toBeNull();
    expect(enclosureOf(undefined, 'cdn.example.com/pilot.mp3')).toBeNull();
    expect(querylessKey('a.com/b.mp3?c=d')).toBe('a.com/b.mp3');
  });

  it('lets an address the feed does not name qualify without making a download or a listener', () => {
    const index = new WindowIndex();
    const w = applyLine(index, line('stranger', { audio_key: 'cdn.example.com/junk.mp3', range: 'bytes=0-' }), classifyUserAgent(OVERCAST), null);
    expect(w).not.toBeNull();
    expect(w!.episode_id).toBeNull();
    expect(w!.first_of_day).toBe(false);
    // The same listener's real download that day is their first of the show.
    const real = applyLine(index, line('stranger', { range: 'bytes=0-', minutes: 1 }), classifyUserAgent(OVERCAST), EPISODE);
    expect(real!.first_of_day).toBe(true);
  });
});
