/**
 * What the app shell renders around every signed-in page: the user, their podcasts and the current
 * one, the menu badges, brand stats, notifications, and which banners and popups show.
 */
import type { AstroCookies } from 'astro';
import { sql, type SQL } from 'drizzle-orm';
import { getDb, rowFromJson, hirings, hostedPodcasts, notifications, podcasts as podcastsTable, users } from '../db';
import { type HostedRow, type PodcastRow, serializePodcast } from '../podcasts';
import { cookieNames, isOnline, serializeUser, type SessionUser } from '../users';
import { cachedShellFigures } from './shell-cache';
import { brandStatsPayload, brandStatsSql, type BrandStatsRow } from '../measurement';
import { supportUnreadSql } from '../support';
import { unreadWorkroomsSql } from '../workrooms';
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
  /** The support badge: unread answers for a user, conversations waiting to be read for admins. */
  supportUnread: number;
}

const NOTIFICATION_LIMIT = 10;

/** Hirings of the brand still in status 'new'. An SQL count. */
function pendingHiresSql(brandUserId: number): SQL {
  return sql`(select count(*)::int from ${hirings} where ${hirings.brand_user_id} = ${brandUserId} and ${hirings.status} = 'new')`;
}

const mine = (userId: number) => sql`${notifications.notifiable_type} = 'user' and ${notifications.notifiable_id} = ${userId}`;

/** The user's latest notifications, unread first, with whether the user each is about was seen lately (JSON). */
function latestNotificationsSql(userId: number): SQL {
  return sql`(
    select coalesce(json_agg(x), '[]') from (
      select ${notifications.id} as id, ${notifications.data} as data, ${notifications.read_at} as read_at,
        ${notifications.created_at} as created_at, ${users.last_seen_at} as last_seen
      from ${notifications} left join ${users} on ${users.id} = (${notifications.data} ->> 'user_id')::int
      where ${mine(userId)}
      order by ${notifications.read_at} is null desc, ${notifications.created_at} desc
      limit ${NOTIFICATION_LIMIT}
    ) x
  )`;
}

/** The user's podcasts (oldest first) with their hosted record, as JSON rows. */
function userPodcastsSql(userId: number): SQL {
  return sql`(
    select coalesce(json_agg(json_build_object('podcast', to_json(${podcastsTable}), 'hosted', to_json(${hostedPodcasts})) order by ${podcastsTable.id}), '[]')
    from ${podcastsTable} left join ${hostedPodcasts} on ${hostedPodcasts.podcast_id} = ${podcastsTable.id}
    where ${podcastsTable.user_id} = ${userId}
  )`;
}

interface NotificationJson {
  id: string;
  data: (typeof notifications.$inferSelect)['data'];
  read_at: string | null;
  created_at: string;
  last_seen: string | null;
}

function shellNotification(n: NotificationJson): ShellNotification {
  const link = n.data.link;
  return {
    id: n.id,
    title: n.data.title,
    description: n.data.description,
    created_at: new Date(n.created_at).toISOString(),
    read: n.read_at !== null,
    link: link?.startsWith('/') && !link.startsWith('//') ? link : '/workrooms',
    online: isOnline(n.last_seen ? new Date(n.last_seen) : null),
    img: n.data.img ?? null,
    user_id: n.data.user_id ?? null,
  };
}

interface ShellFigures {
  podcasts: { podcast: Record<string, unknown>; hosted: Record<string, unknown> | null }[] | null;
  unread_workrooms: number | null;
  pending_hires: number | null;
  brand_stats: BrandStatsRow | null;
  notifications: NotificationJson[];
  unread_notifications: number;
  support_unread: number;
}

