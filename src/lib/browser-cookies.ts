/** Writing the product's own non-session cookies from the browser (suffix, domain and secure flag from the page config). */
import { clientConfig } from './client-config';

/** The cookie name with the environment's suffix: `startup_popup` → `startup_popup_staging`. */
export function suffixedName(base: string): string {
  return `${base}${clientConfig().cookieSuffix}`;
}

/** Sets a cookie on path / for maxAgeSeconds, on the product's cookie domain. */
export function setCookie(name: string, value: string, maxAgeSeconds: number): void {
  const { cookieDomain, secureCookies } = clientConfig();
  document.cookie = [
    `${name}=${encodeURIComponent(value)}`,
    `max-age=${maxAgeSeconds}`,
    'path=/',
    'samesite=lax',
    ...(cookieDomain ? [`domain=${cookieDomain}`] : []),
    ...(secureCookies ? ['secure'] : []),
  ].join('; ');
}
