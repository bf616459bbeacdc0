import { atom } from 'nanostores';

/** The support badge: a user's unread answers from the team; for admins, conversations waiting to be read (null until seeded). */
export const $supportUnread = atom<number | null>(null);

/** Seeds the badge from the server-rendered shell (once per page). */
export function seedSupportUnread(n: number): void {
  if ($supportUnread.get() === null) $supportUnread.set(n);
}

/** Sets the badge from the server's count (API answers and realtime events carry it). */
export function setSupportUnread(n: number): void {
  $supportUnread.set(Math.max(0, n));
}
