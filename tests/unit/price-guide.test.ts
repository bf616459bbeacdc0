/** The price guide's arithmetic (src/lib/verified-audience.ts, docs/measurement.md#figures). */
import { describe, expect, it } from 'vitest';
import { pricePerThousand } from '../../src/lib/verified-audience';

describe('price guide: cents per thousand verified downloads', () => {
  it('is the total over (median × spots) × 1,000, in whole cents', () => {
    // $500 for 2 spots of 2,000 downloads: $500 / 4,000 × 1,000 = $125.
    expect(pricePerThousand(50_000, 2, 2_000)).toBe(12_500);
    // $300 for 1 spot of 7 downloads: 30,000,000 / 7 = 4,285,714.28… → 4,285,714 cents.
    expect(pricePerThousand(30_000, 1, 7)).toBe(4_285_714);
    // Rounds half up to the cent: 1,000 × 1,000 / (3 × 2) = 166,666.67 → 166,667.
    expect(pricePerThousand(1_000, 3, 2)).toBe(166_667);
    expect(Number.isInteger(pricePerThousand(99_999, 3, 1_234))).toBe(true);
  });

  it('has no value without a verified median or a spot', () => {
    expect(pricePerThousand(50_000, 2, null)).toBeNull();
    expect(pricePerThousand(50_000, 2, 0)).toBeNull();
    expect(pricePerThousand(50_000, 0, 2_000)).toBeNull();
  });
});
