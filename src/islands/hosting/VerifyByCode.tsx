/**
 * 'Verify with a code in your feed' (the Podcasting 2.0 way, for shows whose feed names no owner email):
 * the code from POST …/verification {method: "txt"}, the tag to paste with a Copy button, and 'Check my
 * feed' (POST …/verification/check, once per 5 s), which moves the page on when the code is there.
 */
import { useRef, useState } from 'react';
import { Icon } from '../../components/Icon';
import { api } from '../../lib/api';
import { FEED_UNREADABLE_TITLE, isFeedUnreadableError } from '../../lib/feed-errors';
import { toast } from '../../lib/stores/toasts';
import { DemoHostNote } from './DemoHostNote';

const CHECK_THROTTLE_MS = 5_000;

export default function VerifyByCode({ podcastId, feedUrl, onVerified }: { podcastId: number; feedUrl: string; onVerified: () => void }) {
  const [token, setToken] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lastCheck = useRef(0);
  const tag = token ? `<podcast:txt purpose="verify">${token}</podcast:txt>` : '';

  const getCode = async () => {
    setBusy(true);
    try {
      const res = await api<{ data: { method: 'txt'; token: string } }>(`/api/podcasts/${podcastId}/verification`, { method: 'POST', body: { method: 'txt' } });
      setToken(res.data.token);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    await navigator.clipboard.writeText(tag).catch(() => undefined);
    toast.success('Verification tag copied');
  };

  const check = async () => {
    const now = Date.now();
    if (busy || now - lastCheck.current < CHECK_THROTTLE_MS) return;
    lastCheck.current = now;
    setBusy(true);
    setError(null);
    try {
      const res = await api<{ data: { verified: boolean } }>(`/api/podcasts/${podcastId}/verification/check`, { method: 'POST' });
      if (res.data.verified) {
        toast.success('Your podcast is verified.');
        onVerified();
      }
    } catch (e) {
      const message = e instanceof Error ? e.message : 'Something went wrong. Please try again.';
      setError(message);
      if (isFeedUnreadableError(e)) toast.error(message, { title: FEED_UNREADABLE_TITLE });
    } finally {
      setBusy(false);
    }
  };

  if (!token) {
    return (
      <div className="hosting-method">
        <p>
          No owner email in your feed, or no access to it? Prove ownership with a code instead: we give you a line to add to your feed, then read the feed to
          find it. Most hosts let you add custom tags to the feed; a self-hosted feed can simply include it.
        </p>
        <button type="button" className="cp-button cp-button--primary" onClick={getCode} disabled={busy}>
          {busy ? 'Getting your code…' : 'Get my verification code'}
        </button>
      </div>
    );
  }
  return (
    <div className="hosting-method">
      <ol className="hosting-steps">
        <li>Copy this line.</li>
        <li>
          Add it inside the <code>&lt;channel&gt;</code> of your feed (your host’s custom tags or feed settings). It can stay there: it proves nothing to anyone
          else.
        </li>
        <li>Choose Check my feed. Some hosts take a few minutes to update the feed; this page also keeps checking by itself.</li>
      </ol>
      <div className="cp-field">
        <label htmlFor="verify-tag">Verification tag</label>
        <div className="hosting-copy">
          <input id="verify-tag" className="cp-input hosting-code" readOnly value={tag} onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="cp-button" onClick={copy}>
            <Icon name="copy" size={16} /> Copy
          </button>
        </div>
      </div>
      <DemoHostNote feedUrl={feedUrl} task="add the code to its feed" />
      {error && (
        <p className="hosting-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="cp-button cp-button--primary" onClick={check} disabled={busy}>
        {busy ? 'Checking your feed…' : 'Check my feed'}
      </button>
    </div>
  );
}
