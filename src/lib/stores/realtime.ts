/**
 * What realtime keeps live across islands: the Workrooms unread badge, the bell's notifications and
 * count, who is online, and the last discussion that changed (lists refresh on it).
 */
import { atom } from 'nanostores';
import type { ShellNotification } from '../shell-rules';

/** Unread workrooms (null until the shell seeds it). */
export const $unreadWorkrooms = atom<number | null>(null);
/** The bell's latest notifications (null until seeded). */
export const $notifications = atom<ShellNotification[] | null>(null);
/** The bell's unread count (null until seeded). */
export const $unreadNotifications = atom<number | null>(null);
/** Ids of users present on the online channel. */
export const $onlineUserIds = atom<number[]>([]);
/** The last discussion event: {id, at}; workroom lists refresh when it changes. */
export const $discussionChange = atom<{ id: number; at: number } | null>(null);

/**
 * The last change to a deal the user is part of (a proposal, hire, funding, job, deliverable or
 * payment; or a reconnect, which may have missed some): the delivery panel, the top bar's counts and
 * Completed Ads refetch when it changes. Events of one change arrive together and count once.
 */
export const $dealChange = atom<{ packageId: number | null; at: number } | null>(null);

const DEAL_COALESCE_MS = 120;
let dealTimer: ReturnType<typeof setTimeout> | null = null;
let dealPackages = new Set<number | null>();

/** Records that a deal changed (null: something may have, after a reconnect); coalesced over a few ms. */
export function dealChanged(packageId: number | null): void {
  dealPackages.add(packageId);
  if (dealTimer) return;
  dealTimer = setTimeout(() => {
    const ids = [...dealPackages];
    dealPackages = new Set();
    dealTimer = null;
    $dealChange.set({ packageId: ids.length === 1 ? (ids[0] ?? null) : null, at: Date.now() });
  }, DEAL_COALESCE_MS);
}

const BELL_LIMIT = 10;

/** Seeds the stores from the server-rendered shell (once per page). */
export function seedRealtime(initial: { unreadWorkrooms: number; notifications: ShellNotification[]; unread: number }): void {
  if ($unreadWorkrooms.get() === null) $unreadWorkrooms.set(initial.unreadWorkrooms);
  if ($notifications.get() === null) $notifications.set(initial.notifications);
  if ($unreadNotifications.get() === null) $unreadNotifications.set(initial.unread);
}

/** Sets the unread workroom count. */
export function setUnreadWorkrooms(n: number): void {
  $unreadWorkrooms.set(Math.max(0, n));
}

/** Records that a discussion changed. */
export function discussionChanged(id: number): void {
  $discussionChange.set({ id, at: Date.now() });
}

/** Adds a notification that just arrived (first in the list) and counts it unread. */
export function addNotification(n: ShellNotification): void {
  const list = $notifications.get() ?? [];
  if (list.some((x) => x.id === n.id)) return;
  $notifications.set([n, ...list].slice(0, BELL_LIMIT));
  if (!n.read) $unreadNotifications.set(($unreadNotifications.get() ?? 0) + 1);
}

/** Marks a notification read in the bell. */
export function notificationRead(id: string): void {
  const list = $notifications.get() ?? [];
  const found = list.find((x) => x.id === id);
  if (!found || found.read) return;
  $notifications.set(list.map((x) => (x.id === id ? { ...x, read: true } : x)));
  $unreadNotifications.set(Math.max(0, ($unreadNotifications.get() ?? 1) - 1));
}

/** Replaces the bell's contents (after a reconnect). */
export function setNotifications(items: ShellNotification[], unread: number): void {
  $notifications.set(items.slice(0, BELL_LIMIT));
  $unreadNotifications.set(unread);
}

/** Sets who is online. */
export function setOnline(ids: number[]): void {
  $onlineUserIds.set([...new Set(ids)]);
}

/** Adds or removes one online user. */
export function userOnline(id: number, online: boolean): void {
  const ids = $onlineUserIds.get();
  if (online && !ids.includes(id)) $onlineUserIds.set([...ids, id]);
  if (!online && ids.includes(id)) $onlineUserIds.set(ids.filter((x) => x !== id));
}
