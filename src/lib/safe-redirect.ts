/**
 * Where to send someone after sign-in, sign-up, email verification or imitation: a path of our own
 * site, or home. The value is parsed the way a browser parses a Location (WHATWG URL: tabs and newlines
 * dropped, backslashes read as slashes, dot segments resolved), so `/%09/evil.example`, `/\evil.example`
 * or `/.//evil.example` cannot turn into another site; and what is returned is the parser's own
 * serialisation, never the raw input.
 */
const BASE = 'https://cuepoint.invalid';

/** A same-origin path (with its query and fragment) to redirect to, or `fallback`. */
export function safeRedirect(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value === '' || value.length > 2048) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // '//host' and '/\host' would leave the site when a browser resolves them again.
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return fallback;
  // Going back to sign-in or sign-out after signing in loops.
  if (/^\/(login|logout)(?:[/?#]|$)/.test(path)) return fallback;
  return path;
}
