import { describe, expect, it } from 'vitest';
import {
  afterPodcastSwitch,
  bellBadge,
  bellLabel,
  currentNavHref,
  expandCurrentGroup,
  logoHref,
  navFor,
  navLinks,
  notificationsHeader,
  parseImitation,
  pickCurrentPodcast,
  showRedirectBanner,
  showRssBanner,
  sponsorshipSearchUrl,
  startupPopupGreeting,
  startupPopupVariant,
  type NavEntry,
} from '../../src/lib/shell-rules';
import type { HostedPodcastPayload } from '../../src/lib/types';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000).toISOString();

const hosted = (over: Partial<HostedPodcastPayload> = {}): HostedPodcastPayload => ({
  id: 7,
  podcast_id: 3,
  type: 'other',
  migration_status: 'completed',
  url: 'https://feeds.cuepoint.test/abc',
  original_url: 'https://feeds.libsyn.com/1/rss',
  original_url_failed_requests: 0,
  redirecting_url: null,
  redirecting_at: null,
  is_completed: true,
  settings: {},
  ...over,
});

const groups = (entries: NavEntry[]) => entries.filter((e) => e.kind === 'group').map((e) => (e.kind === 'group' ? e.group : null)!);
const labels = (entries: NavEntry[]) => entries.map((e) => (e.kind === 'link' ? e.link.label : e.group.label));

describe('showRedirectBanner', () => {
  it('shows for a completed, not skipped, not redirecting podcast with zero failed requests', () => {
    expect(showRedirectBanner(hosted(), NOW)).toBe(true);
    expect(showRedirectBanner(hosted({ redirecting_at: hoursAgo(72) }), NOW)).toBe(true);
  });
  it('hides when any condition fails', () => {
    expect(showRedirectBanner(null, NOW)).toBe(false);
    expect(showRedirectBanner(hosted({ is_completed: false }), NOW)).toBe(false);
    expect(showRedirectBanner(hosted({ migration_status: 'skipped' }), NOW)).toBe(false);
    expect(showRedirectBanner(hosted({ redirecting_at: hoursAgo(2) }), NOW)).toBe(false);
    expect(showRedirectBanner(hosted({ original_url_failed_requests: 1 }), NOW)).toBe(false);
  });
});

describe('showRssBanner and pickCurrentPodcast', () => {
  it('shows the RSS banner only for an unverified current podcast', () => {
    expect(showRssBanner({ verified_at: null })).toBe(true);
    expect(showRssBanner({ verified_at: '2026-01-01T00:00:00Z' })).toBe(false);
    expect(showRssBanner(null)).toBe(false);
  });
  it('picks the podcast named by the cookie, else the first', () => {
    const list = [{ id: 4 }, { id: 9 }];
    expect(pickCurrentPodcast(list, '9')).toEqual({ id: 9 });
    expect(pickCurrentPodcast(list, '5')).toEqual({ id: 4 });
    expect(pickCurrentPodcast(list, 'junk')).toEqual({ id: 4 });
    expect(pickCurrentPodcast(list, undefined)).toEqual({ id: 4 });
    expect(pickCurrentPodcast([], '9')).toBeNull();
  });
});

describe('parseImitation', () => {
  it('reads origin and name', () => {
    expect(parseImitation(JSON.stringify({ origin: '/admin', name: 'Maya Okafor' }))).toEqual({ origin: '/admin', name: 'Maya Okafor' });
  });
  it('refuses foreign origins and bad JSON', () => {
    expect(parseImitation(JSON.stringify({ origin: '//evil.test', name: 'X' }))?.origin).toBe('/login');
    expect(parseImitation('{nope')).toBeNull();
    expect(parseImitation(null)).toBeNull();
  });
});

describe('navFor', () => {
  it('gives a hosted podcaster the hosting items, Sponsorship collapsed, then Settings', () => {
    const nav = navFor({ type: 'PODCASTER', hasHosted: true, unreadWorkrooms: 2, pendingHires: 0 });
    expect(labels(nav)).toEqual(['Hosting', 'Sponsorship', 'Settings']);
    const [hostingGroup, sponsorship] = groups(nav);
    expect(hostingGroup!.expanded).toBe(true);
    expect(hostingGroup!.items.map((i) => i.label)).toEqual(['Dashboard', 'Episodes', 'Platforms', 'Feed Settings', 'Reports']);
    expect(hostingGroup!.items.map((i) => i.href)).toEqual([
      '/hosting/dashboard',
      '/hosting/episodes',
      '/hosting/platform',
      '/hosting/feed',
      '/hosting/reports',
    ]);
    expect(sponsorship!.expanded).toBe(false);
    expect(sponsorship!.items.map((i) => [i.label, i.href])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Sponsorship', '/sponsorships'],
      ['Workrooms', '/workrooms'],
      ['Completed Ads', '/completed-ads'],
      ['Earnings', '/settings/earnings'],
    ]);
    expect(sponsorship!.items[2]!.badge).toBe(2);
  });
  it('gives a podcaster without hosting only Apply For Hosting, Sponsorship expanded', () => {
    const [hostingGroup, sponsorship] = groups(navFor({ type: 'PODCASTER', hasHosted: false, unreadWorkrooms: 0, pendingHires: 0 }));
    expect(hostingGroup!.items.map((i) => [i.label, i.href])).toEqual([['Apply For Hosting', '/hosting/apply']]);
    expect(hostingGroup!.expanded).toBe(true);
    expect(sponsorship!.expanded).toBe(true);
  });
  it('gives brands a flat menu with the badges', () => {
    const nav = navFor({ type: 'BRAND', hasHosted: false, unreadWorkrooms: 3, pendingHires: 5 });
    expect(labels(nav)).toEqual(['Campaigns', 'Workrooms', 'Completed Ads', 'Pending Hires', 'Settings']);
    const links = navLinks(nav);
    expect(links.map((l) => l.href)).toEqual(['/campaigns', '/workrooms', '/completed-ads', '/hirings/overview', '/settings']);
    expect(links[1]!.badge).toBe(3);
    expect(links[3]!.badge).toBe(5);
  });
  it('gives admins Admin and Settings', () => {
    expect(labels(navFor({ type: 'ADMIN', hasHosted: false, unreadWorkrooms: 0, pendingHires: 0 }))).toEqual([
      'Users',
      'Campaign approvals',
      'Hosting applications',
      'Manual stats',
      'Background jobs',
      'Coupons',
      'Disputes',
      'Podcasts',
      'Support',
      'Settings',
    ]);
    const support = navFor({ type: 'ADMIN', hasHosted: false, unreadWorkrooms: 0, pendingHires: 0, supportWaiting: 3 }).find(
      (e) => e.kind === 'link' && e.link.href === '/admin/support',
    );
    expect(support?.kind === 'link' && support.link).toMatchObject({ badge: 3, badgeLabel: '3 waiting' });
  });
});

