import { useRef, useState } from 'react';
import { Icon } from '../../components/Icon';
import { api } from '../../lib/api';
import { REDIRECT_RECHECK_THROTTLE_MS } from '../../lib/constants';
import { toast } from '../../lib/stores/toasts';
import type { HostedPodcastPayload } from '../../lib/types';

interface Props {
  hostedId: number;
  title: string;
  /** The new feed on our hosting, which the old feed should redirect to. */
  newFeedUrl: string | null;
}

/**
 * The hosted redirect banner: the podcast migrated but its old feed does not redirect yet.
 * 'Check redirect' calls GET /api/podcasts/hosted/{id}/check-redirecting and judges by redirecting_at.
 */
export default function RedirectBanner({ hostedId, title, newFeedUrl }: Props) {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const lastCall = useRef(0);
  if (done) return null;

  const check = async () => {
    const now = Date.now();
    if (busy || now - lastCall.current < REDIRECT_RECHECK_THROTTLE_MS) return;
    lastCall.current = now;
    setBusy(true);
    try {
      const res = await api<{ data: HostedPodcastPayload }>(`/api/podcasts/hosted/${hostedId}/check-redirecting`);
      if (res.data?.redirecting_at) {
        toast.success('Redirect established!');
        setDone(true);
      } else {
        toast.error('Could not establish redirect.');
      }
    } catch {
      toast.error('Could not establish redirect.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="banner banner--info" aria-labelledby="redirect-banner-title">
      <Icon name="info" size={22} className="banner__icon" />
      <div className="banner__text">
        <h2 id="redirect-banner-title" className="banner__title">
          Redirect your old feed for {title}
        </h2>
        <p>
          Your podcast now lives on Cuepoint, but your previous host is not redirecting to it yet. Set up a 301 redirect there
          {newFeedUrl ? (
            <>
              {' '}
              to <code className="banner__code">{newFeedUrl}</code>
            </>
          ) : null}{' '}
          so listeners and directories follow the new feed.
        </p>
      </div>
      <button type="button" className="cp-button cp-button--primary banner__action" onClick={check} disabled={busy}>
        {busy ? 'Checking…' : 'Check redirect'}
      </button>
    </section>
  );
}
