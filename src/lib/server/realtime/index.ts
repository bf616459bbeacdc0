/** The realtime infrastructure's face: the only module domains and pages import from it. */
export { ONLINE_CHANNEL, authorizeSubscription } from './authorize-channel';
export { attachServer, broadcast } from './realtime';
