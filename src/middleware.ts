/**
 * Every request passes here: errors of the API become JSON, the user is authenticated from the
 * bearer token or cookie, and page requests are checked against THE route table before rendering.
 */
import { defineMiddleware, sequence } from 'astro:middleware';
import { errorResponse } from './lib/server/http';
import { authenticate } from './lib/server/session/authenticate';
import { mayAccess, rootRedirect } from './lib/server/session/access';
import { touchLastSeen } from './lib/server/users/session-user';
import { ensureBooted } from './lib/server/runtime';
import { fillPath, matchRoute } from './routes';

const API_PREFIXES = ['/api/', '/oauth/', '/broadcasting/', '/webhooks/', '/register', '/feeds/', '/media/', '/apps/'];
const isApi = (path: string) => API_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p));
const isAsset = (path: string) =>
  path.startsWith('/_astro/') || path.startsWith('/_image') || /\.(ico|png|svg|jpg|webp|css|js|txt|xml|webmanifest|woff2?)$/.test(path);

/** Turns anything an API endpoint throws into the JSON error shape; pages keep Astro's handling. */
const apiErrors = defineMiddleware(async (context, next) => {
  if (!isApi(context.url.pathname)) return next();
  try {
    return await next();
  } catch (error) {
    return errorResponse(error);
  }
});

/** Sets locals.user (null when signed out) and locals.accessToken. */
const authenticateRequest = defineMiddleware(async (context, next) => {
  context.locals.user = null;
  context.locals.accessToken = null;
  context.locals.route = null;
  const path = context.url.pathname;
  if (isAsset(path)) return next();
  await ensureBooted();
  const found = await authenticate(context.request, context.cookies, !isApi(path));
  if (found) {
    context.locals.user = found.user;
    context.locals.accessToken = found.accessToken;
    void touchLastSeen(found.user).catch(() => undefined);
  }
  return next();
});

async function notFoundPage(next: Parameters<Parameters<typeof defineMiddleware>[0]>[1]): Promise<Response> {
  const response = await next('/page404');
  return new Response(response.body, { status: 404, headers: response.headers });
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
  const response = await next();
  if (!response.headers.has('cache-control')) response.headers.set('cache-control', 'private, no-store');
  return response;
});

export const onRequest = sequence(apiErrors, authenticateRequest, guardRoutes);
