import { describe, expect, it } from 'vitest';
import { canonicalText, stem } from '../../src/lib/server/help/search-terms';

describe('Help search terms', () => {
  it('stem word forms to one term', () => {
    expect(new Set(['refund', 'refunds', 'refunded', 'refunding'].map(stem))).toEqual(new Set(['refund']));
    expect(new Set(['cancel', 'cancelled', 'cancels', 'canceled'].map(stem))).toEqual(new Set(['cancel']));
    expect(stem('changing')).toBe(stem('change'));
    expect(stem('dates')).toBe(stem('date'));
  });

  it('fold synonym phrases into their group term', () => {
    expect(canonicalText('I want my Money  Back')).toBe('I want my refund');
    expect(canonicalText('chargeback')).toBe('refund');
    expect(canonicalText('move the release date')).toBe('move the airdate');
    expect(canonicalText('withdraw earnings')).toBe('payout');
    expect(canonicalText('withdraw the proposal')).toBe('cancel the proposal');
    expect(canonicalText('cancellation')).toBe('cancel');
  });
});
