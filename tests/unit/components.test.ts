import { describe, expect, it } from 'vitest';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MoneyInput } from '~/components/MoneyInput';
import { CategorySelect } from '~/components/CategorySelect';
import { RatingInput } from '~/components/RatingInput';
import { RangeSlider } from '~/components/RangeSlider';
import { ReadMore, ReadMoreText } from '~/components/ReadMore';
import { Collapsible } from '~/components/Collapsible';
import { AdCircles } from '~/components/AdCircles';
import { CardBrandLogo, CARD_BRAND_NAMES } from '~/components/CardBrandLogo';
import { CARD_BRANDS } from '~/lib/constants';

function render<P extends object>(type: (props: P) => ReactNode, props: P): string {
  return renderToStaticMarkup(createElement(type, props));
}
const noop = () => {};
const errors = { price: ['The price must be positive.', 'second'], category_id: ['Pick one.'], rate: ['Rate it.'], range: ['Bad range.'] };

describe('inputs render labelled, with the first server error under the field (core §8)', () => {
  it('MoneyInput', () => {
    const html = render(MoneyInput, { label: 'Price', name: 'price', value: 123450, onChange: noop, errors, id: 'p' });
    expect(html).toContain('<label for="p">Price</label>');
    expect(html).toContain('value="1234.50"');
    expect(html).toContain('maxLength="12"'); // 9 digits + point + 2
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('The price must be positive.');
    expect(html).not.toContain('second');
    expect(html).toContain('type="hidden" name="price" value="123450"');
    const whole = render(MoneyInput, { label: 'Budget', name: 'budget', value: 500000, onChange: noop, whole: true });
    expect(whole).toContain('value="5000"');
    expect(whole).toContain('maxLength="6"');
    expect(whole).toContain('inputMode="numeric"');
  });
  it('CategorySelect', () => {
    const html = render(CategorySelect, {
      label: 'Category',
      name: 'category_id',
      value: 2,
      onChange: noop,
      errors,
      categories: [
        { id: 1, title: 'Arts' },
        { id: 2, title: 'Business' },
      ],
    });
    expect(html).toContain('<option value="">Select a category</option>');
    expect(html).toMatch(/<option value="2" selected="">Business<\/option>/);
    expect(html).toContain('Pick one.');
  });
  it('RatingInput: radios 0-5', () => {
    const html = render(RatingInput, { label: 'Responsiveness', name: 'rate', value: 3, onChange: noop, errors });
    expect(html).toContain('<legend>Responsiveness</legend>');
    expect(html.match(/type="radio"/g)).toHaveLength(6);
    expect(html).toContain('checked="" value="3"');
    expect(html).toContain('Rate it.');
    const ro = render(RatingInput, { label: 'Quality', name: 'q', value: 4, readOnly: true });
    expect(ro).toContain('aria-label="Quality: 4 stars out of 5"');
  });
  it('RangeSlider: clamped values', () => {
    const html = render(RangeSlider, { label: 'Budget', name: 'range', value: [-5, 99], onChange: noop, min: 0, max: 100, errors });
    expect(html.match(/type="range"/g)).toHaveLength(2);
    expect(html).toContain('aria-label="Budget: Minimum"');
    expect(html).toContain('name="range[0]" value="0"');
    expect(html).toContain('name="range[1]" value="100"');
    expect(html).toContain('Bad range.');
  });
});

describe('blocks (core §4, §9)', () => {
  it('ReadMore sets the 92 px collapsed height', () => {
    expect(render(ReadMore, { children: 'text' })).toContain('--cp-read-more-height:92px');
  });
  it('ReadMoreText cuts past 135 with a toggle', () => {
    const long = render(ReadMoreText, { html: `<b>${'a'.repeat(140)}</b>` });
    expect(long).toContain(`${'a'.repeat(135)}…`);
    expect(long).toContain('Read more');
    expect(render(ReadMoreText, { html: 'short' })).not.toContain('Read more');
  });
  it('Collapsible animates in 600 ms and is inert when closed', () => {
    const closed = render(Collapsible, { open: false, children: 'x' });
    expect(closed).toContain('height:0px');
    expect(closed).toContain('transition-duration:600ms');
    expect(closed).toContain('inert=""');
    expect(render(Collapsible, { open: true, children: 'x' })).not.toContain('inert');
  });
  it('AdCircles show 3 and +n', () => {
    const ads = [1, 2, 3, 4, 5].map((id) => ({ id, title: `Ad ${id}` }));
    const html = render(AdCircles, { ads });
    expect(html.match(/class="cp-ad-circle"/g)).toHaveLength(3);
    expect(html).toContain('+2');
    expect(render(AdCircles, { ads: ads.slice(0, 3) })).not.toContain('+');
  });
  it('CardBrandLogo has a labelled logo for each of the 7 brands', () => {
    expect(CARD_BRANDS).toHaveLength(7);
    for (const b of CARD_BRANDS) expect(render(CardBrandLogo, { brand: b })).toContain(`aria-label="${CARD_BRAND_NAMES[b]}"`);
    expect(render(CardBrandLogo, { brand: 'VISA' })).toContain('aria-label="Visa"');
    expect(render(CardBrandLogo, { brand: 'other' })).toContain('aria-label="Card"');
  });
});

describe('DatePicker (core §5, §9)', async () => {
  const { DatePicker } = await import('~/components/DatePicker');
  it('renders a labelled toggle with the month/day/year value and the first error', () => {
    const html = render(DatePicker, {
      label: 'Delivery date',
      name: 'delivery_date',
      value: '2024-03-05',
      onChange: noop,
      id: 'dd',
      errors: { delivery_date: ['Pick a later date.', 'x'] },
    });
    expect(html).toContain('<label class="cp-field__label" id="dd-label" for="dd-toggle">Delivery date</label>');
    expect(html).toContain('aria-haspopup="dialog"');
    expect(html).toContain('03/05/2024');
    expect(html).toContain('Pick a later date.');
    expect(html).toContain('name="delivery_date" value="2024-03-05"');
  });
  it('inline calendar starts weeks on Sunday and disables days outside min/max and those the predicate refuses', () => {
    const html = render(DatePicker, {
      label: 'Air date',
      name: 'air_date',
      value: '2024-03-05',
      onChange: noop,
      inline: true,
      min: '2024-03-04',
      max: '2024-03-20',
      isDisabled: (day: string) => day === '2024-03-12',
    });
    expect(html.indexOf('aria-label="Sunday"')).toBeLessThan(html.indexOf('aria-label="Monday"'));
    expect(html).toContain('March 2024');
    const cell = (day: string) => new RegExp(`<td[^>]*data-day="${day}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(cell('2024-03-03')).toContain('data-disabled="true"');
    expect(cell('2024-03-04')).not.toContain('data-disabled');
    expect(cell('2024-03-12')).toContain('data-disabled="true"');
    expect(cell('2024-03-21')).toContain('data-disabled="true"');
    expect(cell('2024-03-05')).toContain('aria-selected="true"');
    expect(html).toContain('aria-label="Tuesday, March 5, 2024"');
    expect(html).toContain('name="air_date" value="2024-03-05"');
  });
});
