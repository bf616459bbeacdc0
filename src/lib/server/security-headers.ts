/**
 * The headers every answer carries. Pages get a strict Content-Security-Policy: Astro 7's built-in CSP
 * (security.csp in astro.config.mjs) lists the SHA-256 of every script and style it emits, so no
 * injected script runs, inline event handlers included (no 'unsafe-inline' for scripts); this module
 * adds the directives that depend on configuration (the realtime host) and forbids framing.
 */
import { config } from './config';

let pageDirectives: { appUrl: string; value: string } | null = null;

/** The CSP directives of a page besides Astro's script-src and style-src. */
function pageCsp(): string {
  const c = config();
  if (pageDirectives?.appUrl === c.appUrl) return pageDirectives.value;
  const app = new URL(c.appUrl);
  const ws = `${app.protocol === 'https:' ? 'wss' : 'ws'}://${app.host}`;
  const connect = ["'self'", ws];
  if (c.pusher.host) {
    const port = c.pusher.port ? `:${c.pusher.port}` : '';
    connect.push(`${c.pusher.scheme}://${c.pusher.host}${port}`, `${c.pusher.scheme === 'https' ? 'wss' : 'ws'}://${c.pusher.host}${port}`);
  }
  const directives = [
    "default-src 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "frame-src 'self'",
    `connect-src ${connect.join(' ')}`,
    // Artwork and audio of imported shows come from their hosts.
    "img-src 'self' data: blob: https: http:",
    "media-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    ...(app.protocol === 'https:' ? ['upgrade-insecure-requests'] : []),
  ];
  pageDirectives = { appUrl: c.appUrl, value: directives.join('; ') };
  return pageDirectives.value;
}

// Features no screen uses are turned off for the page and anything it embeds.
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()';

/**
 * Adds the security headers to a response (a copy when its headers cannot be changed). `styleNonce` admits
 * the <style> elements libraries create at run time (the audio player's shadow DOM, the editor).
 */
export function withSecurityHeaders(response: Response, path: string, styleNonce?: string): Response {
  let target = response;
  try {
    response.headers.set('x-content-type-options', 'nosniff');
  } catch {
    target = new Response(response.body, response);
  }
  const h = target.headers;
  h.set('x-content-type-options', 'nosniff');
  h.set('referrer-policy', 'strict-origin-when-cross-origin');
  h.set('permissions-policy', PERMISSIONS_POLICY);
  if (config().appUrl.startsWith('https:')) h.set('strict-transport-security', 'max-age=31536000');
  // Our own pages preview stored files (PDFs) in a frame; nothing else may be framed, and nothing by others.
  const framable = path.startsWith('/api/file/');
  h.set('x-frame-options', framable ? 'SAMEORIGIN' : 'DENY');
  const type = h.get('content-type') ?? '';
  const csp = h.get('content-security-policy');
  if (type.startsWith('text/html')) {
    // Once per answer: a page rewritten to another (the 404 page) passes here twice, and a policy that
    // names a directive twice makes the browser ignore the second and log an error for each.
    if (csp?.startsWith(pageCsp())) return target;
    // HTML that Astro did not render (a small page of an endpoint) runs no inline script either.
    const astro = csp && styleNonce ? csp.replace(/(^|;\s*)style-src /, `$1style-src 'nonce-${styleNonce}' `) : csp;
    h.set('content-security-policy', astro ? `${pageCsp()}; ${astro}` : `${pageCsp()}; script-src 'self'; style-src 'self' 'unsafe-inline'`);
    h.set('cross-origin-opener-policy', 'same-origin');
  } else if (!csp) {
    h.set('content-security-policy', `default-src 'none'; frame-ancestors ${framable ? "'self'" : "'none'"}; sandbox`);
  }
  return target;
}
