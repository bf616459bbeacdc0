import { useEffect, useRef, useState } from 'react';
import { Icon } from '../../components/Icon';
import { api } from '../../lib/api';
import { FEED_UNREADABLE_TITLE, isFeedUnreadableError, isNoEmailError } from '../../lib/feed-errors';
import { VERIFICATION_NOT_FOUND_TOAST_MS, VERIFICATION_RESEND_THROTTLE_MS, VERIFICATION_SENT_NOTICE_MS } from '../../lib/constants';
import { toast } from '../../lib/stores/toasts';

interface Props {
  podcastId: number;
  title: string;
}

export const SENT_NOTICE = 'New verification email was sent to your inbox.';
export const NOT_FOUND_TITLE = 'Email not found in RSS';
export const NOT_FOUND_HINT = 'If you just changed your RSS feed, recheck again later as it might take time to update. Visit our verification guide.';

/**
 * The RSS verification banner of the current podcast while it is not verified. 'Resend verification
 * email' calls POST /api/podcasts/{id}/verification at most once per 5 s; a success shows the sent
 * notice for 60 s, a feed without an email the 'Email not found in RSS' toast for 10 s, a feed that could not
 * be read a toast that says so, anything else the server's message.
 */
export default function RssBanner({ podcastId, title }: Props) {
  const [busy, setBusy] = useState(false);
  const [cooling, setCooling] = useState(false);
  const [sent, setSent] = useState(false);
  const lastCall = useRef(0);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const resend = async () => {
    const now = Date.now();
    if (busy || now - lastCall.current < VERIFICATION_RESEND_THROTTLE_MS) return;
    lastCall.current = now;
    setBusy(true);
    setCooling(true);
    timers.current.push(setTimeout(() => setCooling(false), VERIFICATION_RESEND_THROTTLE_MS));
    try {
      await api<{ message?: string }>(`/api/podcasts/${podcastId}/verification`, { method: 'POST' });
      setSent(true);
      timers.current.push(setTimeout(() => setSent(false), VERIFICATION_SENT_NOTICE_MS));
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Something went wrong. Please try again.';
      if (isNoEmailError(error)) {
        toast.error(`${message} ${NOT_FOUND_HINT}`, { title: NOT_FOUND_TITLE, timeout: VERIFICATION_NOT_FOUND_TOAST_MS });
      } else if (isFeedUnreadableError(error)) {
        toast.error(message, { title: FEED_UNREADABLE_TITLE, timeout: VERIFICATION_NOT_FOUND_TOAST_MS });
      } else {
        toast.error(message);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="banner banner--warning" aria-labelledby="rss-banner-title">
      <Icon name="warning" size={22} className="banner__icon" />
      <div className="banner__text">
        <h2 id="rss-banner-title" className="banner__title">
          Verify that you own {title}
        </h2>
        <p>
          We email a verification link to the owner address listed in this podcast’s RSS feed. Open that email and follow the link to confirm the podcast is
          yours.
        </p>
        <p className="banner__notice" role="status">
          {sent ? (
            <>
              <Icon name="check-circle" size={16} /> {SENT_NOTICE}
            </>
          ) : null}
        </p>
      </div>
      <button type="button" className="cp-button banner__action" onClick={resend} disabled={busy || cooling} aria-disabled={busy || cooling}>
        {busy ? 'Sending…' : 'Resend verification email'}
      </button>
    </section>
  );
}