/** Every figure of the shell in one statement: each part only for the roles that show it. */
async function loadShellFigures(userId: number, type: SessionUser['type']): Promise<ShellFigures> {
  const db = await getDb();
  const none = sql`null`;
  const { rows } = await db.execute<Record<string, unknown>>(sql`select
    ${type === 'PODCASTER' ? userPodcastsSql(userId) : none} as podcasts,
    ${type === 'ADMIN' ? sql`0` : unreadWorkroomsSql(userId)} as unread_workrooms,
    ${type === 'BRAND' ? pendingHiresSql(userId) : sql`0`} as pending_hires,
    ${type === 'BRAND' ? brandStatsSql(userId) : none} as brand_stats,
    ${latestNotificationsSql(userId)} as notifications,
    (select count(*)::int from ${notifications} where ${mine(userId)} and ${notifications.read_at} is null) as unread_notifications,
    ${supportUnreadSql({ id: userId, type })} as support_unread`);
  return rows[0] as unknown as ShellFigures;
}

/** The user's shell figures: from the per-user cache, else read (one statement, shared by concurrent requests). */
function shellFigures(user: Pick<SessionUser, 'id' | 'type'>): Promise<ShellFigures> {
  return cachedShellFigures(user.id, () => loadShellFigures(user.id, user.type));
}

export interface OwnPodcastRow {
  podcast: PodcastRow;
  hosted: HostedRow | null;
}

function podcastRowsOf(figures: ShellFigures): OwnPodcastRow[] {
  return (figures.podcasts ?? []).map((r) => ({
    podcast: rowFromJson(podcastsTable, r.podcast),
    hosted: r.hosted ? rowFromJson(hostedPodcasts, r.hosted) : null,
  }));
}

/**
 * A podcaster's podcasts (oldest first) with their hosted record, as the shell reads them (empty for
 * brands and admins). What a page needs of them before or beside its shell (the route guard's hosted
 * mark, the current podcast, the hosting wrapper) comes from the shell's cached statement, not a read
 * of its own; each call answers rows of its own to change.
 */
export async function shellPodcastRows(user: Pick<SessionUser, 'id' | 'type'>): Promise<OwnPodcastRow[]> {
  return podcastRowsOf(await shellFigures(user));
}

/** The podcast payloads of shellPodcastRows (§3), as the shell's picker shows them. */
export async function shellPodcasts(user: Pick<SessionUser, 'id' | 'type'>): Promise<PodcastPayload[]> {
  return (await shellPodcastRows(user)).map((r) => serializePodcast(r.podcast, r.hosted));
}

/** Loads everything the app shell shows for the signed-in user of this request. */
export async function loadShellData(locals: App.Locals, cookies: AstroCookies): Promise<ShellData> {
  const session = locals.user;
  if (!session) throw new Error('loadShellData needs a signed-in user (the route table should have sent guests to /login).');
  const names = cookieNames();
  const isBrand = session.type === 'BRAND';
  const isPodcaster = session.type === 'PODCASTER';

  const figures = await shellFigures(session);
  const podcasts = podcastRowsOf(figures).map((r) => serializePodcast(r.podcast, r.hosted));

  const currentPodcast = pickCurrentPodcast(podcasts, cookies.get(names.podcast)?.value);
  const hasHosted = podcasts.some((p) => p.hosted !== null);
  return {
    user: serializeUser(session),
    podcasts,
    currentPodcast,
    hasHosted,
    unreadWorkrooms: Number(figures.unread_workrooms ?? 0),
    pendingHires: Number(figures.pending_hires ?? 0),
    brandStats: isBrand ? brandStatsPayload(figures.brand_stats) : null,
    notifications: figures.notifications.map(shellNotification),
    unreadNotifications: Number(figures.unread_notifications ?? 0),
    imitation: parseImitation(cookies.get(names.imitate)?.value),
    // The popup greets the user; an admin imitating them should not dismiss it on their behalf.
    showStartupPopup: !cookies.has(names.popup) && (isBrand || isPodcaster) && session.imitatedBy === null,
    rssBanner: showRssBanner(currentPodcast),
    redirectBanner: showRedirectBanner(currentPodcast?.hosted),
    supportUnread: Number(figures.support_unread ?? 0),
  };
}
