/** The checkout's coupon field: a code is checked with POST /api/coupons/check and shown applied, or its error under the field. */
import { useId, useState } from 'react';
import { api, ApiError } from '../../lib/api';
import type { CouponPayload } from '../../lib/payments';

interface Props {
  applied: CouponPayload | null;
  onChange: (coupon: CouponPayload | null) => void;
  /** An error the payment itself answered for the coupon. */
  error?: string | null;
}

/** Apply or remove a coupon code. */
export function CouponField({ applied, onChange, error: outer }: Props) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = error ?? outer ?? null;

  async function apply() {
    if (!code.trim()) {
      setError('Enter a coupon code.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await api<{ data: CouponPayload }>('/api/coupons/check', { method: 'POST', body: { code } });
      onChange(res.data);
      setCode('');
    } catch (e) {
      setError(e instanceof ApiError ? (e.field('code') ?? e.message) : 'The coupon could not be checked.');
    } finally {
      setBusy(false);
    }
  }

  if (applied)
    return (
      <div className="pm-coupon-applied" role="status">
        <span>
          <strong>{applied.code}</strong> · {applied.description}
          {applied.rules ? <span className="pm-small pm-muted"> ({applied.rules})</span> : null}
        </span>
        <button type="button" className="cp-button cp-button--link" onClick={() => onChange(null)} aria-label={`Remove coupon ${applied.code}`}>
          Remove
        </button>
      </div>
    );
  return (
    <div>
      <div className="pm-coupon">
        <div className="cp-field">
          <label htmlFor={id}>Coupon code</label>
          <input
            id={id}
            className="cp-input"
            value={code}
            autoComplete="off"
            onChange={(e) => setCode(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void apply();
              }
            }}
            aria-invalid={shown ? true : undefined}
            aria-describedby={`${id}-error`}
          />
        </div>
        <button type="button" className="cp-button" onClick={() => void apply()} disabled={busy}>
          {busy ? 'Checking…' : 'Apply'}
        </button>
      </div>
      {shown ? (
        <p className="cp-field-error" id={`${id}-error`} role="alert">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