describe('currentNavHref and expandCurrentGroup', () => {
  const podcaster = navFor({ type: 'PODCASTER', hasHosted: true, unreadWorkrooms: 0, pendingHires: 0 });
  const brand = navFor({ type: 'BRAND', hasHosted: false, unreadWorkrooms: 0, pendingHires: 0 });
  it('marks the longest matching link', () => {
    expect(currentNavHref(podcaster, '/settings/earnings')).toBe('/settings/earnings');
    expect(currentNavHref(podcaster, '/settings/account')).toBe('/settings');
    expect(currentNavHref(podcaster, '/hosting/episode/abc/edit')).toBe('/hosting/episodes');
    expect(currentNavHref(podcaster, '/dashboard/earnings')).toBe('/dashboard');
    expect(currentNavHref(podcaster, '/hosting/dashboard')).toBe('/hosting/dashboard');
    expect(currentNavHref(brand, '/campaign/12/new')).toBe('/campaigns');
    expect(currentNavHref(brand, '/hirings/fund')).toBe('/hirings/overview');
    expect(currentNavHref(brand, '/workrooms/package/3')).toBe('/workrooms');
    expect(currentNavHref(brand, '/podcast/abc')).toBeNull();
    expect(currentNavHref(brand, '/workroomsX')).toBeNull();
  });
  it('opens the collapsed group that holds the current link', () => {
    const opened = groups(expandCurrentGroup(podcaster, '/workrooms'));
    expect(opened[1]!.expanded).toBe(true);
    expect(groups(expandCurrentGroup(podcaster, '/hosting/dashboard'))[1]!.expanded).toBe(false);
  });
});

describe('small rules', () => {
  it('links the logo by role', () => {
    expect(logoHref('BRAND', false)).toBe('/campaigns');
    expect(logoHref('PODCASTER', false)).toBe('/dashboard');
    expect(logoHref('PODCASTER', true)).toBe('/hosting/dashboard');
  });
  it('chooses the startup popup text', () => {
    expect(startupPopupVariant('BRAND', false)).toBe('brand');
    expect(startupPopupVariant('PODCASTER', true)).toBe('hosted');
    expect(startupPopupVariant('PODCASTER', false)).toBe('podcaster');
    expect(startupPopupVariant('ADMIN', false)).toBeNull();
  });
  it('builds the sponsorship search URL', () => {
    expect(sponsorshipSearchUrl('  true crime ')).toBe('/sponsorships?search=true%20crime');
    expect(sponsorshipSearchUrl('')).toBe('/sponsorships');
  });
  it('returns to the episode list when switching podcast while editing an episode', () => {
    expect(afterPodcastSwitch('/hosting/episode/x1y2/edit')).toBe('/hosting/episodes');
    expect(afterPodcastSwitch('/hosting/episodes')).toBeNull();
    expect(afterPodcastSwitch('/dashboard')).toBeNull();
  });
  it('words the notification header', () => {
    expect(notificationsHeader(0)).toBe('0 New Notification(s)');
    expect(notificationsHeader(1)).toBe('1 New Notification(s)');
    expect(notificationsHeader(4)).toBe('4 New Notification(s)');
  });
});

describe('the bell', () => {
  it('is announced as what its badge shows (issue 37)', () => {
    expect([0, 1, 5, 9, 10, 42].map(bellBadge)).toEqual(['', '1', '5', '9', '9+', '9+']);
    expect(bellLabel(0)).toBe('Notifications, no new notifications');
    expect(bellLabel(1)).toBe('Notifications, 1 new notification');
    expect(bellLabel(9)).toBe('Notifications, 9 new notifications');
    expect(bellLabel(10)).toBe('Notifications, 9+ new notifications');
    for (const n of [1, 9, 10, 120]) expect(bellLabel(n)).toContain(`${bellBadge(n)} new`);
  });
});

describe('the startup popup’s greeting', () => {
  it('tells accounts from before the rename about it and welcomes newer ones', () => {
    expect(startupPopupGreeting('2026-10-14T06:30:00.000Z', '2026-11-01T00:00:00.000Z')).toBe('rename');
    expect(startupPopupGreeting('2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z')).toBe('welcome');
    expect(startupPopupGreeting(new Date('2026-11-23T06:30:00.000Z'))).toBe('welcome');
  });
});
