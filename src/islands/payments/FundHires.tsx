/**
 * /hirings/fund: the brand picks new hires, sees their jobs and the total, applies a coupon, picks
 * the card and pays. The browser never sends a price: the server computes it from the jobs; the
 * figures here use the same rules (src/lib/proposal-total.ts, src/lib/payments.ts) to show it.
 * One Idempotency-Key per attempt, so a double click or a retry after a network error charges once.
 */
import { useMemo, useRef, useState } from 'react';
import { api } from '../../lib/api';
import { formatMoney } from '../../lib/format/money';
import { formatDate } from '../../lib/format/dates';
import type { HiringPayload } from '../../lib/campaign-types';
import { couponDiscount, PAYMENT_FAILED, type CardPayload, type CouponPayload, type TransactionPayload } from '../../lib/payments';
import { CardPicker } from './CardPicker';
import { CouponField } from './CouponField';
import { useForm } from '../shared/use-form';
import '../../styles/payments.css';

interface Props {
  hires: HiringPayload[];
  selected: number[];
  cards: CardPayload[];
  engine: 'embedded' | 'stripe';
  publishableKey: string | null;
}

const newKey = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/** The checkout. */
export default function FundHires({ hires, selected: initial, cards: initialCards, engine, publishableKey }: Props) {
  const [selected, setSelected] = useState(() => new Set(initial.length ? initial : hires.map((h) => h.id)));
  const [cards, setCards] = useState(initialCards);
  const [cardId, setCardId] = useState<number | null>(initialCards.find((c) => c.is_default)?.id ?? initialCards[0]?.id ?? null);
  const [coupon, setCoupon] = useState<CouponPayload | null>(null);
  const form = useForm();
  const { errors, message: failure, pending: busy } = form;
  const key = useRef(newKey());

  const chosen = hires.filter((h) => selected.has(h.id));
  const subtotal = chosen.reduce((s, h) => s + h.total_price, 0);
  const discount = useMemo(
    () => couponDiscount(coupon ? { percent_off: coupon.percent_off ?? null, amount_off: coupon.amount_off ?? null } : null, subtotal),
    [coupon, subtotal],
  );
  const total = subtotal - discount;

  /** Anything the payment depends on changed: the next click is a new attempt. */
  const changed = () => {
    key.current = newKey();
    form.reset();
  };

  async function pay() {
    if (chosen.length === 0 || cardId === null) return;
    await form.run(
      async () => {
        const res = await api<{ data: { transaction: TransactionPayload | null; hirings: HiringPayload[] } }>('/api/hirings/fund', {
          method: 'POST',
          body: { hiring_ids: chosen.map((h) => h.id), card_id: cardId, ...(coupon ? { coupon: coupon.code } : {}) },
          headers: { 'Idempotency-Key': key.current },
        });
        // A coupon that covered it all charges nothing: the confirmation lists the hires instead of a receipt.
        window.location.assign(
          res.data.transaction
            ? `/hirings/confirmation?tx=${encodeURIComponent(res.data.transaction.code)}`
            : `/hirings/confirmation?hirings=${res.data.hirings.map((h) => h.id).join(',')}`,
        );
      },
      {
        keepPending: true,
        report: (f) => {
          key.current = newKey();
          if (f.status === 422) {
            if (f.errors.coupon) setCoupon(null);
            form.fail(f.errors, f.errors.hiring_ids ? (f.errors.hiring_ids[0] ?? f.message) : null);
          } else form.fail({}, f.status === 502 ? f.message : PAYMENT_FAILED);
        },
      },
    );
  }

  return (
    <div className="pm-checkout">
      <section className="pm-section" aria-labelledby="hires-h">
        <div className="pm-section__head">
          <h2 id="hires-h">Hires to fund</h2>
          <span className="pm-small pm-muted">
            {chosen.length} of {hires.length} selected
          </span>
        </div>
        <ul className="pm-hires">
          {hires.map((h) => (
            <li key={h.id} className="pm-hire">
              <div className="pm-hire__head">
                <label className="pm-hire__title">
                  <input
                    type="checkbox"
                    checked={selected.has(h.id)}
                    onChange={(e) => {
                      const next = new Set(selected);
                      if (e.target.checked) next.add(h.id);
                      else next.delete(h.id);
                      setSelected(next);
                      changed();
                    }}
                  />
                  <span>
                    <h3>{h.podcast_title}</h3>
                    <span className="pm-small pm-muted">
                      {h.campaign_title} · hired {formatDate(h.created_at)}
                    </span>
                  </span>
                </label>
                <strong className="pm-amount">{formatMoney(h.total_price)}</strong>
              </div>
              <ul className="pm-jobs" aria-label={`Ads hired from ${h.podcast_title}`}>
                {h.jobs.map((j) => (
                  <li key={j.id}>
                    <span>
                      {j.ad_title ?? 'Ad'}
                      {j.description ? `: ${j.description}` : ''}
                      {j.delivery_date ? <span className="pm-muted"> · {formatDate(j.delivery_date)}</span> : null}
                    </span>
                    <span className="pm-amount">{formatMoney(j.fee)}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>

      <div className="pm-checkout__side">
        <CardPicker
          cards={cards}
          value={cardId}
          onChange={(id) => {
            setCardId(id);
            changed();
          }}
          onAdded={(card) => {
            setCards((list) => [...list, card]);
            setCardId(card.id);
            changed();
          }}
          engine={engine}
          publishableKey={publishableKey}
          error={errors?.card_id?.[0] ?? null}
        />
        <section className="pm-section" aria-labelledby="summary-h">
          <h2 id="summary-h">Summary</h2>
          <CouponField
            applied={coupon}
            onChange={(c) => {
              setCoupon(c);
              changed();
            }}
            error={errors?.coupon?.[0] ?? null}
          />
          <dl className="pm-summary">
            <div>
              <dt>
                {chosen.length} hire{chosen.length === 1 ? '' : 's'}
              </dt>
              <dd>{formatMoney(subtotal)}</dd>
            </div>
            {coupon ? (
              <div>
                <dt>Coupon {coupon.code}</dt>
                <dd>−{formatMoney(discount)}</dd>
              </div>
            ) : null}
            <div className="pm-summary__total">
              <dt>Total</dt>
              <dd data-testid="fund-total">{formatMoney(total)}</dd>
            </div>
          </dl>
          {failure ? (
            <p className="pm-alert" role="alert">
              {failure}
            </p>
          ) : null}
          <button
            type="button"
            className="cp-button cp-button--primary pm-pay"
            disabled={busy || chosen.length === 0 || cardId === null}
            onClick={() => void pay()}
          >
            {busy ? 'Paying…' : total === 0 && chosen.length > 0 ? 'Fund with the coupon' : `Pay ${formatMoney(total)}`}
          </button>
          <p className="pm-small pm-muted pm-flush">
            {cardId === null
              ? 'Add a card to pay.'
              : total === 0 && chosen.length > 0
                ? 'The coupon covers the whole amount: nothing is charged to your card.'
                : 'Cuepoint holds the money until each ad is verified on air, then pays the podcaster. A job cancelled before it airs is refunded to your card.'}
          </p>
        </section>
      </div>
    </div>
  );
}
