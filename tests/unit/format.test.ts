import { describe, expect, it } from 'vitest';
import { centsFromDollars, dollarsFromCents, formatMoney } from '~/lib/format/money';
import { formatDate, timeFromNow } from '~/lib/format/dates';
import { shortNumber } from '~/lib/format/numbers';
import { HOSTING_PLATFORMS, hostingPlatformName, hostingPlatformNames } from '~/lib/format/hosting-platform';
import { isAudio, isPdf, isPlayableMedia, isPreviewableImage, truncateFileName } from '~/lib/format/files';
import { needsReadMore, readMoreText, htmlToText } from '~/lib/format/text';

describe('formatMoney: $0,0[.]00 from cents (core §9)', () => {
  it('shows no decimals when whole', () => {
    expect(formatMoney(100000)).toBe('$1,000');
    expect(formatMoney(123400)).toBe('$1,234');
    expect(formatMoney(0)).toBe('$0');
    expect(formatMoney(500)).toBe('$5');
  });
  it('shows two decimals otherwise', () => {
    expect(formatMoney(123450)).toBe('$1,234.50');
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(99999999999)).toBe('$999,999,999.99');
  });
  it('groups millions and keeps the sign', () => {
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
    expect(formatMoney(-1250)).toBe('-$12.50');
    expect(formatMoney(null)).toBe('$0');
  });
  it('converts dollars and cents', () => {
    expect(centsFromDollars(1234.5)).toBe(123450);
    expect(centsFromDollars('1,234.56')).toBe(123456);
    expect(centsFromDollars(1.005)).toBe(101);
    expect(centsFromDollars(0.1 + 0.2)).toBe(30);
    expect(dollarsFromCents(123450)).toBe(1234.5);
  });
});

