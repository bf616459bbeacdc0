import { useEffect, useRef, useState } from 'react';
import { Icon } from '../../components/Icon';
import { api } from '../../lib/api';
import { FEED_UNREADABLE_TITLE, isFeedUnreadableError, isNoEmailError, NO_EMAIL_MESSAGE } from '../../lib/feed-errors';
import VerifyByCode from './VerifyByCode';
import { toast } from '../../lib/stores/toasts';
import { EMAIL_UPDATE_NOTE, VERIFICATION_INSTRUCTIONS, VERIFICATION_PROVIDERS, providerOf, type VerificationProvider } from './instructions';
import { nextPollDelay } from './onboarding-state';
import './hosting.css';

interface Props {
  podcastId: number;
  title: string;
  feedUrl: string;
  /** The owner email known for the feed, if any: without one, the code method comes first. */
  ownerEmail: string | null;
}

export const NO_EMAIL_TITLE = 'No email found in RSS';
const RECHECK_THROTTLE_MS = 5_000;
const FIRST_POLL_MS = 2_000;

/**
 * 'Action required' (hosting spec §2, §4, §5): how to put an owner email in the feed, per provider,
 * a 'Re-check RSS Feed' link (once per 5 s) that mails the verification link, and a poll of the
 * verified state (2 s, +200 ms per unverified answer, +2 s per failure) that reloads once verified.
 */
export default function VerificationScreen({ podcastId, title, feedUrl, ownerEmail }: Props) {
  const detected = providerOf(feedUrl);
  const [provider, setProvider] = useState<VerificationProvider>(
    (VERIFICATION_PROVIDERS as readonly string[]).includes(detected ?? '') ? (detected as VerificationProvider) : 'rss',
  );
  const [busy, setBusy] = useState(false);
  const [cooling, setCooling] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const lastCheck = useRef(0);
  const [method, setMethod] = useState<'email' | 'txt'>(ownerEmail ? 'email' : 'txt');

  useEffect(() => {
    let delay = FIRST_POLL_MS;
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const poll = async () => {
      try {
        const res = await api<{ data: { verified: boolean } }>(`/api/podcasts/${podcastId}/verification`);
        if (res.data.verified) {
          stopped = true;
          window.location.reload();
          return;
        }
        delay = nextPollDelay(delay, 'unverified');
      } catch {
        delay = nextPollDelay(delay, 'failed');
      }
      if (!stopped) timer = setTimeout(poll, delay);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [podcastId]);

  const recheck = async () => {
    const now = Date.now();
    if (busy || now - lastCheck.current < RECHECK_THROTTLE_MS) return;
    lastCheck.current = now;
    setBusy(true);
    setCooling(true);
    setTimeout(() => setCooling(false), RECHECK_THROTTLE_MS);
    try {
      const res = await api<{ message: string; data: { email: string } }>(`/api/podcasts/${podcastId}/verification`, { method: 'POST' });
      setSentTo(res.data.email);
      toast.success(res.message);
    } catch (error) {
      if (isNoEmailError(error)) {
        toast.error(NO_EMAIL_MESSAGE, { title: NO_EMAIL_TITLE });
        setMethod('txt');
      } else if (isFeedUnreadableError(error)) {
        toast.error((error as Error).message, { title: FEED_UNREADABLE_TITLE });
      } else {
        toast.error(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
      }
    } finally {
      setBusy(false);
    }
  };

  const steps = VERIFICATION_INSTRUCTIONS[provider];
  return (
    <section className="hosting-card" aria-labelledby="verify-title">
      <p className="hosting-eyebrow hosting-eyebrow--warning">
        <Icon name="warning" size={18} /> Action required
      </p>
      <h2 id="verify-title" className="hosting-title">
        Verify that you own {title}
      </h2>
      <p>Before we move your podcast, we need to confirm it is yours. Prove it with the owner email in your RSS feed, or with a code you place in the feed.</p>
      <p className="hosting-feed-url">
        <span className="cp-muted">Your RSS feed:</span> <code>{feedUrl}</code>
      </p>
      <div className="hosting-tabs" role="tablist" aria-label="How to verify">
        <button type="button" role="tab" aria-selected={method === 'email'} className="hosting-tab" onClick={() => setMethod('email')}>
          Owner email
        </button>
        <button type="button" role="tab" aria-selected={method === 'txt'} className="hosting-tab" onClick={() => setMethod('txt')}>
          Code in your feed
        </button>
      </div>
      {method === 'txt' ? (
        <VerifyByCode podcastId={podcastId} feedUrl={feedUrl} onVerified={() => window.location.reload()} />
      ) : (
        <div className="hosting-method" role="tabpanel">
          <p>
            We send a verification link to the owner email in your RSS feed{ownerEmail ? ` (${ownerEmail})` : ''}. Add your email to the feed with the steps
            below, then use <strong>Re-check RSS Feed</strong> and open the link in that email.
          </p>
          <div className="cp-field hosting-provider">
            <label htmlFor="verify-provider">Your hosting provider</label>
            <select id="verify-provider" className="cp-input" value={provider} onChange={(e) => setProvider(e.target.value as VerificationProvider)}>
              {VERIFICATION_PROVIDERS.map((p) => (
                <option key={p} value={p}>
                  {VERIFICATION_INSTRUCTIONS[p].name}
                </option>
              ))}
            </select>
          </div>
          <ol className="hosting-steps">
            {steps.steps.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
          <div className="hosting-note" role="note">
            <Icon name="info" size={18} />
            <div>
              <p>{EMAIL_UPDATE_NOTE}</p>
              {steps.note && <p>{steps.note}</p>}
            </div>
          </div>
          <p className="hosting-actions">
            <button type="button" className="cp-button cp-button--link" onClick={recheck} disabled={busy || cooling} aria-disabled={busy || cooling}>
              {busy ? 'Checking your RSS feed…' : 'Re-check RSS Feed'}
            </button>
          </p>
          <p role="status" className="hosting-status">
            {sentTo ? `We sent a verification link to ${sentTo}. Open it to continue; this page moves on by itself.` : ''}
          </p>
        </div>
      )}
    </section>
  );
}
