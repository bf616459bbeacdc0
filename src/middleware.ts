/**
 * Every request passes here, in order: security headers on every answer; API errors become JSON; the
 * boundary (paths and queries holding unsafe text, methods a route does not take); the CSRF check for
 * cookie-authenticated requests; authentication from the bearer token or cookie; and, for pages, THE
 * route table before rendering.
 */
import { randomBytes } from 'node:crypto';
import { defineMiddleware, sequence } from 'astro:middleware';
import { errorResponse, HttpError, isUnsafeText, json, sameOrigin } from './lib/server/http';
import { databaseInputError } from './lib/server/db';
import { INVALID_REQUEST, oauthError, authenticate, bearerToken, touchLastSeen } from './lib/server/users';
import { mayAccess, rootRedirect } from './lib/server/shell';
import { withSecurityHeaders } from './lib/server/security-headers';
import { ensureBooted } from './lib/server/runtime';
import { sharePageReads, withPageReads } from './lib/server/cache';
import { isApiPath } from './lib/server/api-paths';
import { fillPath, matchRoute } from './routes';

// This instance shares its page-read invalidations with the others (PostgreSQL only).
sharePageReads();

/** Where an admin without a second factor is led (GitHub's required 2FA), and what still works until then. */
const TWO_FACTOR_SETUP = '/two-factor/setup';
const ENROLMENT_PAGES = new Set(['two-factor.setup', 'logout', 'help', 'help.article', 'page404', 'icons', 'verification', 'unsubscribed', 'verify.email']);
const ENROLMENT_API = [/^\/api\/user$/, /^\/api\/user\/two-factor(\/|$)/, /^\/session(\/|$)/, /^\/api\/initialize$/];
const ADMIN_TWO_FACTOR_REQUIRED = 'Admins must turn on two-factor authentication before they can do anything else. Set it up at /two-factor/setup.';

type Next = Parameters<Parameters<typeof defineMiddleware>[0]>[1];

const isApi = isApiPath;
const isAsset = (path: string) =>
  path.startsWith('/_astro/') || path.startsWith('/_image') || /\.(ico|png|svg|jpg|webp|css|js|txt|xml|webmanifest|woff2?)$/.test(path);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const PAGE_METHODS = ['GET', 'HEAD', 'POST'];

// The endpoint modules, loaded on demand to learn which methods a route exports (the 405's Allow).
const endpoints = import.meta.glob<Record<string, unknown>>('./pages/**/*.ts');
const endpointByPattern = new Map(
  Object.entries(endpoints).map(([file, load]) => [
    file
      .replace(/^\.\/pages/, '')
      .replace(/\.ts$/, '')
      .replace(/\/index$/, '') || '/',
    load,
  ]),
);
const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The methods an endpoint route exports (HEAD with GET), or null when the pattern is no endpoint. */
async function exportedMethods(pattern: string): Promise<string[] | null> {
  const load = endpointByPattern.get(pattern);
  if (!load) return null;
  const mod = await load();
  if (typeof mod.ALL === 'function') return null;
  const methods = HTTP_METHODS.filter((m) => typeof mod[m] === 'function');
  if (methods.includes('GET') && !methods.includes('HEAD')) methods.splice(1, 0, 'HEAD');
  return methods;
}

const methodNotAllowed = (allow: string[]) => json({ message: 'The method is not supported for this route.', allow }, 405, { allow: allow.join(', ') });

async function notFoundPage(next: Next): Promise<Response> {
  const response = await next('/page404');
  return new Response(response.body, { status: 404, headers: response.headers });
}

/**
 * 16 random bytes for a nonce, cut from a pool filled 4 KB at a time: one call into the system's
 * random source per 256 answers instead of one per answer (it cost ~3 % of a page's CPU time).
 */
const NONCE_BYTES = 16;
let noncePool = Buffer.alloc(0);
let nonceAt = 0;
function nonce(): string {
  if (nonceAt + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_BYTES * 256);
    nonceAt = 0;
  }
  nonceAt += NONCE_BYTES;
  return noncePool.toString('base64', nonceAt - NONCE_BYTES, nonceAt);
}

/** Every answer: nosniff, referrer and permissions policies, no framing, and the pages' CSP (with this response's style nonce). */
const securityHeaders = defineMiddleware(async (context, next) => {
  context.locals.cspNonce = nonce();
  return withSecurityHeaders(await next(), context.url.pathname, context.locals.cspNonce);
});

/** Turns anything an API endpoint throws into the JSON error shape; a method the route does not export is a 405 with Allow. */
const apiErrors = defineMiddleware(async (context, next) => {
  if (!isApi(context.url.pathname)) return next();
  const allow = context.routePattern ? await exportedMethods(context.routePattern) : null;
  if (allow && !allow.includes(context.request.method.toUpperCase())) return methodNotAllowed(allow);
  try {
    return await next();
  } catch (error) {
    return errorResponse(error);
  }
});

/**
 * Paths and queries are text like any other input: a NUL (or a segment that is not UTF-8) in the path is
 * a path we do not serve (404), one in the query a 422 naming the parameter (the 404 page on pages).
 * Pages take GET, HEAD and POST (forms) only.
 */
