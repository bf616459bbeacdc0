const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]+$/;

/** Longest channel name accepted (the limit the official SDK enforces). */
export const MAX_CHANNEL_NAME = 200;

/** True for names Pusher accepts: its character set, at most 200 characters. */
export function isValidChannelName(name: unknown): name is string {
  return typeof name === 'string' && name.length > 0 && name.length <= MAX_CHANNEL_NAME && CHANNEL_NAME.test(name);
}

/** True for channels whose subscriptions need a signature (private-, private-encrypted-, presence-). */
export function isAuthorisedChannel(name: string): boolean {
  return name.startsWith('private-') || name.startsWith('presence-');
}
