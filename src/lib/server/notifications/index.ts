/** The notifications domain's face: the only module other domains and pages import from it. */
export { listNotifications, markNotificationRead } from './list-notifications';
export { notificationSettings, updateNotificationSettings } from './notification-settings';
export { notify } from './notify';
export { notifyAndMail } from './notify-by-mail';
export { unsubscribe } from './unsubscribe';
