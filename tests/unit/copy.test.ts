/** The copy slips of issue 37 item 4, each held by the rule that now writes the words. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import PayoutPanel from '../../src/islands/payments/PayoutPanel';
import { hireItemLine } from '../../src/islands/campaigns/proposal-items';
import { ARTWORK_MAX_FILE_BYTES, UPLOAD_MAX_FILE_BYTES } from '../../src/lib/constants';
import { countOf, pluralOf } from '../../src/lib/format/text';
import { successHeading } from '../../src/lib/hosting-rules';
import { uploadHint } from '../../src/lib/rules/uploads';

describe('plurals', () => {
  it('follows the English rules, not a glued s', () => {
    expect(pluralOf('country')).toBe('countries');
    expect(pluralOf('day')).toBe('days');
    expect(pluralOf('operating system')).toBe('operating systems');
    expect(pluralOf('box')).toBe('boxes');
    expect(pluralOf('open discrepancy')).toBe('open discrepancies');
    expect(pluralOf('Person')).toBe('People');
  });
  it('writes a count with its noun in the right number', () => {
    expect(countOf(14, 'country')).toBe('14 countries');
    expect(countOf(1, 'country')).toBe('1 country');
    expect(countOf(0, 'file')).toBe('0 files');
    expect(countOf(1200, 'app')).toBe('1,200 apps');
    expect(countOf(2, 'child', 'kids')).toBe('2 kids');
  });
});

describe('the uploader hint', () => {
  it('says "one file" for a single-file uploader and the real artwork limit', () => {
    expect(uploadHint(['png', 'jpeg'], ARTWORK_MAX_FILE_BYTES, 1)).toBe('png, jpeg · one file, up to 10 MB');
    expect(uploadHint(['png', 'jpeg'], ARTWORK_MAX_FILE_BYTES, 1)).not.toMatch(/1 files|500 MB/);
  });
  it('says how many files and the size of each for a multi-file uploader', () => {
    expect(uploadHint(['pdf', 'mp3'], UPLOAD_MAX_FILE_BYTES, 10)).toBe('pdf, mp3 · up to 10 files, 500 MB each');
    expect(uploadHint(['png'], 512 * 1024, 2)).toBe('png · up to 2 files, 512 KB each');
  });
});

describe('the hire confirmation line', () => {
  const item = { podcast: 'Morning Miles', ad_title: 'Host-Read', description: null, episodes: 1, price: 60000 };
  it('has no gap before a comma when the item has no description', () => {
    expect(hireItemLine(item)).toBe('Morning Miles: Host-Read, $600');
  });
  it('names the description and the episodes when there are', () => {
    expect(hireItemLine({ ...item, description: 'two mornings', episodes: 2, price: 120000 })).toBe(
      'Morning Miles: Host-Read (two mornings), 2 episodes, $1,200',
    );
    expect(hireItemLine({ ...item, ad_title: null })).toBe('Morning Miles: Ad, $600');
  });
});

describe('the page after saving an episode', () => {
  it('never says published for a scheduled episode or a draft', () => {
    expect(successHeading(true, 'scheduled')).toBe('Episode scheduled');
    expect(successHeading(true, 'draft')).toBe('Draft saved');
    expect(successHeading(true, 'published')).toBe('Episode published');
    expect(successHeading(false, 'scheduled')).toBe('Episode saved');
  });
});

describe('the earnings screen’s Pay out', () => {
  const render = (available: number, method: string | null) => renderToStaticMarkup(createElement(PayoutPanel, { available, method }));
  it('has no Pay out button on $0, only a plain explanation', () => {
    const html = render(0, 'Stripe account ••••1234');
    expect(html).not.toMatch(/<button/);
    expect(html).not.toContain('Pay out $0');
    expect(html).toContain('Nothing to pay out yet');
  });
  it('offers the available amount when there is one', () => {
    expect(render(30_000, 'Stripe account ••••1234')).toMatch(/<button[^>]*type="submit"[^>]*>Pay out (<!-- -->)?\$300/);
  });
});
