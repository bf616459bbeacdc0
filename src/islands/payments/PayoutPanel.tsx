/**
 * The earnings screen's Pay out: the podcaster types an amount (all of the available balance unless
 * they change it), confirms, and that amount goes to the connected payout method. With nothing
 * available or no method connected there is no button, only what to do next.
 */
import { useId, useRef, useState } from 'react';
import { api, ApiError } from '../../lib/api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { toast } from '../../lib/stores/toasts';
import { centsFromDollars, dollarsFromCents, formatMoney } from '../../lib/format/money';
import type { TransactionPayload } from '../../lib/payments';
import '../../styles/payments.css';

interface Props {
  available: number;
  /** "Stripe account ••••1234", or null when no payout method is connected. */
  method: string | null;
}

const newKey = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);
const asText = (cents: number) => dollarsFromCents(cents).toFixed(2);

/** The cents a typed amount stands for, or null when it is not an amount in dollars. */
function typedCents(text: string): number | null {
  return /^\s*\$?\s*[\d,]*(\.\d{0,2})?\s*$/.test(text) && /\d/.test(text) ? centsFromDollars(text) : null;
}

/** Why a typed amount cannot be paid out, or null. */
function amountError(text: string, available: number): string | null {
  const cents = typedCents(text);
  if (cents === null) return 'Enter an amount in dollars, like 120.50.';
  if (cents < 1) return 'The amount must be at least $0.01.';
  if (cents > available) return `The amount must not be more than your available balance of ${formatMoney(available)}.`;
  return null;
}

/** The amount field, its confirmation and what a payout answered. */
export default function PayoutPanel({ available, method }: Props) {
  const [text, setText] = useState(() => asText(Math.max(available, 0)));
  const [open, setOpen] = useState(false);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const key = useRef(newKey());
  const id = useId();

  if (!method || available <= 0) {
    return (
      <p className="pm-flush pm-small pm-muted" data-testid="payout-unavailable">
        {!method ? (
          <>
            Connect a payout method to be paid: <a href="/settings/payout-method">set it up</a>.
            {available > 0 ? ` ${formatMoney(available)} is ready for you.` : ''}
          </>
        ) : (
          'Nothing to pay out yet: each ad’s fee is released here, less the service fee, once it is verified on air.'
        )}
      </p>
    );
  }

  const error = amountError(text, available);
  const typed = typedCents(text) ?? 0;
  const cents = error ? 0 : typed;
  const shown = touched ? (error ?? serverError) : serverError;

  async function payOut() {
    setServerError(null);
    try {
      const res = await api<{ data: TransactionPayload }>('/api/payouts', {
        method: 'POST',
        body: { amount: cents },
        headers: { 'Idempotency-Key': key.current },
      });
      toast.success(`${formatMoney(res.data.fee)} is on its way to your ${res.data.source}.`);
      window.location.reload();
    } catch (e) {
      setOpen(false);
      key.current = newKey();
      setServerError(e instanceof ApiError ? (e.field('amount') ?? e.field('payout_method') ?? e.message) : 'The payout could not be completed.');
    }
  }

  // The confirmation sits beside the form, not in it: its own form must not be nested in this one.
  return (
    <>
      <form
        className="pm-payout"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!error) setOpen(true);
        }}
      >
        <div className="cp-field pm-payout__field">
          <label htmlFor={`${id}-amount`}>Amount</label>
          <div className="cp-input-affix">
            <span className="cp-input-affix__prefix" aria-hidden="true">
              $
            </span>
            <input
              id={`${id}-amount`}
              className="cp-input"
              inputMode="decimal"
              autoComplete="off"
              value={text}
              aria-invalid={shown ? true : undefined}
              aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
              onChange={(e) => {
                setText(e.target.value);
                setServerError(null);
                key.current = newKey();
              }}
              onBlur={() => setTouched(true)}
            />
          </div>
          <span id={`${id}-hint`} className="cp-field__hint">
            Available: {formatMoney(available)}.{' '}
            {cents !== available ? (
              <button type="button" className="pm-linkish" onClick={() => setText(asText(available))}>
                Pay out all of it
              </button>
            ) : (
              'All of it, unless you change the amount.'
            )}
          </span>
          {shown ? (
            <p id={`${id}-error`} className="cp-field-error" role="alert">
              {shown}
            </p>
          ) : null}
        </div>
        <div className="pm-row">
          <button type="submit" className="cp-button cp-button--primary">
            Pay out {typed > 0 ? formatMoney(typed) : ''}
          </button>
          <span className="pm-small pm-muted">To your {method}.</span>
        </div>
      </form>
      <ConfirmDialog open={open} title={`Pay out ${formatMoney(cents)}?`} confirmLabel="Pay out" onConfirm={payOut} onCancel={() => setOpen(false)}>
        <p>
          {cents === available ? 'Your whole available balance' : `${formatMoney(cents)} of your ${formatMoney(available)} available balance`} goes to your{' '}
          {method}. It usually arrives within 2 business days.
        </p>
      </ConfirmDialog>
    </>
  );
}
