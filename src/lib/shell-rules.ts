/**
 * The pure rules of the app shell (marketplace-core §2 Navigation and Banners, §3, §9): which menu
 * items show, which link is current, when the hosted redirect banner shows, what the startup popup
 * says. Shared by the server (shell data) and the islands; no I/O here.
 */
import { CUEPOINT_RENAMED_AT } from './constants';
import { isRedirecting } from './hosting-rules';
import type { HostedPodcastPayload, PodcastPayload, UserType } from './types';

/**
 * The hosted redirect banner shows when the hosted podcast is completed, its migration is not
 * skipped, it is not redirecting, and the original feed has zero failed requests.
 */
export function showRedirectBanner(hosted: HostedPodcastPayload | null | undefined, now = Date.now()): boolean {
  if (!hosted) return false;
  return (
    hosted.is_completed && hosted.migration_status !== 'skipped' && !isRedirecting(hosted.redirecting_at, now) && hosted.original_url_failed_requests === 0
  );
}

/** The RSS verification banner shows for a current podcast that is not verified. */
export function showRssBanner(podcast: Pick<PodcastPayload, 'verified_at'> | null | undefined): boolean {
  return !!podcast && !podcast.verified_at;
}

/** The podcast the shell works on: the one named by the current_podcast cookie (its id), else the first. */
export function pickCurrentPodcast<P extends Pick<PodcastPayload, 'id'>>(podcasts: P[], cookieValue: string | null | undefined): P | null {
  const wanted = Number(cookieValue);
  if (cookieValue && Number.isInteger(wanted)) {
    const found = podcasts.find((p) => p.id === wanted);
    if (found) return found;
  }
  return podcasts[0] ?? null;
}

export interface Imitation {
  origin: string;
  name: string;
}

/** Reads the imitate cookie JSON {origin, name}; null when absent or malformed. */
export function parseImitation(cookieValue: string | null | undefined): Imitation | null {
  if (!cookieValue) return null;
  try {
    const parsed = JSON.parse(cookieValue) as { origin?: unknown; name?: unknown };
    if (!parsed || typeof parsed !== 'object') return null;
    const name = typeof parsed.name === 'string' && parsed.name.trim() ? parsed.name.trim() : 'another user';
    const origin = typeof parsed.origin === 'string' && parsed.origin.startsWith('/') && !parsed.origin.startsWith('//') ? parsed.origin : '/login';
    return { origin, name };
  } catch {
    return null;
  }
}

/** Where the logo goes: campaigns for brands, the hosting dashboard for hosted podcasters, else the dashboard. */
export function logoHref(type: UserType, hasHosted: boolean): string {
  if (type === 'BRAND') return '/campaigns';
  if (type === 'ADMIN') return '/admin';
  return hasHosted ? '/hosting/dashboard' : '/dashboard';
}

export type NavIcon =
  | 'dashboard'
  | 'episodes'
  | 'platforms'
  | 'feed'
  | 'reports'
  | 'apply'
  | 'campaigns'
  | 'workrooms'
  | 'hires'
  | 'settings'
  | 'star'
  | 'dollar'
  | 'user'
  | 'podcast'
  | 'hosted'
  | 'warning';

export interface NavLink {
  label: string;
  href: string;
  icon: NavIcon;
  /** A count shown as a badge (space is reserved even when 0). */
  badge?: number;
  /** Accessible wording of the badge, e.g. '3 unread'. */
  badgeLabel?: string;
  /** Other path prefixes that make this link current (e.g. /campaign/ for Campaigns). */
  also?: string[];
}

export interface NavGroup {
  id: string;
  label: string;
  icon: NavIcon;
  items: NavLink[];
  /** Expanded when the page first renders. */
  expanded: boolean;
}

export type NavEntry = { kind: 'link'; link: NavLink } | { kind: 'group'; group: NavGroup };

export interface NavInput {
  type: UserType;
  hasHosted: boolean;
  unreadWorkrooms: number;
  pendingHires: number;
  /** Admins: support conversations waiting to be read. */
  supportWaiting?: number;
}

const unread = (n: number): Pick<NavLink, 'badge' | 'badgeLabel'> => ({ badge: n, badgeLabel: `${n} unread` });

