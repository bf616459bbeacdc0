/**
 * The words of Help search: synonyms folded into one term, then a light suffix stemmer, applied the
 * same way to the articles and to the query, so "money back", "refunds" and "refunded" all meet "refund".
 */

/** Each group's phrases, written as users type them; the first is the term they all become. */
const SYNONYMS: readonly (readonly string[])[] = [
  ['payout', 'pay out', 'payouts', 'withdraw earnings', 'withdraw my earnings', 'cash out', 'get paid'],
  ['refund', 'money back', 'chargeback', 'charge back', 'reimburse', 'reimbursement'],
  ['cancel', 'cancellation', 'cancelation', 'withdraw'],
  ['airdate', 'air date', 'publish date', 'publication date', 'release date', 'go live date', 'schedule', 'reschedule'],
];

const pairs = SYNONYMS.flatMap((group) => group.map((phrase) => [phrase, group[0]!] as const)).sort((a, b) => b[0].length - a[0].length);
const pattern = new RegExp(`\\b(?:${pairs.map(([p]) => p.replace(/ /g, '\\s+')).join('|')})\\b`, 'gi');
const canonicalOf = new Map(pairs.map(([p, c]) => [p, c]));

/** The text with every synonym phrase replaced by its group's term (longest phrase first). */
export function canonicalText(text: string): string {
  return text.replace(pattern, (m) => canonicalOf.get(m.toLowerCase().replace(/\s+/g, ' ')) ?? m);
}

/** A word's stem: lower case, common English endings dropped ("refunded", "refunds" → "refund"). */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, '');
  const strip = (suffix: string, by = '') => {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length) + by;
      return true;
    }
    return false;
  };
  strip('ies', 'y') || strip('sses', 'ss') || (!w.endsWith('ss') && !w.endsWith('us') && strip('s'));
  const ending = strip('ing') || strip('ed');
  if (ending && /([^aeiouslz])\1$|ll$/.test(w) && w.length > 4) w = w.slice(0, -1);
  strip('e');
  return w;
}
