/** The addresses that answer as an API (JSON errors, bearer tokens), not as pages: one list for the middleware and the HTTP server. */
const API_PREFIXES = ['/api/', '/oauth/', '/broadcasting/', '/webhooks/', '/register', '/feeds/', '/media/', '/apps/', '/session/', '/internal/', '/e/'];

/** Whether a path is answered by the API rather than by a page. */
export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p));
}
