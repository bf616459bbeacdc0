/**
 * Who is asking for a file. API calls authenticate by bearer token only, but <img>, <audio> and PDF
 * frames cannot send one, so a file read (a safe GET) also accepts the access-token cookie. The
 * refresh cookie is never used here: many media requests at once must not rotate the session.
 */
import type { AstroCookies } from 'astro';
import { findAccessToken, cookieNames, loadSessionUser, type SessionUser } from '../users';
import { unauthenticated } from '../http';

/** The signed-in user of a file request, by bearer token or access-token cookie; 401 otherwise. */
export async function fileViewer(locals: App.Locals, cookies: AstroCookies): Promise<SessionUser> {
  if (locals.user) return locals.user;
  const token = cookies.get(cookieNames().access)?.value;
  const row = token ? await findAccessToken(token) : null;
  const user = row ? await loadSessionUser(row.user_id, row.imitated_by) : null;
  if (!user) throw unauthenticated();
  return user;
}
