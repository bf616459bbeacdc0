import { describe, expect, it } from 'vitest';
import { billableJobsOf, hired, isBillable, itemPrice, proposalItems, proposalTotal, selectionTotal, type PricedJob } from '~/lib/proposal-total';
import {
  cardBrandOf,
  cardDigits,
  cardLabel,
  couponDiscount,
  formatCardNumber,
  formatExpiry,
  isExpired,
  parseExpiry,
  passesLuhn,
  serviceFee,
  splitDiscount,
  transactionCode,
} from '~/lib/payments';

// A $300 spot, and a two-episode host-read at $650 an episode (the parent and its two episodes).
const proposal: PricedJob[] = [
  { id: 1, fee: 30_000, episodes: 1, is_episode: true, parent_id: null },
  { id: 2, fee: 65_000, episodes: 2, is_episode: false, parent_id: null },
  { id: 3, fee: 65_000, episodes: 1, is_episode: true, parent_id: 2 },
  { id: 4, fee: 65_000, episodes: 1, is_episode: true, parent_id: 2 },
];

describe('one rule for what a proposal costs', () => {
  it('counts each episode once, never a parent beside its children', () => {
    expect(proposalTotal(proposal)).toBe(160_000);
    expect(proposalItems(proposal).map((j) => j.id)).toEqual([1, 2]);
    expect(proposalItems(proposal).reduce((s, j) => s + itemPrice(j), 0)).toBe(160_000);
    expect(isBillable(proposal[1]!)).toBe(false);
  });

  it('prices a selected multi-episode item at all its episodes ("1 item selected · $1,300")', () => {
    expect(selectionTotal(proposal, [2])).toBe(130_000);
    expect(billableJobsOf(proposal, [2]).map((j) => j.id)).toEqual([3, 4]);
    expect(selectionTotal(proposal, [1, 2])).toBe(160_000);
    // Choosing an episode and its parent still counts the episode once.
    expect(selectionTotal(proposal, [2, 3])).toBe(130_000);
  });

  it('leaves declined jobs out, as the database and the payloads mark them', () => {
    expect(proposalTotal([...proposal.slice(0, 3), { ...proposal[3]!, declined_at: new Date() }])).toBe(95_000);
    expect(proposalTotal([{ ...proposal[0]!, is_declined: true }, ...proposal.slice(1)])).toBe(130_000);
  });
});

describe('cards', () => {
  it('checks numbers with Luhn and names their brand', () => {
    const cases: [string, string][] = [
      ['4242 4242 4242 4242', 'visa'],
      ['5555 5555 5555 4444', 'mastercard'],
      ['2223 0031 2200 3222', 'mastercard'],
      ['3782 822463 10005', 'amex'],
      ['6011 1111 1111 1117', 'discover'],
      ['3056 9300 0902 0004', 'diners'],
      ['3566 0020 2036 0505', 'jcb'],
      ['6200 0000 0000 0005', 'unionpay'],
    ];
    for (const [n, brand] of cases) {
      expect(passesLuhn(cardDigits(n)), n).toBe(true);
      expect(cardBrandOf(cardDigits(n)), n).toBe(brand);
    }
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('12')).toBe(false);
    expect(cardBrandOf('9999')).toBeNull();
  });

  it('formats what is typed and reads the expiry', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('42a4-2')).toBe('4242');
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('1')).toBe('1');
    expect(parseExpiry('12 / 34')).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry('07/2031')).toEqual({ month: 7, year: 2031 });
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('soon')).toBeNull();
    expect(isExpired(1, 2020, new Date('2026-03-01'))).toBe(true);
    expect(isExpired(3, 2026, new Date('2026-03-31'))).toBe(false);
    expect(isExpired(2, 2026, new Date('2026-03-01'))).toBe(true);
    expect(cardLabel({ type: 'amex', last_four: '0005' })).toBe('American Express •••• 0005');
  });
});

describe('money arithmetic', () => {
  it('takes a coupon off, never more than the total', () => {
    expect(couponDiscount({ percent_off: 20, amount_off: null }, 80_000)).toBe(16_000);
    expect(couponDiscount({ percent_off: 15, amount_off: null }, 33_333)).toBe(5_000);
    expect(couponDiscount({ percent_off: null, amount_off: 5_000 }, 80_000)).toBe(5_000);
    expect(couponDiscount({ percent_off: null, amount_off: 90_000 }, 80_000)).toBe(80_000);
    expect(couponDiscount(null, 80_000)).toBe(0);
  });

  it('shares a discount over the jobs so the shares add up exactly', () => {
    expect(splitDiscount([30_000, 10_000], 4_000)).toEqual([3_000, 1_000]);
    const shares = splitDiscount([33_333, 33_333, 33_334], 10_001);
    expect(shares.reduce((s, x) => s + x, 0)).toBe(10_001);
    expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
    expect(splitDiscount([100, 0], 0)).toEqual([0, 0]);
  });

  it('keeps the service fee to the cent and names transactions', () => {
    expect(serviceFee(30_000, 10)).toBe(3_000);
    expect(serviceFee(12_345, 10)).toBe(1_235);
    expect(serviceFee(20_000, 15)).toBe(3_000);
    expect(transactionCode(2026, 123)).toBe('TX-2026-000123');
  });
});

describe('the hired figure', () => {
  const job = (id: number, fee: number, over: Partial<PricedJob> = {}): PricedJob => ({ id, fee, episodes: 1, is_episode: true, ...over });
  it('counts the hires that stand, each at the total of the jobs it hired', () => {
    const hires = [
      { status: 'funded', jobs: [job(1, 30_000), job(2, 20_000, { declined_at: '2026-01-01' })] },
      { status: 'new', jobs: [job(3, 10_000), job(4, 10_000, { parent_id: 9 })] },
      { status: 'cancelled', jobs: [job(5, 99_900)] },
    ];
    expect(hired(hires)).toEqual({ count: 2, total: 50_000 });
    expect(hired([])).toEqual({ count: 0, total: 0 });
  });
});
