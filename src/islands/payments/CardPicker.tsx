/** The checkout's "Pay with": the brand's saved cards as choices, and a card added right here. */
import { useState } from 'react';
import { CardBrandLogo } from '../../components/CardBrandLogo';
import { cardLabel, type CardPayload } from '../../lib/payments';
import CardForm from './CardForm';

interface Props {
  cards: CardPayload[];
  value: number | null;
  onChange: (cardId: number) => void;
  onAdded: (card: CardPayload) => void;
  engine: 'embedded' | 'stripe';
  publishableKey: string | null;
  error?: string | null;
}

/** Radio choices of the saved cards, plus "Add a card". */
export function CardPicker({ cards, value, onChange, onAdded, engine, publishableKey, error }: Props) {
  const [adding, setAdding] = useState(cards.length === 0);
  return (
    <section className="pm-section" aria-labelledby="pay-with-h">
      <div className="pm-section__head">
        <h2 id="pay-with-h">Pay with</h2>
        {!adding ? (
          <button type="button" className="cp-button cp-button--link" onClick={() => setAdding(true)}>
            Add a card
          </button>
        ) : null}
      </div>
      {cards.length > 0 ? (
        <ul className="pm-cards" aria-labelledby="pay-with-h" aria-describedby={error ? 'card-error' : undefined}>
          {cards.map((c) => (
            <li key={c.id}>
              <label className="pm-card pm-choice">
                <input type="radio" name="card" value={c.id} checked={value === c.id} onChange={() => onChange(c.id)} />
                <CardBrandLogo brand={c.type} width={36} />
                <span className="pm-card__name">
                  <strong>{cardLabel(c)}</strong>
                  <span className="pm-small pm-muted">
                    Expires {String(c.exp_month).padStart(2, '0')}/{String(c.exp_year).slice(-2)}
                    {c.is_default ? ' · default' : ''}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      ) : (
        <p className="pm-empty pm-small">Add a card to pay with. It is saved for your next hires.</p>
      )}
      {error ? (
        <p className="cp-field-error" id="card-error" role="alert">
          {error}
        </p>
      ) : null}
      {adding ? (
        <CardForm
          engine={engine}
          publishableKey={publishableKey}
          onSaved={(card) => {
            setAdding(false);
            onAdded(card);
          }}
          onCancel={cards.length > 0 ? () => setAdding(false) : undefined}
        />
      ) : null}
    </section>
  );
}
