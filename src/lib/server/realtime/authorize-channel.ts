/**
 * Who may join which channel: private-users.{id} only for their own id, a workroom's channel only as a
 * member of that discussion, the presence channel for online status when signed in. Everything else 403.
 */
import { config } from '../config';
import { forbidden } from '../http';
import type { SessionUser } from '../users/session-user';
import { mayJoinWorkroom } from '../workrooms/membership';
import { authorizeChannel } from './signatures';

export const ONLINE_CHANNEL = 'presence-online';

/** Answers the signed auth for a channel subscription, or throws 403. */
export async function authorizeSubscription(user: SessionUser, socketId: string, channel: string): Promise<{ auth: string; channel_data?: string }> {
  const { pusher } = config();
  const sign = (channelData?: { user_id: string; user_info: Record<string, unknown> }) =>
    authorizeChannel({ secret: pusher.secret, key: pusher.key, socketId, channel, channelData });

  const own = /^private-users\.(\d+)$/.exec(channel);
  if (own) {
    if (Number(own[1]) !== user.id) throw forbidden();
    return sign();
  }
  const workroom = /^(?:private|presence)-workrooms\.(\d+)$/.exec(channel);
  if (workroom) {
    // The workrooms domain says who belongs to a workroom.
    if (!(await mayJoinWorkroom(user.id, Number(workroom[1])))) throw forbidden();
    return channel.startsWith('presence-') ? sign(presenceData(user)) : sign();
  }
  if (channel === ONLINE_CHANNEL) return sign(presenceData(user));
  throw forbidden();
}

function presenceData(user: SessionUser) {
  return {
    user_id: String(user.id),
    user_info: { id: user.id, name: `${user.row.first_name} ${user.row.last_name}`.trim(), avatar: user.row.avatar, type: user.type },
  };
}
