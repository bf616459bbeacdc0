/**
 * Who may join which channel: private-users.{id} only for their own id, a workroom's channel only as a
 * member of that discussion, the presence channel for online status when signed in. Everything else 403.
 * Realtime is infrastructure: who belongs to a workroom is the workrooms domain's answer, passed in by
 * the route that serves the subscription (src/pages/broadcasting/auth.ts), never imported here.
 */
import { config } from '../config';
import { forbidden } from '../http';
import { authorizeChannel } from './signatures';

export const ONLINE_CHANNEL = 'presence-online';

/** The signed-in user as a channel sees them (a session user of the users domain fits). */
export interface ChannelUser {
  id: number;
  type: string;
  row: { first_name: string; last_name: string; avatar: string | null };
}

/** The domains' answers to who may join their channels. */
export interface ChannelAuthorizers {
  /** May this user join this workroom's channels (private and presence)? */
  workroom: (userId: number, workroomId: number) => Promise<boolean>;
}

/** Answers the signed auth for a channel subscription, or throws 403. */
export async function authorizeSubscription(
  user: ChannelUser,
  socketId: string,
  channel: string,
  authorizers: ChannelAuthorizers,
): Promise<{ auth: string; channel_data?: string }> {
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
    if (!(await authorizers.workroom(user.id, Number(workroom[1])))) throw forbidden();
    return channel.startsWith('presence-') ? sign(presenceData(user)) : sign();
  }
  if (channel === ONLINE_CHANNEL) return sign(presenceData(user));
  throw forbidden();
}

function presenceData(user: ChannelUser) {
  return {
    user_id: String(user.id),
    user_info: { id: user.id, name: `${user.row.first_name} ${user.row.last_name}`.trim(), avatar: user.row.avatar, type: user.type },
  };
}
