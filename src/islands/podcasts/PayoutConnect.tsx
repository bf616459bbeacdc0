import { useState } from 'react';
import { api, ApiError } from '../../lib/api';
import { toast } from '../../lib/stores/toasts';

interface Props {
  /** The provider suggested by the user's country (Stripe in the US, PayPal elsewhere). */
  suggested: 'stripe' | 'paypal';
  connected: boolean;
}

/** Connect (or change) the payout account: asks for the provider's authorize URL and goes there; it comes back to this page. */
export default function PayoutConnect({ suggested, connected }: Props) {
  const [going, setGoing] = useState<'stripe' | 'paypal' | null>(null);
  const connect = async (provider: 'stripe' | 'paypal') => {
    setGoing(provider);
    try {
      const res = await api<{ data: { url: string } }>('/api/payouts/connect-url', { query: { provider, path: '/settings/payout-method' } });
      window.location.assign(res.data.url);
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'Something went wrong. Please try again.');
      setGoing(null);
    }
  };
  const options = [
    { id: 'stripe' as const, name: 'Stripe', hint: 'For accounts in the US' },
    { id: 'paypal' as const, name: 'PayPal', hint: 'For accounts outside the US' },
  ].sort((a, b) => (a.id === suggested ? -1 : b.id === suggested ? 1 : 0));
  return (
    <div className="pc-grid-2">
      {options.map((o) => (
        <button
          key={o.id}
          type="button"
          className={`pc-payout${o.id === suggested ? ' pc-payout--suggested' : ''}`}
          onClick={() => void connect(o.id)}
          disabled={going !== null}
        >
          <strong>{going === o.id ? `Opening ${o.name}…` : `${connected ? 'Switch to' : 'Connect'} ${o.name}`}</strong>
          <span className="cp-small cp-muted">
            {o.hint}
            {o.id === suggested ? ' · suggested for you' : ''}
          </span>
        </button>
      ))}
    </div>
  );
}
