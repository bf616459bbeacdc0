/**
 * Inserting an approved host-read ad into the back catalogue of the show that read it (issue 19 §2): the
 * brand picks the ad, a CPM, a budget (charged to a card) and dates; the ad then plays at the mid-roll
 * positions of that show's episodes published before today.
 */
import { useId, useState } from 'react';
import { FieldError } from '../../components/FieldError';
import { api } from '../../lib/api';
import { useForm } from '../shared/use-form';
import { toast } from '../../lib/stores/toasts';
import './ads.css';

export interface BackCatalogueFormProps {
  candidates: Array<{ deliverable_id: number; job: string; podcast_title: string }>;
  cards: Array<{ id: number; label: string }>;
  today: string;
}

const toCents = (dollars: string) => Math.round(Number(dollars.replace(/[$,\s]/g, '')) * 100);

export default function BackCatalogueForm({ candidates, cards, today }: BackCatalogueFormProps) {
  const id = useId();
  const [deliverable, setDeliverable] = useState(candidates[0]?.deliverable_id ?? 0);
  const [cpm, setCpm] = useState('20.00');
  const [budget, setBudget] = useState('100.00');
  const [endsOn, setEndsOn] = useState(() => new Date(Date.parse(`${today}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10));
  const [cardId, setCardId] = useState(cards[0]?.id ?? 0);
  const form = useForm();
  const { errors, message, pending: saving } = form;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    await form.run(
      async () => {
        await api('/api/brand/ad-lines/back-catalogue', {
          method: 'POST',
          body: {
            deliverable_id: deliverable,
            cpm: toCents(cpm),
            budget: toCents(budget),
            starts_on: today,
            ends_on: endsOn,
            card_id: cardId,
            positions: ['mid'],
          },
        });
        toast.success('The host-read ad is going into the back catalogue.');
        window.location.reload();
      },
      { report: (f) => form.setMessage(f.status !== null ? f.message : 'Something went wrong, please try again.') },
    );
  };

  return (
    <form ref={form.formRef} className="ads-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} className="ads-form__title">
        Insert an approved host-read into its show’s back catalogue
      </h3>
      <div className="cp-field">
        <label htmlFor={`${id}-ad`}>Approved ad</label>
        <select id={`${id}-ad`} className="cp-select" value={deliverable} onChange={(e) => setDeliverable(Number(e.target.value))}>
          {candidates.map((c) => (
            <option key={c.deliverable_id} value={c.deliverable_id}>
              {c.podcast_title}: {c.job}
            </option>
          ))}
        </select>
        <FieldError errors={errors} field="deliverable_id" />
      </div>
      <div className="ads-form__row">
        <div className="cp-field">
          <label htmlFor={`${id}-cpm`}>CPM ($)</label>
          <input id={`${id}-cpm`} className="cp-input" inputMode="decimal" value={cpm} onChange={(e) => setCpm(e.target.value)} />
          <FieldError errors={errors} field="cpm" />
        </div>
        <div className="cp-field">
          <label htmlFor={`${id}-budget`}>Budget ($)</label>
          <input id={`${id}-budget`} className="cp-input" inputMode="decimal" value={budget} onChange={(e) => setBudget(e.target.value)} />
          <FieldError errors={errors} field="budget" />
        </div>
        <div className="cp-field">
          <label htmlFor={`${id}-end`}>Ends on</label>
          <input id={`${id}-end`} className="cp-input" type="date" value={endsOn} onChange={(e) => setEndsOn(e.target.value)} />
          <FieldError errors={errors} field="ends_on" />
        </div>
        <div className="cp-field">
          <label htmlFor={`${id}-card`}>Charge the budget to</label>
          <select id={`${id}-card`} className="cp-select" value={cardId} onChange={(e) => setCardId(Number(e.target.value))}>
            {cards.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
          <FieldError errors={errors} field="card_id" />
        </div>
      </div>
      {message && !form.invalid && (
        <p className="cp-field-error" role="alert">
          {message}
        </p>
      )}
      <div className="ads-form__actions">
        <button type="submit" className="cp-button" disabled={saving || !cards.length}>
          {saving ? 'Checking the ad…' : 'Insert into back catalogue'}
        </button>
      </div>
    </form>
  );
}
