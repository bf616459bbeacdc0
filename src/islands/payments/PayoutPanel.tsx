/** The earnings screen's Pay out: the whole available balance to the connected payout method, after a confirmation. */
import { useRef, useState } from 'react';
import { api, ApiError } from '../../lib/api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { toast } from '../../lib/stores/toasts';
import { formatMoney } from '../../lib/format/money';
import type { TransactionPayload } from '../../lib/payments';
import '../../styles/payments.css';

interface Props {
  available: number;
  /** "Stripe account ••••1234", or null when no payout method is connected. */
  method: string | null;
}

/** The button, its confirmation and what a payout answered. */
export default function PayoutPanel({ available, method }: Props) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = useRef(crypto.randomUUID ? crypto.randomUUID() : String(Date.now()));

  async function payOut() {
    setError(null);
    try {
      const res = await api<{ data: TransactionPayload }>('/api/payouts', { method: 'POST', headers: { 'Idempotency-Key': key.current } });
      toast.success(`${formatMoney(res.data.fee)} is on its way to your ${res.data.source}.`);
      window.location.reload();
    } catch (e) {
      setOpen(false);
      key.current = crypto.randomUUID ? crypto.randomUUID() : String(Date.now());
      setError(e instanceof ApiError ? (e.field('amount') ?? e.field('payout_method') ?? e.message) : 'The payout could not be completed.');
    }
  }

  return (
    <div className="pm-row">
      <button type="button" className="cp-button cp-button--primary" disabled={available <= 0 || !method} onClick={() => setOpen(true)}>
        Pay out {formatMoney(Math.max(available, 0))}
      </button>
      <span className="pm-small pm-muted">
        {!method ? (
          <>
            Connect a payout method first. <a href="/settings/payout-method">Set it up</a>
          </>
        ) : available <= 0 ? (
          'Nothing to pay out yet: fees are released here once each ad is verified on air.'
        ) : (
          `To your ${method}.`
        )}
      </span>
      {error ? (
        <p className="pm-alert" role="alert">
          {error}
        </p>
      ) : null}
      <ConfirmDialog open={open} title={`Pay out ${formatMoney(available)}?`} confirmLabel="Pay out" onConfirm={payOut} onCancel={() => setOpen(false)}>
        <p>Your whole available balance goes to your {method}. It usually arrives within 2 business days.</p>
      </ConfirmDialog>
    </div>
  );
}
