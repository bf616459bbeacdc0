/** Guards for endpoints: who is calling, and in which role. */
import { forbidden, unauthenticated } from '../http';
import type { SessionUser } from '../users/session-user';

/** The signed-in user, or a 401. */
export function requireUser(locals: App.Locals): SessionUser {
  if (!locals.user) throw unauthenticated();
  return locals.user;
}

/** The signed-in user in one of the roles, or a 403. */
export function requireRole(locals: App.Locals, ...types: SessionUser['type'][]): SessionUser {
  const user = requireUser(locals);
  if (!types.includes(user.type)) throw forbidden();
  return user;
}

/** The client's address, for throttling. */
export function clientAddress(request: Request, fallback: () => string): string {
  const forwarded = request.headers.get('x-forwarded-for');
  if (process.env.TRUST_PROXY === 'true' && forwarded) return forwarded.split(',')[0]!.trim();
  try {
    return fallback();
  } catch {
    return 'unknown';
  }
}

/** True when a cookie-authenticated form post comes from our own pages (CSRF check). */
export function sameOrigin(request: Request, url: URL): boolean {
  const origin = request.headers.get('origin');
  if (origin) return origin === url.origin;
  const site = request.headers.get('sec-fetch-site');
  return site === 'same-origin' || site === null;
}
