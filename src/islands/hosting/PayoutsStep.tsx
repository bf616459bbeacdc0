/** The last onboarding steps (hosting spec §2, §4): 'One last thing...' (payouts) and 'You're all set!'. */
import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { Icon } from '../../components/Icon';
import { api } from '../../lib/api';
import { toast } from '../../lib/stores/toasts';
import type { Hosted } from './HostedOnboarding';

export function Payouts({
  hosted,
  provider,
  error,
  onSkipped,
  onConnected,
}: {
  hosted: Hosted;
  provider: 'stripe' | 'paypal';
  error: string | null;
  onSkipped: (h: Hosted) => void;
  onConnected: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  void onConnected;
  const back = typeof window !== 'undefined' ? window.location.pathname : '/hosting/dashboard';
  const skip = async () => {
    setBusy(true);
    try {
      const res = await api<{ data: Hosted }>(`/api/podcasts/hosted/${hosted.id}`, { method: 'PATCH', body: { payouts_skipped: true } });
      onSkipped(res.data);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Something went wrong. Please try again.');
      setBusy(false);
    }
  };
  const [going, setGoing] = useState(false);
  const connect = async (p: 'stripe' | 'paypal') => {
    setGoing(true);
    try {
      const res = await api<{ data: { url: string } }>('/api/payouts/connect-url', { query: { provider: p, path: back } });
      window.location.assign(res.data.url);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Something went wrong. Please try again.');
      setGoing(false);
    }
  };
  return (
    <section className="hosting-card" aria-labelledby="payouts-title">
      <h2 id="payouts-title" className="hosting-title">
        One last thing...
      </h2>
      <p>Connect a payout account so we can pay you your share of the advertising revenue of your podcast.</p>
      {error && (
        <p className="hosting-error" role="alert">
          {error}
        </p>
      )}
      <div className="hosting-nav">
        <button type="button" className="cp-button" onClick={skip} disabled={busy}>
          I'll do this later
        </button>
        <button type="button" className="cp-button cp-button--primary" onClick={() => setOpen(true)}>
          Set Up Payouts
        </button>
      </div>
      <Dialog open={open} onClose={() => setOpen(false)} title="Set Up Payouts">
        <p>Choose where your payouts go. We use Stripe for accounts in the US and PayPal outside the US.</p>
        <div className="hosting-payout-options">
          <button type="button" className={`hosting-payout ${provider === 'stripe' ? 'is-suggested' : ''}`} onClick={() => connect('stripe')} disabled={going}>
            <strong>Stripe</strong>
            <span>For the US</span>
          </button>
          <button type="button" className={`hosting-payout ${provider === 'paypal' ? 'is-suggested' : ''}`} onClick={() => connect('paypal')} disabled={going}>
            <strong>PayPal</strong>
            <span>Outside the US</span>
          </button>
        </div>
      </Dialog>
    </section>
  );
}

export function AllSet({ hostedId }: { hostedId: number }) {
  const [busy, setBusy] = useState(false);
  const done = async () => {
    setBusy(true);
    try {
      await api(`/api/podcasts/hosted/${hostedId}/complete-onboarding`, { method: 'POST' });
      window.location.assign('/hosting/episodes');
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Something went wrong. Please try again.');
      setBusy(false);
    }
  };
  return (
    <section className="hosting-card hosting-card--center" aria-labelledby="allset-title">
      <Icon name="check-circle" size={40} className="hosting-success-icon" />
      <h2 id="allset-title" className="hosting-title">
        You're all set!
      </h2>
      <p>Your podcast is hosted on Cuepoint and your old feed redirects here.</p>
      <button type="button" className="cp-button cp-button--primary" onClick={done} disabled={busy}>
        View Episodes
      </button>
    </section>
  );
}
