/**
 * Which title an error of the RSS verification calls shows: 'Email not found in RSS' only when the feed
 * was read and named no email (a 422 on `email`); a feed that could not be read (a 422 on `url`) is
 * titled as such, so an unreachable server is never reported as a missing email.
 */
export const FEED_UNREADABLE_TITLE = 'We could not read your RSS feed';

/** The exact 422 text of hosting spec §5 when the feed names no email (the API's message and the screen's toast). */
export const NO_EMAIL_MESSAGE =
  "We couldn't find an email address in your RSS feed. If you've recently updated your feed, please check back later, as it may take some time for the changes to update.";

/** True when the error says the feed was read and has no owner email. */
export function isNoEmailError(error: unknown): boolean {
  const e = error as { status?: number; errors?: Record<string, unknown> } | null;
  return e?.status === 422 && !!e.errors && 'email' in e.errors;
}

/** True when the error says the feed itself could not be fetched or read. */
export function isFeedUnreadableError(error: unknown): boolean {
  const e = error as { status?: number; errors?: Record<string, unknown> } | null;
  return e?.status === 422 && !!e.errors && 'url' in e.errors;
}