/** The left navigation of §2 for a role (current-link expansion is applied by `expandCurrentGroup`). */
export function navFor({ type, hasHosted, unreadWorkrooms, pendingHires, supportWaiting = 0 }: NavInput): NavEntry[] {
  const settings: NavEntry = { kind: 'link', link: { label: 'Settings', href: '/settings', icon: 'settings' } };
  if (type === 'BRAND') {
    return [
      { kind: 'link', link: { label: 'Campaigns', href: '/campaigns', icon: 'campaigns', also: ['/campaign/'] } },
      { kind: 'link', link: { label: 'Workrooms', href: '/workrooms', icon: 'workrooms', ...unread(unreadWorkrooms) } },
      { kind: 'link', link: { label: 'Completed Ads', href: '/completed-ads', icon: 'star' } },
      {
        kind: 'link',
        link: { label: 'Pending Hires', href: '/hirings/overview', icon: 'hires', badge: pendingHires, badgeLabel: `${pendingHires} new`, also: ['/hirings/'] },
      },
      settings,
    ];
  }
  if (type === 'ADMIN') {
    return [
      { kind: 'link', link: { label: 'Users', href: '/admin', icon: 'user' } },
      { kind: 'link', link: { label: 'Campaign approvals', href: '/admin/campaigns', icon: 'campaigns' } },
      { kind: 'link', link: { label: 'Hosting applications', href: '/admin/hosting', icon: 'hosted' } },
      { kind: 'link', link: { label: 'Manual stats', href: '/admin/manual-stats', icon: 'reports' } },
      { kind: 'link', link: { label: 'Background jobs', href: '/admin/jobs', icon: 'settings' } },
      { kind: 'link', link: { label: 'Coupons', href: '/admin/coupons', icon: 'dollar' } },
      { kind: 'link', link: { label: 'Disputes', href: '/admin/disputes', icon: 'warning' } },
      { kind: 'link', link: { label: 'Podcasts', href: '/admin/podcasts', icon: 'podcast' } },
      {
        kind: 'link',
        link: { label: 'Support', href: '/admin/support', icon: 'workrooms', badge: supportWaiting, badgeLabel: `${supportWaiting} waiting` },
      },
      settings,
    ];
  }
  const hosting: NavLink[] = hasHosted
    ? [
        { label: 'Dashboard', href: '/hosting/dashboard', icon: 'dashboard' },
        { label: 'Episodes', href: '/hosting/episodes', icon: 'episodes', also: ['/hosting/episode/'] },
        { label: 'Platforms', href: '/hosting/platform', icon: 'platforms' },
        { label: 'Feed Settings', href: '/hosting/feed', icon: 'feed' },
        { label: 'Reports', href: '/hosting/reports', icon: 'reports' },
      ]
    : [{ label: 'Apply For Hosting', href: '/hosting/apply', icon: 'apply' }];
  return [
    { kind: 'group', group: { id: 'hosting', label: 'Hosting', icon: 'hosted', items: hosting, expanded: true } },
    {
      kind: 'group',
      group: {
        id: 'sponsorship',
        label: 'Sponsorship',
        icon: 'podcast',
        expanded: !hasHosted,
        items: [
          { label: 'Dashboard', href: '/dashboard', icon: 'dashboard' },
          { label: 'Sponsorship', href: '/sponsorships', icon: 'campaigns', also: ['/campaign/'] },
          { label: 'Workrooms', href: '/workrooms', icon: 'workrooms', ...unread(unreadWorkrooms) },
          { label: 'Completed Ads', href: '/completed-ads', icon: 'star' },
          { label: 'Earnings', href: '/settings/earnings', icon: 'dollar' },
        ],
      },
    },
    settings,
  ];
}

