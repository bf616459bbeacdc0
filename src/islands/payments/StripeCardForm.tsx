/** The card form with Stripe: Stripe Elements collects the card; we post only the payment method id. */
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useMemo, useState, type FormEvent } from 'react';
import { api, ApiError } from '../../lib/api';
import { toast } from '../../lib/stores/toasts';
import { type CardPayload, cardLabel } from '../../lib/payments';
import type { CardFormProps } from './CardForm';

let stripePromise: Promise<Stripe | null> | null = null;

/** Stripe Elements inside our form. */
export default function StripeCardForm(props: CardFormProps) {
  const stripe = useMemo(() => {
    if (!props.publishableKey) return null;
    stripePromise ??= loadStripe(props.publishableKey);
    return stripePromise;
  }, [props.publishableKey]);
  if (!stripe) return <p className="pm-alert">Cards cannot be added yet: card payments are not set up on this site. Please write to support.</p>;
  return (
    <Elements stripe={stripe}>
      <Inner {...props} />
    </Elements>
  );
}

function Inner({ onSaved, onCancel }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setBusy(true);
    setError(null);
    try {
      const made = await stripe.createPaymentMethod({ type: 'card', card });
      if (made.error) {
        setError(made.error.message ?? 'The card could not be read.');
        return;
      }
      const res = await api<{ data: CardPayload }>('/api/cards', { method: 'POST', body: { payment_method: made.paymentMethod.id } });
      toast.success(`${cardLabel(res.data)} saved.`);
      card.clear();
      onSaved(res.data);
    } catch (err) {
      setError(err instanceof ApiError ? (err.field('number') ?? err.field('payment_method') ?? err.message) : 'The card could not be saved.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="pm-card-form" onSubmit={(e) => void submit(e)} aria-label="Add a card">
      <div className="cp-field pm-card-form__number">
        <span className="cp-field__label">Card</span>
        <div className="pm-stripe-element">
          <CardElement options={{ hidePostalCode: true }} />
        </div>
        {error ? (
          <p className="cp-field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="pm-card-form__actions">
        <button type="submit" className="cp-button cp-button--primary" disabled={busy || !stripe}>
          {busy ? 'Saving…' : 'Save card'}
        </button>
        {onCancel ? (
          <button type="button" className="cp-button" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
