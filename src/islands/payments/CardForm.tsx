/**
 * Adds a card. In test mode (the embedded provider) our own form posts the number to the provider
 * through POST /api/cards; with Stripe the number never reaches us: Stripe Elements makes a payment
 * method in the browser and only its id is posted.
 */
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { api } from '../../lib/api';
import { CardBrandLogo } from '../../components/CardBrandLogo';
import { FieldError } from '../../components/FieldError';
import { toast } from '../../lib/stores/toasts';
import { cardBrandOf, cardLabel, formatCardNumber, formatExpiry, parseExpiry, type CardPayload } from '../../lib/payments';
import { fieldsOr, useForm } from '../shared/use-form';
import '../../styles/payments.css';

const StripeCardForm = lazy(() => import('./StripeCardForm'));

export interface CardFormProps {
  engine: 'embedded' | 'stripe';
  publishableKey: string | null;
  onSaved: (card: CardPayload) => void;
  onCancel?: () => void;
}

/** The card form of the configured engine. */
export default function CardForm(props: CardFormProps) {
  if (props.engine === 'stripe')
    return (
      <Suspense fallback={<p className="pm-muted pm-small">Loading Stripe’s secure card form…</p>}>
        <StripeCardForm {...props} />
      </Suspense>
    );
  return <TestCardForm {...props} />;
}

function TestCardForm({ onSaved, onCancel }: CardFormProps) {
  const id = useId();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const form = useForm({ fallback: 'The card could not be saved.' });
  const { errors, pending: busy } = form;
  const brand = cardBrandOf(number.replace(/\D/g, ''));
  const expiryError = errors?.exp_month?.[0] ?? errors?.exp_year?.[0];

  async function submit(e: FormEvent) {
    e.preventDefault();
    const exp = parseExpiry(expiry);
    if (!exp) {
      form.fail({ exp_month: ['Enter the expiry as MM / YY.'] });
      return;
    }
    await form.run(
      async () => {
        const res = await api<{ data: CardPayload }>('/api/cards', { method: 'POST', body: { number, exp_month: exp.month, exp_year: exp.year, cvc } });
        toast.success(`${cardLabel(res.data)} saved.`);
        setNumber('');
        setExpiry('');
        setCvc('');
        onSaved(res.data);
      },
      { report: fieldsOr(form, toast.error) },
    );
  }

  return (
    <form ref={form.formRef} className="pm-card-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Add a card">
      <div className="cp-field pm-card-form__number">
        <label htmlFor={`${id}-number`}>Card number</label>
        <div className="cp-input-affix">
          <input
            id={`${id}-number`}
            className="cp-input"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={number}
            onChange={(e) => setNumber(formatCardNumber(e.target.value))}
            aria-invalid={errors?.number ? true : undefined}
            aria-describedby={`${id}-number-error`}
            required
          />
          {brand ? (
            <span className="pm-card-form__brand">
              <CardBrandLogo brand={brand} width={36} />
            </span>
          ) : null}
        </div>
        <FieldError errors={errors} field="number" id={`${id}-number-error`} />
      </div>
      <div className="cp-field">
        <label htmlFor={`${id}-exp`}>Expiry</label>
        <input
          id={`${id}-exp`}
          className="cp-input"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={expiry}
          onChange={(e) => setExpiry(formatExpiry(e.target.value))}
          aria-invalid={expiryError ? true : undefined}
          aria-describedby={`${id}-exp-error`}
          required
        />
        {expiryError ? (
          <p className="cp-field-error" id={`${id}-exp-error`} role="alert">
            {expiryError}
          </p>
        ) : null}
      </div>
      <div className="cp-field">
        <label htmlFor={`${id}-cvc`}>CVC</label>
        <input
          id={`${id}-cvc`}
          className="cp-input"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={cvc}
          onChange={(e) => setCvc(e.target.value.replace(/\D/g, '').slice(0, 4))}
          aria-invalid={errors?.cvc ? true : undefined}
          aria-describedby={`${id}-cvc-error`}
          required
        />
        <FieldError errors={errors} field="cvc" id={`${id}-cvc-error`} />
      </div>
      <div className="pm-card-form__actions">
        <button type="submit" className="cp-button cp-button--primary" disabled={busy}>
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