function matches(prefix: string, pathname: string): boolean {
  if (prefix.endsWith('/')) return pathname.startsWith(prefix);
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** Every link of the navigation, flattened. */
export function navLinks(entries: NavEntry[]): NavLink[] {
  return entries.flatMap((e) => (e.kind === 'link' ? [e.link] : e.group.items));
}

/** The href of the one current link: the longest href (or alias) that the path is under; null when none. */
export function currentNavHref(entries: NavEntry[], pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let best: { href: string; length: number } | null = null;
  for (const link of navLinks(entries)) {
    for (const prefix of [link.href, ...(link.also ?? [])]) {
      if (matches(prefix, path) && (!best || prefix.length > best.length)) best = { href: link.href, length: prefix.length };
    }
  }
  return best?.href ?? null;
}

/**
 * A group holding the current link starts expanded even where the rule would collapse it, so the
 * user always sees where they are (a hosted podcaster on /workrooms sees the Sponsorship group open).
 */
export function expandCurrentGroup(entries: NavEntry[], currentHref: string | null): NavEntry[] {
  return entries.map((e) =>
    e.kind === 'group' && currentHref && e.group.items.some((i) => i.href === currentHref) ? { kind: 'group', group: { ...e.group, expanded: true } } : e,
  );
}

export type StartupPopupVariant = 'hosted' | 'podcaster' | 'brand';

/** Which startup popup text a user gets; null for admins (brands and podcasters only). */
export function startupPopupVariant(type: UserType, hasHosted: boolean): StartupPopupVariant | null {
  if (type === 'BRAND') return 'brand';
  if (type === 'PODCASTER') return hasHosted ? 'hosted' : 'podcaster';
  return null;
}

/** What the startup popup says first: the rename to an account that existed before it, a welcome to a newer one. */
export type StartupPopupGreeting = 'rename' | 'welcome';

export function startupPopupGreeting(createdAt: string | Date, renamedAt: string = CUEPOINT_RENAMED_AT): StartupPopupGreeting {
  return new Date(createdAt).getTime() < new Date(renamedAt).getTime() ? 'rename' : 'welcome';
}

/** The sponsorships list URL for a search term (an empty term is the plain list). */
export function sponsorshipSearchUrl(term: string): string {
  const t = term.trim();
  return t ? `/sponsorships?search=${encodeURIComponent(t)}` : '/sponsorships';
}

/** After switching podcast: the episode list when editing an episode (it belongs to the old podcast), else null to reload. */
export function afterPodcastSwitch(pathname: string): string | null {
  return /^\/hosting\/episode\/[^/]+\/edit\/?$/.test(pathname) ? '/hosting/episodes' : null;
}

/** What the bell's badge shows: nothing, the count up to 9, or "9+". */
export function bellBadge(unread: number): string {
  return unread <= 0 ? '' : unread > 9 ? '9+' : String(unread);
}

/** The bell button's spoken name, saying what its badge shows ("9+ new notifications" when it shows 9+). */
export function bellLabel(unread: number): string {
  const badge = bellBadge(unread);
  return `Notifications, ${badge ? `${badge} new notification${unread === 1 ? '' : 's'}` : 'no new notifications'}`;
}

/** The bell header, worded exactly as the spec (§2) words it: '{n} New Notification(s)'. */
export function notificationsHeader(unreadCount: number): string {
  return `${unreadCount} New Notification(s)`;
}

/** The Help Center (served by the product, src/content/help), linked from the profile menu. */
export const HELP_CENTER_URL = '/help';

/** One entry of the bell dropdown, as the server hands it to the island. */
export interface ShellNotification {
  id: string;
  title: string;
  description: string;
  created_at: string;
  read: boolean;
  /** Where clicking goes (the notification's workroom), else /workrooms. */
  link: string;
  /** Whether the user the notification is about is online. */
  online: boolean;
  img: string | null;
  /** The user it is about (the online dot follows them live). */
  user_id?: number | null;
}

/** Who the support chat is started with. */
export interface ChatIdentity {
  email: string;
  userId: number;
  name: string;
  avatar: string | null;
  isPodcaster: boolean;
}

/** One page of the settings area. */
export interface SettingsLink {
  label: string;
  href: string;
}

/** The settings pages a role has, in the order the settings tabs show them (§2 settings routes). */
export function settingsNavFor(type: UserType): SettingsLink[] {
  const own: SettingsLink[] = [
    { label: 'Account', href: '/settings/account' },
    { label: 'Sign-in method', href: '/settings/signin-method' },
    { label: 'Notifications', href: '/settings/notifications' },
  ];
  if (type === 'BRAND')
    return [
      { label: 'Profile', href: '/settings/profile' },
      { label: 'Payments', href: '/settings/payments' },
      { label: 'Hires', href: '/settings/hires' },
      { label: 'Attribution', href: '/settings/attribution' },
      ...own,
    ];
  if (type === 'PODCASTER')
    return [
      { label: 'Manage podcasts', href: '/settings/manage-podcasts' },
      { label: 'Earnings', href: '/settings/earnings' },
      { label: 'Payout method', href: '/settings/payout-method' },
      ...own,
    ];
  return own;
}
