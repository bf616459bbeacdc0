/**
 * What the app shell renders around every signed-in page: the user, their podcasts and the current
 * one, the menu badges, brand stats, notifications, and which banners and popups show.
 */
import type { AstroCookies } from 'astro';
import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { config } from '../config';
import { getDb } from '../db/client';
import { discussionUsers, discussions, hirings, messages, notifications, users } from '../db/schema';
import { listUserPodcasts } from '../podcasts/list-podcasts';
import { cookieNames } from '../session/cookies';
import { brandStats } from '../stats/brand-stats';
import { isOnline, serializeUser } from '../users/session-user';
import { parseImitation, pickCurrentPodcast, showRedirectBanner, showRssBanner, type Imitation, type ShellNotification } from '../../shell-rules';
import type { BrandStatsPayload, PodcastPayload, UserPayload } from '../../types';

export interface ShellData {
  user: UserPayload;
  podcasts: PodcastPayload[];
  currentPodcast: PodcastPayload | null;
  hasHosted: boolean;
  unreadWorkrooms: number;
  pendingHires: number;
  brandStats: BrandStatsPayload | null;
  notifications: ShellNotification[];
  unreadNotifications: number;
  imitation: Imitation | null;
  showStartupPopup: boolean;
  rssBanner: boolean;
  redirectBanner: boolean;
  supportEmail: string;
}

const NOTIFICATION_LIMIT = 10;

/**
 * Workrooms with something new for the user: marked unread, or holding a message from someone else
 * newer than the user's last read (every message counts when they never read the room).
 */
export async function countUnreadWorkrooms(userId: number): Promise<number> {
  const db = await getDb();
  const newer = db
    .select({ one: sql`1` })
    .from(messages)
    .where(
      and(
        eq(messages.discussion_id, discussionUsers.discussion_id),
        or(isNull(messages.user_id), sql`${messages.user_id} <> ${userId}`),
        or(isNull(discussionUsers.last_read_at), gt(messages.created_at, discussionUsers.last_read_at)),
      ),
    );
  const [row] = await db
    .select({ n: count() })
    .from(discussionUsers)
    .innerJoin(discussions, eq(discussions.id, discussionUsers.discussion_id))
    .where(and(eq(discussionUsers.user_id, userId), eq(discussions.is_deleted, false), or(eq(discussionUsers.is_unread, true), sql`exists (${newer})`)));
  return Number(row?.n ?? 0);
}

/** Hirings of the brand still in status 'new'. */
export async function countPendingHires(brandUserId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(hirings)
    .where(and(eq(hirings.brand_user_id, brandUserId), eq(hirings.status, 'new')));
  return Number(row?.n ?? 0);
}

/** The user's latest notifications, unread first, with the unread total for the bell header. */
export async function listShellNotifications(userId: number): Promise<{ items: ShellNotification[]; unread: number }> {
  const db = await getDb();
  const mine = and(eq(notifications.notifiable_type, 'user'), eq(notifications.notifiable_id, userId));
  const [rows, [unreadRow]] = await Promise.all([
    db
      .select({ n: notifications, lastSeen: users.last_seen_at })
      .from(notifications)
      .leftJoin(users, sql`${users.id} = (${notifications.data} ->> 'user_id')::int`)
      .where(mine)
      .orderBy(sql`${notifications.read_at} is null desc`, desc(notifications.created_at))
      .limit(NOTIFICATION_LIMIT),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(mine, isNull(notifications.read_at))),
  ]);
  const items = rows.map(({ n, lastSeen }) => ({
    id: n.id,
    title: n.data.title,
    description: n.data.description,
    created_at: n.created_at.toISOString(),
    read: n.read_at !== null,
    link: n.data.link && n.data.link.startsWith('/') && !n.data.link.startsWith('//') ? n.data.link : '/workrooms',
    online: isOnline(lastSeen ?? null),
    img: n.data.img ?? null,
    user_id: n.data.user_id ?? null,
  }));
  return { items, unread: Number(unreadRow?.n ?? 0) };
}

/** Loads everything the app shell shows for the signed-in user of this request. */
export async function loadShellData(locals: App.Locals, cookies: AstroCookies): Promise<ShellData> {
  const session = locals.user;
  if (!session) throw new Error('loadShellData needs a signed-in user (the route table should have sent guests to /login).');
  const names = cookieNames();
  const isBrand = session.type === 'BRAND';
  const isPodcaster = session.type === 'PODCASTER';

  const [podcasts, unreadWorkrooms, pendingHires, stats, bell] = await Promise.all([
    isPodcaster ? listUserPodcasts(session.id) : Promise.resolve([] as PodcastPayload[]),
    session.type === 'ADMIN' ? Promise.resolve(0) : countUnreadWorkrooms(session.id),
    isBrand ? countPendingHires(session.id) : Promise.resolve(0),
    isBrand ? brandStats(session.id) : Promise.resolve(null),
    listShellNotifications(session.id),
  ]);

  const currentPodcast = pickCurrentPodcast(podcasts, cookies.get(names.podcast)?.value);
  const hasHosted = podcasts.some((p) => p.hosted !== null);
  return {
    user: serializeUser(session),
    podcasts,
    currentPodcast,
    hasHosted,
    unreadWorkrooms,
    pendingHires,
    brandStats: stats,
    notifications: bell.items,
    unreadNotifications: bell.unread,
    imitation: parseImitation(cookies.get(names.imitate)?.value),
    // The popup greets the user; an admin imitating them should not dismiss it on their behalf.
    showStartupPopup: !cookies.has(names.popup) && (isBrand || isPodcaster) && session.imitatedBy === null,
    rssBanner: showRssBanner(currentPodcast),
    redirectBanner: showRedirectBanner(currentPodcast?.hosted),
    supportEmail: config().supportEmail,
  };
}
