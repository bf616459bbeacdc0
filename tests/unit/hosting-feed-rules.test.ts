import { describe, expect, it } from 'vitest';
import { appleCategoryOf, categoryLabel, isAppleCategory } from '../../src/lib/apple-categories';
import { isFeedUnreadableError, isNoEmailError } from '../../src/lib/feed-errors';
import { checkChapters, transcriptFormat } from '../../src/lib/server/hosting/episode-files';
import { pickEncoding } from '../../server/accept-encoding.mjs';
import { podcastGuid } from '../../src/lib/server/hosting/podcast-guid';
import { appleFeedProblems } from '../../src/lib/server/hosting/apple-feed-check';

describe('[HOSTING] feed rules', () => {
  it('keeps Apple subcategories under their category', () => {
    expect(appleCategoryOf('Performing Arts')).toEqual({ category: 'Arts', subcategory: 'Performing Arts' });
    expect(appleCategoryOf('history')).toEqual({ category: 'History', subcategory: null });
    expect(appleCategoryOf('Podcasting')).toBeNull();
    expect(isAppleCategory({ category: 'Arts', subcategory: 'Drama' })).toBe(false);
    expect(categoryLabel({ category: 'Fiction', subcategory: 'Drama' })).toBe('Fiction > Drama');
  });

  it('derives podcast:guid as the Podcasting 2.0 namespace does', () => {
    expect(podcastGuid('https://podnews.net/rss')).toBe('9b024349-ccf0-5f69-a609-6b82873eab3c');
    expect(podcastGuid('podnews.net/rss/')).toBe('9b024349-ccf0-5f69-a609-6b82873eab3c');
  });

  it('titles a verification error by what went wrong', () => {
    expect(isNoEmailError({ status: 422, errors: { email: ['x'] } })).toBe(true);
    expect(isNoEmailError({ status: 422, errors: { url: ['x'] } })).toBe(false);
    expect(isFeedUnreadableError({ status: 422, errors: { url: ['x'] } })).toBe(true);
    expect(isFeedUnreadableError({ status: 500 })).toBe(false);
  });

  it('negotiates the feed encoding', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip;q=1, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(null)).toBeNull();
    expect(pickEncoding('*')).toBe('br');
  });

  it('checks transcript and chapters files', () => {
    expect(transcriptFormat({ filename: 'a.vtt', content: 'WEBVTT\n\n00:00.000 --> 00:01.000\nHi' })).toEqual({ type: 'text/vtt', ext: '.vtt' });
    expect(transcriptFormat({ filename: 'a.srt', content: '1\n00:00:00,000 --> 00:00:01,000\nHi' })).toEqual({ type: 'application/x-subrip', ext: '.srt' });
    expect(transcriptFormat({ filename: 'a.htm', content: '<p>Hi</p>' })).toEqual({ type: 'text/html', ext: '.html' });
    expect(() => transcriptFormat({ filename: 'a.json', content: '{"chapters":[]}' })).toThrow(/no segments/);
    expect(() => transcriptFormat({ filename: 'a.pdf', content: '%PDF' })).toThrow(/not a transcript/);
    expect(() => checkChapters({ filename: 'c.json', content: '{"version":"1.2.0","chapters":[{"startTime":0,"title":"Intro"}]}' })).not.toThrow();
    expect(() => checkChapters({ filename: 'c.json', content: '{"chapters":[{"title":"no time"}]}' })).toThrow(/startTime/);
  });

  it('lists what Apple requires of a feed', () => {
    const problems = appleFeedProblems('<rss><channel><title>T</title><item><title>E</title></item></channel></rss>').map((p) => p.message);
    expect(problems).toContain('The show has no artwork (itunes:image).');
    expect(problems).toContain('The show has no Apple Podcasts category.');
    expect(problems).toContain('“E” has no GUID.');
    expect(appleFeedProblems('not xml')[0]!.level).toBe('required');
  });
});
