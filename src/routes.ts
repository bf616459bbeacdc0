/**
 * THE route table: every path of marketplace-core §2 and hosting §2, its shell and its access mark.
 * The middleware enforces it before any page renders; tests walk it.
 */
export type Shell = 'app' | 'minimal' | 'bare' | 'login';
/**
 * guest: only for visitors not signed in (a signed-in user goes home).
 * public: anyone (links from mail, the 404 and icon pages).
 * signed-in / brand / podcaster / hosted / admin: a guest goes to /login; a wrong role gets the 404 page.
 */
export type Access = 'guest' | 'public' | 'signed-in' | 'brand' | 'podcaster' | 'hosted' | 'admin';

export interface RouteDef {
  path: string;
  name: string;
  shell: Shell;
  access: Access;
  /** Where the path redirects to, with its params filled in. */
  redirect?: string;
}

export const routes: RouteDef[] = [
  // Guest and public
  { path: '/login', name: 'login', shell: 'login', access: 'guest' },
  { path: '/sign-up/hosting/{token}', name: 'sign-up.hosting', shell: 'login', access: 'guest' },
  { path: '/sign-up/{data?}', name: 'sign-up', shell: 'login', access: 'guest' },
  { path: '/password/reset', name: 'password.request', shell: 'bare', access: 'guest' },
  { path: '/password/reset/{token}', name: 'password.reset', shell: 'bare', access: 'guest' },
  { path: '/verification/{verificationId}/{verificationCode}', name: 'verification', shell: 'bare', access: 'public' },
  { path: '/unsubscribed', name: 'unsubscribed', shell: 'bare', access: 'public' },
  { path: '/page404', name: 'page404', shell: 'bare', access: 'public' },
  { path: '/icons', name: 'icons', shell: 'bare', access: 'public' },
  { path: '/logout', name: 'logout', shell: 'bare', access: 'public' },
  // The Help Center: readable signed in or not (someone who cannot sign in needs it most).
  { path: '/help', name: 'help', shell: 'app', access: 'public' },
  { path: '/help/{slug}', name: 'help.article', shell: 'app', access: 'public' },
  // The embedded test-mode payment provider's account page (Stripe Connect / PayPal stand-in); 404 when the real provider is configured.
  { path: '/test-provider/{provider}/authorize', name: 'test-provider.authorize', shell: 'bare', access: 'signed-in' },
  // Test-only: the interface kit's islands in use; the page answers 404 unless APP_ENV=test.
  { path: '/dev/kit', name: 'dev.kit', shell: 'app', access: 'signed-in' },

  // Shared, signed in
  { path: '/', name: 'home', shell: 'app', access: 'signed-in' },
  { path: '/verify/email', name: 'verify.email', shell: 'bare', access: 'signed-in' },
  { path: '/workrooms', name: 'workrooms', shell: 'app', access: 'signed-in' },
  { path: '/workrooms/{type}/{id}', name: 'workrooms.show', shell: 'app', access: 'signed-in' },
  { path: '/completed-ads', name: 'completed-ads', shell: 'app', access: 'signed-in' },
  { path: '/podcast/{id}', name: 'podcast.show', shell: 'app', access: 'signed-in' },
  { path: '/dashboard', name: 'dashboard', shell: 'app', access: 'signed-in' },
  { path: '/dashboard/{tab}', name: 'dashboard.tab', shell: 'app', access: 'signed-in' },
  { path: '/settings', name: 'settings', shell: 'app', access: 'signed-in' },
  { path: '/settings/account', name: 'settings.account', shell: 'app', access: 'signed-in' },
  { path: '/settings/signin-method', name: 'settings.signin-method', shell: 'app', access: 'signed-in' },
  { path: '/settings/notifications', name: 'settings.notifications', shell: 'app', access: 'signed-in' },
  // Two-factor enrolment (issue 34): where an admin without a second factor is led before anything else works.
  { path: '/two-factor/setup', name: 'two-factor.setup', shell: 'login', access: 'signed-in' },

  // Brand only
  { path: '/campaigns', name: 'campaigns', shell: 'app', access: 'brand' },
  { path: '/campaign/create', name: 'campaign.create', shell: 'app', access: 'brand', redirect: '/campaign/create/details' },
  { path: '/campaign/create/{tab}', name: 'campaign.create.tab', shell: 'app', access: 'brand' },
  { path: '/campaign/{id}/confirmation', name: 'campaign.confirmation', shell: 'app', access: 'brand' },
  { path: '/campaign/{id}/edit', name: 'campaign.edit', shell: 'app', access: 'brand', redirect: '/campaign/{id}/edit/details' },
  { path: '/campaign/{id}/edit/{tab}', name: 'campaign.edit.tab', shell: 'app', access: 'brand' },
  { path: '/campaign/{id}/stats', name: 'campaign.stats', shell: 'app', access: 'brand' },
  { path: '/campaign/{id}', name: 'campaign.show', shell: 'app', access: 'brand', redirect: '/campaign/{id}/new' },
  { path: '/hirings', name: 'hirings', shell: 'app', access: 'brand', redirect: '/hirings/overview' },
  { path: '/hirings/overview', name: 'hirings.overview', shell: 'app', access: 'brand' },
  { path: '/hirings/fund', name: 'hirings.fund', shell: 'app', access: 'brand' },
  { path: '/hirings/confirmation', name: 'hirings.confirmation', shell: 'app', access: 'brand' },
  { path: '/settings/profile', name: 'settings.profile', shell: 'app', access: 'brand' },
  { path: '/settings/payments', name: 'settings.payments', shell: 'app', access: 'brand' },
  // A receipt of a payment or refund (issue 11; the spec shows no path), linked from the history and the mail.
  { path: '/settings/payments/receipts/{code}', name: 'settings.payments.receipt', shell: 'app', access: 'brand' },
  { path: '/settings/hires', name: 'settings.hires', shell: 'app', access: 'brand' },
  { path: '/settings/attribution', name: 'settings.attribution', shell: 'app', access: 'brand' },
  { path: '/settings/attribution/{id}/edit', name: 'settings.attribution.edit', shell: 'app', access: 'brand' },
  { path: '/settings/attribution/{id}/edit/campaigns', name: 'settings.attribution.edit.campaigns', shell: 'app', access: 'brand' },
  { path: '/settings/attribution/{id}/edit/events', name: 'settings.attribution.edit.events', shell: 'app', access: 'brand' },

  // Podcaster only (the proposal paths come before the brand's /campaign/{id}/{tab})
  {
    path: '/campaign/{campaignId}/proposal/create',
    name: 'proposal.create',
    shell: 'app',
    access: 'podcaster',
    redirect: '/campaign/{campaignId}/proposal/create/step-1',
  },
  { path: '/campaign/{campaignId}/proposal/create/{step}', name: 'proposal.create.step', shell: 'app', access: 'podcaster' },
  { path: '/campaign/{campaignId}/proposal/confirmation', name: 'proposal.confirmation', shell: 'app', access: 'podcaster' },
  {
    path: '/campaign/{campaignId}/proposal/{packageId}/edit',
    name: 'proposal.edit',
    shell: 'app',
    access: 'podcaster',
    redirect: '/campaign/{campaignId}/proposal/{packageId}/edit/step-1',
  },
  { path: '/campaign/{campaignId}/proposal/{packageId}/edit/{step}', name: 'proposal.edit.step', shell: 'app', access: 'podcaster' },
  { path: '/campaign/{campaignId}/proposal/{packageId}/confirmation', name: 'proposal.edit.confirmation', shell: 'app', access: 'podcaster' },
  { path: '/sponsorships', name: 'sponsorships', shell: 'app', access: 'podcaster' },
  { path: '/sponsorships/{tab}', name: 'sponsorships.tab', shell: 'app', access: 'podcaster' },
  { path: '/settings/earnings', name: 'settings.earnings', shell: 'app', access: 'podcaster' },
  { path: '/settings/payout-method', name: 'settings.payout-method', shell: 'app', access: 'podcaster' },
  { path: '/settings/manage-podcasts', name: 'settings.manage-podcasts', shell: 'app', access: 'podcaster' },
  { path: '/onboarding', name: 'onboarding', shell: 'minimal', access: 'podcaster' },
  { path: '/hosting/apply', name: 'hosting.application.index', shell: 'app', access: 'podcaster' },

  // Brand: the proposal feed, after every more specific /campaign/{id}/… path
  { path: '/campaign/{id}/{tab}', name: 'campaign.feed', shell: 'app', access: 'brand' },

  // Hosted only
  { path: '/hosting/dashboard', name: 'hosting.dashboard.index', shell: 'app', access: 'hosted' },
  { path: '/hosting/episodes', name: 'hosting.episodes.index', shell: 'app', access: 'hosted' },
  { path: '/hosting/episode/{hash_id}/edit', name: 'hosting.episodes.edit', shell: 'app', access: 'hosted' },
  { path: '/hosting/episode/{hash_id}/success', name: 'hosting.episodes.success', shell: 'app', access: 'hosted' },
  { path: '/hosting/feed', name: 'hosting.feed.index', shell: 'app', access: 'hosted' },
  { path: '/hosting/reports', name: 'hosting.reports.index', shell: 'app', access: 'hosted' },
  { path: '/hosting/platform', name: 'hosting.platform.index', shell: 'app', access: 'hosted' },

  // Admin (not in the spec's route list: the spec has admins imitate users; this is where they do it)
  { path: '/admin', name: 'admin', shell: 'app', access: 'admin' },
  { path: '/admin/campaigns', name: 'admin.campaigns', shell: 'app', access: 'admin' },
  { path: '/admin/hosting', name: 'admin.hosting', shell: 'app', access: 'admin' },
  { path: '/admin/manual-stats', name: 'admin.manual-stats', shell: 'app', access: 'admin' },
  { path: '/admin/support', name: 'admin.support', shell: 'app', access: 'admin' },
  { path: '/admin/podcasts', name: 'admin.podcasts', shell: 'app', access: 'admin' },
  { path: '/admin/jobs', name: 'admin.jobs', shell: 'app', access: 'admin' },
  { path: '/admin/coupons', name: 'admin.coupons', shell: 'app', access: 'admin' },
  { path: '/admin/disputes', name: 'admin.disputes', shell: 'app', access: 'admin' },
];

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** A pattern's segment: a literal, or a {name} (optional when written {name?}). */
type PatternPart = { literal: string } | { param: string; optional: boolean };

