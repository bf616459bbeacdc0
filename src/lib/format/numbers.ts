/** Rounds to one decimal and drops a trailing ".0". */
function oneDecimal(n: number): string {
  return (Math.round(n * 10) / 10).toFixed(1).replace(/\.0$/, '');
}

/** Shortens a number with K for thousands and M for millions: 999 → "999", 1200 → "1.2K", 3_400_000 → "3.4M". */
export function shortNumber(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '0';
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  if (abs < 1000) return sign + oneDecimal(abs);
  // 999_950 would round to "1000K": promote it to millions instead.
  if (Math.round(abs / 100) < 10_000) return `${sign}${oneDecimal(abs / 1000)}K`;
  return `${sign}${oneDecimal(abs / 1_000_000)}M`;
}
