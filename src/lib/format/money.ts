/** Money is stored and sent in integer cents; this module turns it into text and back. */

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Formats cents as dollars like `$0,0[.]00`: "$1,234" when whole, "$1,234.50" otherwise. */
export function formatMoney(cents: number | null | undefined): string {
  const value = Number.isFinite(cents) ? Math.round(cents as number) : 0;
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const dollars = Math.floor(abs / 100);
  const rest = abs % 100;
  const decimals = rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`;
  return `${sign}$${groupThousands(String(dollars))}${decimals}`;
}

/** Converts a dollar amount (number or numeric text) to integer cents, rounding half up. */
export function centsFromDollars(dollars: number | string): number {
  const n = typeof dollars === 'string' ? Number(dollars.replace(/[$,\s]/g, '')) : dollars;
  if (!Number.isFinite(n)) return 0;
  // toPrecision removes binary noise (1.005 * 100 = 100.49999…) before rounding.
  return Math.round(Number((n * 100).toPrecision(15)));
}

/** Converts integer cents to a dollar number (12345 → 123.45). */
export function dollarsFromCents(cents: number): number {
  return Math.round(cents) / 100;
}