/** Patterns split once, not on every request (matchRoute tries many of them per request). */
const compiledPatterns = new Map<string, PatternPart[]>();

function compilePattern(pattern: string): PatternPart[] {
  let parts = compiledPatterns.get(pattern);
  if (!parts) {
    parts = segments(pattern).map((part) => {
      const param = /^\{(\w+)(\?)?\}$/.exec(part);
      return param ? { param: param[1]!, optional: !!param[2] } : { literal: part };
    });
    compiledPatterns.set(pattern, parts);
  }
  return parts;
}

function matchSegments(want: PatternPart[], have: string[]): Record<string, string> | null {
  if (have.length > want.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i]!;
    const value = have[i];
    if ('literal' in part) {
      if (part.literal !== value) return null;
    } else if (value === undefined) {
      if (!part.optional) return null;
    } else {
      try {
        params[part.param] = decodeURIComponent(value);
      } catch {
        return null;
      }
    }
  }
  return params;
}

/** Matches a pathname against one route pattern ({name} and a trailing optional {name?}). */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  return matchSegments(compilePattern(pattern), segments(pathname));
}

/** The first route of the table that matches the path; `/sponsorships/{id}` is the tab route with a numeric tab. */
export function matchRoute(pathname: string): RouteMatch | null {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const have = segments(clean);
  for (const route of routes) {
    const params = matchSegments(compilePattern(route.path), have);
    if (params) return { route, params };
  }
  return null;
}

/** Fills a pattern's {params}. */
export function fillPath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/\{(\w+)\??\}/g, (_, name: string) => encodeURIComponent(params[name] ?? '')).replace(/\/+$/, '') || '/';
}
