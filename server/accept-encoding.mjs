// The one reading of Accept-Encoding, shared by the HTTP layer (server/http-delivery.mjs) and the hosted
// feed (src/lib/server/hosting/serve-feed.ts), so both pick the same encoding for the same client.

/**
 * The client's accepted encodings with their weights (Accept-Encoding, RFC 9110 §12.5.3).
 * @param {string | null | undefined} header
 * @returns {Map<string, number>}
 */
function acceptedEncodings(header) {
  const accepted = new Map();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  return accepted;
}

/**
 * Brotli when the client takes it, else gzip, else null (q=0 refuses; `*` stands for any other).
 * @param {string | null | undefined} header
 * @returns {'br' | 'gzip' | null}
 */
export function pickEncoding(header) {
  const accepted = acceptedEncodings(header);
  const weight = (/** @type {string} */ name) => accepted.get(name) ?? (accepted.has('*') ? accepted.get('*') : 0) ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}
