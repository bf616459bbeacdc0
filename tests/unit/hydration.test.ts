/**
 * No hydration mismatch (issue 37, React error #418): islands the server rendered from props render the same
 * first, whatever the realtime stores already hold in the browser, and relative times render a text that does
 * not depend on the clock or the time zone until after mount.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { RelativeTime, stableTime } from '~/components/RelativeTime';
import NotificationBell from '~/islands/shell/NotificationBell';
import { $notifications, $onlineUserIds, $unreadNotifications } from '~/lib/stores/realtime';
import type { ShellNotification } from '~/lib/shell-rules';

const note = (id: string, read: boolean): ShellNotification =>
  ({
    id,
    title: `Note ${id}`,
    description: 'A message',
    link: '/workrooms',
    read,
    created_at: '2026-11-23T06:00:00.000Z',
    img: null,
    user_id: 7,
    online: false,
  }) as ShellNotification;

afterEach(() => {
  $notifications.set(null);
  $unreadNotifications.set(null);
  $onlineUserIds.set([]);
});

describe('the first render of an island follows its props, not the live stores', () => {
  it('the bell renders the server’s count and list even when realtime already changed them', () => {
    const props = { items: [note('a', false)], unread: 3 };
    const server = renderToString(createElement(NotificationBell, props));
    // The bridge hydrated first and a notification, a read and a presence arrived before the bell hydrates.
    $notifications.set([note('b', false), note('a', true)]);
    $unreadNotifications.set(12);
    $onlineUserIds.set([7]);
    const firstClientRender = renderToString(createElement(NotificationBell, props));
    expect(firstClientRender).toBe(server);
    expect(server).toContain('Notifications, 3 new notifications');
    expect(server).not.toContain('online now');
  });
});

describe('relative times', () => {
  it('render the UTC date first, the same on any clock and in any time zone', () => {
    const html = renderToString(createElement(RelativeTime, { iso: '2026-11-23T23:30:00.000Z', prefix: 'last active ' }));
    expect(html).toContain('last active on Nov 23, 2026');
    expect(stableTime('2026-11-23T23:30:00.000Z')).toBe('Nov 23, 2026');
    expect(html).not.toMatch(/ago/);
  });
});