const boundary = defineMiddleware(async (context, next) => {
  const { pathname, searchParams } = context.url;
  if (isAsset(pathname)) return next();
  const api = isApi(pathname);
  let badPath = false;
  for (const segment of pathname.split('/')) {
    try {
      if (isUnsafeText(decodeURIComponent(segment))) badPath = true;
    } catch {
      badPath = true;
    }
  }
  const badParam = [...searchParams.entries()].find(([k, v]) => isUnsafeText(k) || isUnsafeText(v));
  if (api) {
    if (badPath) return errorResponse(new HttpError(404, 'Not Found.'));
    if (badParam && pathname.startsWith('/oauth/')) return errorResponse(oauthError('invalid_request', INVALID_REQUEST));
    if (badParam) {
      const field = isUnsafeText(badParam[0]) ? 'query' : badParam[0];
      return errorResponse(
        new HttpError(422, `The ${field} field contains characters that are not allowed.`, {
          [field]: [`The ${field} field contains characters that are not allowed.`],
        }),
      );
    }
    return next();
  }
  if (badPath || badParam) return notFoundPage(next);
  if (!PAGE_METHODS.includes(context.request.method.toUpperCase()))
    return new Response('Method Not Allowed', { status: 405, headers: { allow: PAGE_METHODS.join(', '), 'content-type': 'text/plain; charset=utf-8' } });
  return next();
});

/**
 * CSRF: a state-changing request authenticated by our cookies (a page form, /logout, /session) must come
 * from our own pages. API calls authenticate by bearer token only, which no other site can attach.
 */
const csrf = defineMiddleware(async (context, next) => {
  const { request, url } = context;
  const path = url.pathname;
  if (SAFE_METHODS.has(request.method.toUpperCase()) || bearerToken(request)) return next();
  if (isApi(path) && !path.startsWith('/session/') && path !== '/session') return next();
  if (sameOrigin(request, url)) return next();
  const message = 'That request did not come from this page. Go back, reload the page and try again.';
  return isApi(path) ? json({ message }, 403) : new Response(message, { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8' } });
});

/** Sets locals.user (null when signed out) and locals.accessToken. */
const authenticateRequest = defineMiddleware(async (context, next) => {
  context.locals.user = null;
  context.locals.accessToken = null;
  context.locals.route = null;
  const path = context.url.pathname;
  if (isAsset(path)) return next();
  await ensureBooted();
  const found = await authenticate(context.request, context.cookies, !isApi(path), { seen: true });
  if (found) {
    context.locals.user = found.user;
    context.locals.accessToken = found.accessToken;
    void touchLastSeen(found.user).catch(() => undefined);
  }
  return next();
});

/**
 * Admins act for every user (imitation, approvals, coupons, support): an admin account without a second
 * factor may only set one up. Its pages lead to /two-factor/setup; its API calls answer 403
 * `{error: 'two_factor_required'}`, except the enrolment calls themselves.
 */
const adminTwoFactor = defineMiddleware(async (context, next) => {
  const user = context.locals.user;
  if (user?.type !== 'ADMIN' || user.imitatedBy !== null || user.row.two_factor_enabled_at) return next();
  const path = context.url.pathname;
  if (isAsset(path) || context.isPrerendered) return next();
  if (isApi(path)) {
    if (ENROLMENT_API.some((r) => r.test(path))) return next();
    return json({ message: ADMIN_TWO_FACTOR_REQUIRED, error: 'two_factor_required', setup_url: TWO_FACTOR_SETUP }, 403);
  }
  const match = matchRoute(path);
  if (!match || ENROLMENT_PAGES.has(match.route.name)) return next();
  return context.redirect(`${TWO_FACTOR_SETUP}?redirect=${encodeURIComponent(path + context.url.search)}`);
});

/** True when a page failed on its input (an unknown or out-of-range id): it answers the 404 page. */
function isNotFoundInput(error: unknown): boolean {
  if (error instanceof HttpError) return error.status === 404 || error.status === 422;
  return databaseInputError(error) !== null;
}

/** Enforces the route table: guest, sign-in, role and hosted marks, redirects, and the 404 page. */
const guardRoutes = defineMiddleware(async (context, next) => {
  const path = context.url.pathname;
  if (isApi(path) || isAsset(path) || context.isPrerendered) return next();
  const match = matchRoute(path);
  if (!match) return notFoundPage(next);
  context.locals.route = match;
  const { route, params } = match;
  const user = context.locals.user;
  if (route.access === 'guest') {
    if (user) return context.redirect('/');
  } else if (route.access !== 'public') {
    if (!user) return context.redirect(`/login?redirect=${encodeURIComponent(path + context.url.search)}`);
    if (!(await mayAccess(user, route.access))) return notFoundPage(next);
    const to = await rootRedirect(user, route);
    if (to && to !== path) return context.redirect(to);
  }
  if (route.redirect) return context.redirect(fillPath(route.redirect, params));
  if (route.name === 'settings' && user)
    return context.redirect(user.type === 'PODCASTER' ? '/settings/manage-podcasts' : user.type === 'BRAND' ? '/settings/profile' : '/settings/account');
  let response: Response;
  try {
    // A page view's reads come from the page-read cache (a form's POST reads afresh): see db/read-cache.ts.
    response = await (context.request.method === 'POST' ? next() : withPageReads(next));
  } catch (error) {
    if (isNotFoundInput(error)) return notFoundPage(next);
    throw error;
  }
  if (!response.headers.has('cache-control')) response.headers.set('cache-control', 'private, no-store');
  return response;
});

export const onRequest = sequence(securityHeaders, apiErrors, boundary, csrf, authenticateRequest, adminTwoFactor, guardRoutes);