describe('dates: month/day/year by default (core §9)', () => {
  it('formats MM/DD/YYYY', () => {
    expect(formatDate('2024-03-05')).toBe('03/05/2024');
    expect(formatDate('2024-12-31', 'YYYY-MM-DD')).toBe('2024-12-31');
    expect(formatDate('2024-03-05', 'MMM D, YYYY')).toBe('Mar 5, 2024');
  });
  it('is empty for empty or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
  it('tells time from now for notifications', () => {
    const now = '2024-03-05T12:00:00Z';
    expect(timeFromNow('2024-03-05T11:59:50Z', now)).toBe('a few seconds ago');
    expect(timeFromNow('2024-03-05T11:55:00Z', now)).toBe('5 minutes ago');
    expect(timeFromNow('2024-03-05T11:00:00Z', now)).toBe('an hour ago');
    expect(timeFromNow('2024-03-03T12:00:00Z', now)).toBe('2 days ago');
    expect(timeFromNow(null, now)).toBe('');
  });
});

describe('shortNumber: K for thousands, M for millions (core §9)', () => {
  it('leaves numbers under 1000', () => {
    expect(shortNumber(0)).toBe('0');
    expect(shortNumber(999)).toBe('999');
  });
  it('uses K', () => {
    expect(shortNumber(1000)).toBe('1K');
    expect(shortNumber(1200)).toBe('1.2K');
    expect(shortNumber(12_345)).toBe('12.3K');
    expect(shortNumber(999_000)).toBe('999K');
  });
  it('uses M', () => {
    expect(shortNumber(999_999)).toBe('1M');
    expect(shortNumber(1_000_000)).toBe('1M');
    expect(shortNumber(3_400_000)).toBe('3.4M');
    expect(shortNumber(-1500)).toBe('-1.5K');
  });
});

describe('hostingPlatformName: second-level label of the feed host (core §3, hosting §9)', () => {
  it('lists exactly the 22 platforms of the spec', () => {
    expect(HOSTING_PLATFORMS).toHaveLength(22);
    expect(HOSTING_PLATFORMS).toContain('Self-Hosted');
    expect(HOSTING_PLATFORMS).toContain('Other');
    expect(hostingPlatformNames()).toContain('Cuepoint');
    expect(hostingPlatformNames()).not.toContain('{host}');
  });
  it.each([
    ['https://feeds.libsyn.com/12345/rss', 'Libsyn'],
    ['https://anchor.fm/s/abc/podcast/rss', 'Spotify for Podcasters'],
    ['https://podcasters.spotify.com/pod/show/x/rss', 'Spotify for Podcasters'],
    ['https://rss.art19.com/my-show', 'ART19'],
    ['https://feeds.acast.com/public/shows/x', 'Acast'],
    ['https://audioboom.com/channels/1.rss', 'audioBoom'],
    ['https://feeds.blubrry.com/feeds/x.xml', 'Blubrry'],
    ['https://feeds.buzzsprout.com/1.rss', 'Buzzsprout'],
    ['https://feeds.captivate.fm/x/', 'Captivate'],
    ['https://feeds.fireside.fm/x/rss', 'Fireside'],
    ['https://omny.fm/shows/x/playlists/podcast.rss', 'OmnyStudio'],
    ['https://www.omnycontent.com/d/playlist/a/b/c/podcast.rss', 'OmnyContent'],
    ['https://feed.podbean.com/x/feed.xml', 'Podbean'],
    ['https://x.podomatic.com/rss2.xml', 'Podomatic'],
    ['https://feeds.redcircle.com/abc', 'Red Circle'],
    ['https://feeds.simplecast.com/abc', 'Simplecast'],
    ['https://feeds.soundcloud.com/users/soundcloud:users:1/sounds.rss', 'SoundCloud'],
    ['https://www.spreaker.com/show/1/episodes/feed', 'Spreaker'],
    ['https://x.squarespace.com/podcast?format=rss', 'Squarespace'],
    ['https://feeds.transistor.fm/x', 'Transistor'],
    ['https://feeds.megaphone.fm/ABC123', 'Other'],
    ['https://feeds.feedburner.com/x', 'Other'],
    ['https://feeds.acast.co.uk/x', 'Acast'],
    ['https://mypodcast.com/feed.xml', 'Self-Hosted'],
    ['https://www.example.org/podcast/rss', 'Self-Hosted'],
    ['https://feeds.cuepoint.fm/abc', 'Cuepoint'],
    ['feeds.libsyn.com/1/rss', 'Libsyn'],
    ['not a url at all', 'Other'],
    ['', 'Other'],
  ])('%s → %s', (url, name) => {
    expect(hostingPlatformName(url)).toBe(name);
  });
  it('recognises our own host by label or host name', () => {
    expect(hostingPlatformName('https://rss.castbox.io/x', 'castbox')).toBe('Cuepoint');
    expect(hostingPlatformName('https://feeds.cuepoint.fm/x', 'cuepoint.fm', 'Cuepoint Hosting')).toBe('Cuepoint Hosting');
  });
});

describe('files (core §5, §9)', () => {
  it('recognises audio by mime (audio/*, video/mp4) or extension (mp4, mp3, m4a, wav)', () => {
    expect(isAudio({ mime: 'audio/mpeg' })).toBe(true);
    expect(isAudio({ mime: 'audio/x-wav' })).toBe(true);
    expect(isAudio({ mime: 'video/mp4' })).toBe(true);
    expect(isAudio({ mime: 'video/quicktime' })).toBe(false);
    for (const ext of ['mp4', 'mp3', 'm4a', 'wav']) {
      expect(isAudio({ mime: 'application/octet-stream', name: `episode.${ext}` })).toBe(true);
      expect(isAudio({ name: `EPISODE.${ext.toUpperCase()}` })).toBe(true);
    }
    expect(isAudio({ url: 'https://x.test/a/ep.m4a?sig=1' })).toBe(true);
    expect(isAudio({ mime: 'application/pdf', name: 'brief.pdf' })).toBe(false);
    expect(isAudio({ name: 'ogg.txt' })).toBe(false);
  });
  it('truncates names over 100 characters to exactly 100, keeping the extension', () => {
    const long = `${'a'.repeat(150)}.mp3`;
    const t = truncateFileName(long);
    expect(t).toHaveLength(100);
    expect(t.endsWith('.mp3')).toBe(true);
    expect(t).toBe(`${'a'.repeat(96)}.mp3`);
    const exact = `${'b'.repeat(96)}.mp3`;
    expect(truncateFileName(exact)).toBe(exact);
    expect(truncateFileName(`${'c'.repeat(101)}`)).toBe('c'.repeat(100));
    expect(truncateFileName(`${'d'.repeat(97)}.mp3`)).toBe(`${'d'.repeat(96)}.mp3`);
  });
  it('lists the preview image mimes and player formats', () => {
    for (const m of ['png', 'gif', 'jpeg', 'svg+xml', 'tiff', 'webp']) expect(isPreviewableImage(`image/${m}`)).toBe(true);
    expect(isPreviewableImage('image/bmp')).toBe(false);
    expect(isPdf('application/pdf')).toBe(true);
    for (const f of ['m3u8', 'mp4', 'mp3', 'm4a', 'opus', 'aac', 'ogg']) expect(isPlayableMedia(`x.${f}`)).toBe(true);
    expect(isPlayableMedia('x.wav')).toBe(false);
  });
});

describe('readMoreText: tags stripped, truncated past 135 (core §5, §9)', () => {
  it('strips tags and entities', () => {
    expect(htmlToText('<p>Hello <b>world</b></p><p>again&nbsp;&amp; again</p>')).toBe('Hello world again & again');
  });
  it('keeps 135 characters whole', () => {
    const t = 'x'.repeat(135);
    expect(readMoreText(`<p>${t}</p>`)).toBe(t);
    expect(needsReadMore(t)).toBe(false);
  });
  it('truncates past 135 with an ellipsis', () => {
    const t = 'y'.repeat(136);
    expect(readMoreText(t)).toBe(`${'y'.repeat(135)}…`);
    expect(needsReadMore(t)).toBe(true);
    expect(readMoreText('abcdef', 3)).toBe('abc…');
  });
});
