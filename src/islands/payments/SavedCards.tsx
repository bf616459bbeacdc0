/** /settings/payments: the brand's saved cards, the default one, adding and removing (with a confirmation). */
import { useState } from 'react';
import { api, ApiError } from '../../lib/api';
import { CardBrandLogo } from '../../components/CardBrandLogo';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { toast } from '../../lib/stores/toasts';
import { cardLabel, type CardPayload } from '../../lib/payments';
import CardForm from './CardForm';
import '../../styles/payments.css';

interface Props {
  initial: CardPayload[];
  engine: 'embedded' | 'stripe';
  publishableKey: string | null;
}

const expiry = (c: CardPayload) => `${String(c.exp_month).padStart(2, '0')}/${String(c.exp_year).slice(-2)}`;

/** The cards list with its actions. */
export default function SavedCards({ initial, engine, publishableKey }: Props) {
  const [cards, setCards] = useState(initial);
  const [adding, setAdding] = useState(initial.length === 0);
  const [removing, setRemoving] = useState<CardPayload | null>(null);

  const reload = async () => setCards((await api<{ data: CardPayload[] }>('/api/cards')).data);

  async function makeDefault(card: CardPayload) {
    try {
      await api(`/api/cards/${card.id}/default`, { method: 'PUT' });
      await reload();
      toast.success(`${cardLabel(card)} is now your default card.`);
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'The default card could not be changed.');
    }
  }

  async function remove() {
    if (!removing) return;
    try {
      await api(`/api/cards/${removing.id}`, { method: 'DELETE' });
      toast.success(`${cardLabel(removing)} removed.`);
      setRemoving(null);
      await reload();
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'The card could not be removed.');
    }
  }

  return (
    <section className="pm-section" aria-labelledby="cards-h">
      <div className="pm-section__head">
        <h2 id="cards-h">Cards</h2>
        {!adding ? (
          <button type="button" className="cp-button" onClick={() => setAdding(true)}>
            Add a card
          </button>
        ) : null}
      </div>
      {cards.length === 0 ? <p className="pm-empty">No cards yet. Add one to fund your hires; the default card is picked first at checkout.</p> : null}
      {cards.length > 0 ? (
        <ul className="pm-cards" aria-label="Saved cards">
          {cards.map((c) => (
            <li key={c.id} className="pm-card">
              <CardBrandLogo brand={c.type} width={44} />
              <span className="pm-card__name">
                <strong>{cardLabel(c)}</strong>
                <span className="pm-small pm-muted">Expires {expiry(c)}</span>
              </span>
              <span className="pm-card__actions">
                {c.is_default ? (
                  <span className="pm-status pm-status--funded">Default</span>
                ) : (
                  <button
                    type="button"
                    className="cp-button cp-button--link"
                    onClick={() => void makeDefault(c)}
                    aria-label={`Make ${cardLabel(c)} the default`}
                  >
                    Make default
                  </button>
                )}
                <button type="button" className="cp-button cp-button--link" onClick={() => setRemoving(c)} aria-label={`Remove ${cardLabel(c)}`}>
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {adding ? (
        <CardForm
          engine={engine}
          publishableKey={publishableKey}
          onSaved={() => {
            setAdding(false);
            void reload();
          }}
          onCancel={cards.length > 0 ? () => setAdding(false) : undefined}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Remove ${cardLabel(removing)}?` : 'Remove this card?'}
        confirmLabel="Remove card"
        danger
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      >
        <p>Payments already made with it are not affected, and you can add it again later.</p>
      </ConfirmDialog>
    </section>
  );
}
