/** The payload of GET /api/initialize: user, podcasts, ads, categories, settings, online_timeout. */
import { config } from '../config';
import { listAds, listCategories, listUserPodcasts } from '../podcasts';
import { serializeUser, type SessionUser } from '../users';
import type { InitializePayload, InitializeSettings } from '../../types';

/** The browser's settings: where realtime is, the web client, the cookie suffix. */
export function browserSettings(): InitializeSettings {
  const c = config();
  const app = new URL(c.appUrl);
  return {
    app_url: c.appUrl,
    support_email: c.supportEmail,
    cookie_suffix: c.cookie.suffix,
    oauth: { client_id: c.oauth.clientId, client_secret: c.oauth.clientSecret, refresh_margin_ms: 30_000 },
    pusher: {
      key: c.pusher.key,
      host: c.pusher.host ?? app.hostname,
      port: c.pusher.port ?? Number(app.port || (app.protocol === 'https:' ? 443 : 80)),
      scheme: c.pusher.scheme,
      auth_endpoint: '/broadcasting/auth',
    },
  };
}

/** Builds the initialize payload for a signed-in user. */
export async function initializePayload(user: SessionUser): Promise<InitializePayload> {
  const [podcasts, ads, categories] = await Promise.all([
    user.type === 'PODCASTER' ? listUserPodcasts(user.id) : Promise.resolve([]),
    listAds(),
    listCategories(),
  ]);
  return { user: serializeUser(user), podcasts, ads, categories, settings: browserSettings(), online_timeout: config().onlineTimeout };
}
