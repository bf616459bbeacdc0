/** /admin/coupons: create a coupon (a percentage or a fixed amount off, and its rules: expiry, total uses, uses per brand, first hire only) and see them all. */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { api } from '../../lib/api';
import { FieldError } from '../../components/FieldError';
import { toast } from '../../lib/stores/toasts';
import { formatMoney } from '../../lib/format/money';
import { formatDate } from '../../lib/format/dates';
import type { AdminCoupon } from '../../lib/payments';
import { useForm } from '../shared/use-form';
import '../../styles/payments.css';

const EMPTY = { code: '', value: '', expires: '', max: '', perBrand: '', description: '' };

/** The form and the list. */
export default function CouponAdmin({ initial }: { initial: AdminCoupon[] }) {
  const id = useId();
  const [coupons, setCoupons] = useState(initial);
  const [kind, setKind] = useState<'percent' | 'amount'>('percent');
  const [form, setForm] = useState(EMPTY);
  const [firstHire, setFirstHire] = useState(false);
  const request = useForm({ fallback: 'The coupon could not be created.' });
  const { errors, pending: busy } = request;
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const value = Number(form.value);
    const body: Record<string, unknown> = {
      code: form.code,
      ...(kind === 'percent' ? { percent_off: form.value === '' ? null : value } : { amount_off: form.value === '' ? null : Math.round(value * 100) }),
      ...(form.expires ? { expires_at: `${form.expires}T23:59:59Z` } : {}),
      ...(form.max ? { max_redemptions: Number(form.max) } : {}),
      ...(form.perBrand ? { max_per_brand: Number(form.perBrand) } : {}),
      first_hire_only: firstHire,
      ...(form.description ? { description: form.description } : {}),
    };
    await request.run(
      async () => {
        await api('/api/admin/coupons', { method: 'POST', body });
        setCoupons((await api<{ data: AdminCoupon[] }>('/api/admin/coupons')).data);
        toast.success(`Coupon ${form.code.toUpperCase()} created.`);
        setForm(EMPTY);
        setFirstHire(false);
      },
      {
        report: (f) => {
          if (f.status !== 422) {
            toast.error(f.message);
            return;
          }
          // Both amounts are typed in the one "value" field.
          const { percent_off, amount_off, ...rest } = f.errors;
          request.fail({ ...rest, ...(percent_off || amount_off ? { value: [...(percent_off ?? []), ...(amount_off ?? [])] } : {}) });
        },
      },
    );
  }

  const field = (name: string, label: string, input: ReactNode, hint?: string) => (
    <div className="cp-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {input}
      {hint ? <span className="cp-field__hint">{hint}</span> : null}
      <FieldError errors={errors} field={name} id={`${id}-${name}-error`} />
    </div>
  );
  const attrs = (name: string) => ({
    id: `${id}-${name}`,
    className: 'cp-input',
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `${id}-${name}-error`,
  });

  return (
    <div className="pm-page">
      <form ref={request.formRef} className="pm-section" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-h`}>
        <h2 id={`${id}-h`}>New coupon</h2>
        <div className="pm-coupon-form">
          {field(
            'code',
            'Code',
            <input {...attrs('code')} value={form.code} onChange={set('code')} autoComplete="off" placeholder="SPRING25" />,
            'Letters, digits, - and _.',
          )}
          <div className="cp-field">
            <span className="cp-field__label" id={`${id}-kind`}>
              Discount
            </span>
            <div className="pm-segmented" role="radiogroup" aria-labelledby={`${id}-kind`}>
              <label>
                <input type="radio" name="kind" checked={kind === 'percent'} onChange={() => setKind('percent')} />
                Percent
              </label>
              <label>
                <input type="radio" name="kind" checked={kind === 'amount'} onChange={() => setKind('amount')} />
                Amount
              </label>
            </div>
          </div>
          {field(
            'value',
            kind === 'percent' ? 'Percent off' : 'Amount off ($)',
            <input {...attrs('value')} inputMode="decimal" value={form.value} onChange={set('value')} placeholder={kind === 'percent' ? '20' : '50.00'} />,
          )}
          {field(
            'expires_at',
            'Expires',
            <input {...attrs('expires_at')} type="date" value={form.expires} onChange={set('expires')} />,
            'Optional; it works through that day (UTC).',
          )}
          {field(
            'max_redemptions',
            'Total uses',
            <input {...attrs('max_redemptions')} inputMode="numeric" value={form.max} onChange={set('max')} />,
            'Optional; over every brand. 1 makes it single-use.',
          )}
          {field(
            'max_per_brand',
            'Uses per brand',
            <input {...attrs('max_per_brand')} inputMode="numeric" value={form.perBrand} onChange={set('perBrand')} />,
            'Optional; 1 lets each brand use it once.',
          )}
          <div className="cp-field">
            <label className="pm-check">
              <input type="checkbox" checked={firstHire} onChange={(e) => setFirstHire(e.target.checked)} /> First hire only
            </label>
            <span className="cp-field__hint">Only a brand that has never funded a hire can use it.</span>
          </div>
          <div className="pm-coupon-form__wide">
            {field(
              'description',
              'Description',
              <input {...attrs('description')} value={form.description} onChange={set('description')} maxLength={200} />,
              'Shown to brands at checkout.',
            )}
          </div>
        </div>
        <div className="pm-row">
          <button type="submit" className="cp-button cp-button--primary" disabled={busy}>
            {busy ? 'Creating…' : 'Create coupon'}
          </button>
        </div>
      </form>

      <section className="pm-section" aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`}>Coupons</h2>
        {coupons.length === 0 ? (
          <p className="pm-empty">No coupons yet.</p>
        ) : (
          <div className="pm-table-wrap">
            <table className="pm-table">
              <caption className="cp-sr-only">Every coupon</caption>
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">Discount</th>
                  <th scope="col">Rules</th>
                  <th scope="col">Expires</th>
                  <th scope="col" className="pm-num">
                    Redeemed
                  </th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {coupons.map((c) => (
                  <tr key={c.id}>
                    <td data-label="Code">
                      <code>{c.code}</code>
                    </td>
                    <td data-label="Discount">{c.description || (c.percent_off ? `${c.percent_off}% off` : `${formatMoney(c.amount_off ?? 0)} off`)}</td>
                    <td data-label="Rules">{c.rules || 'None'}</td>
                    <td data-label="Expires">{c.expires_at ? formatDate(c.expires_at) : 'Never'}</td>
                    <td className="pm-num" data-label="Redeemed">
                      {c.times_redeemed}
                      {c.max_redemptions ? ` of ${c.max_redemptions}` : ''}
                    </td>
                    <td data-label="Status">
                      <span className={`pm-status pm-status--${c.is_usable ? 'succeeded' : 'cancelled'}`}>{c.is_usable ? 'Active' : 'Used up or expired'}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
