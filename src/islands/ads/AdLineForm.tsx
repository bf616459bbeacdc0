/**
 * Adding an automated line to a campaign (issue 19 §2): the spot through the uploader, CPM and budget in
 * dollars (sent as cents), dates, targeting (show categories, countries, devices), positions and the
 * frequency cap, and the card the budget is charged to. The server checks the spot and answers a
 * reason when it refuses it.
 */
import { useId, useState } from 'react';
import { FieldError } from '../../components/FieldError';
import { api } from '../../lib/api';
import { useForm } from '../shared/use-form';
import { toast } from '../../lib/stores/toasts';
import type { FilePayload } from '../../lib/types';
import Uploader from '../uploader/LazyUploader';
import './ads.css';

export interface AdLineFormProps {
  campaignId: number;
  cards: Array<{ id: number; label: string }>;
  categories: Array<{ id: number; title: string }>;
  devices: readonly string[];
  today: string;
}

const toCents = (dollars: string) => Math.round(Number(dollars.replace(/[$,\s]/g, '')) * 100);

export default function AdLineForm({ campaignId, cards, categories, devices, today }: AdLineFormProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [spot, setSpot] = useState<FilePayload | null>(null);
  const [uploading, setUploading] = useState(false);
  const [title, setTitle] = useState('');
  const [cpm, setCpm] = useState('25.00');
  const [budget, setBudget] = useState('200.00');
  const [startsOn, setStartsOn] = useState(today);
  const [endsOn, setEndsOn] = useState(() => new Date(Date.parse(`${today}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10));
  const [cap, setCap] = useState('1');
  const [cats, setCats] = useState<number[]>([]);
  const [countries, setCountries] = useState('');
  const [devs, setDevs] = useState<string[]>([]);
  const [positions, setPositions] = useState<Array<'pre' | 'mid'>>(['pre', 'mid']);
  const [cardId, setCardId] = useState(cards[0]?.id ?? 0);
  const form = useForm();
  const { errors, message, pending: saving } = form;

  const toggle = <T,>(list: T[], value: T) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    await form.run(
      async () => {
        await api(`/api/brand/campaigns/${campaignId}/ad-lines`, {
          method: 'POST',
          body: {
            title,
            spot_file_id: spot?.id ?? 0,
            cpm: toCents(cpm),
            budget: toCents(budget),
            starts_on: startsOn,
            ends_on: endsOn,
            frequency_cap: Number(cap),
            categories: cats,
            countries: countries
              .split(/[\s,]+/)
              .map((c) => c.trim().toUpperCase())
              .filter(Boolean),
            devices: devs,
            positions,
            card_id: cardId,
          },
        });
        toast.success('Your automated line is live.');
        window.location.reload();
      },
      { report: (f) => form.setMessage(f.status !== null ? f.message : 'Something went wrong, please try again.') },
    );
  };

  if (!open)
    return (
      <button type="button" className="cp-button cp-button--primary" onClick={() => setOpen(true)}>
        Add an automated line
      </button>
    );

  return (
    <form ref={form.formRef} className="ads-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} className="ads-form__title">
        New automated line
      </h3>
      <div className="cp-field">
        <label htmlFor={`${id}-name`}>Line name</label>
        <input id={`${id}-name`} className="cp-input" value={title} onChange={(e) => setTitle(e.target.value)} aria-invalid={Boolean(errors?.title)} />
        <FieldError errors={errors} field="title" />
      </div>
      <div className="cp-field">
        <span className="cp-field__label">Spot (MP3, M4A, WAV, OGG or AAC; at most 120 seconds)</span>
        <Uploader
          label="Spot audio"
          maxFiles={1}
          allowedTypes={['mp3', 'm4a', 'wav', 'ogg', 'aac']}
          onChange={(files) => setSpot(files[0] ?? null)}
          onProcessingChange={setUploading}
        />
        <FieldError errors={errors} field="spot_file_id" />
      </div>
      <div className="ads-form__row">
        <div className="cp-field">
          <label htmlFor={`${id}-cpm`}>CPM (price per 1,000 impressions, $)</label>
          <input id={`${id}-cpm`} className="cp-input" inputMode="decimal" value={cpm} onChange={(e) => setCpm(e.target.value)} />
          <FieldError errors={errors} field="cpm" />
        </div>
        <div className="cp-field">
          <label htmlFor={`${id}-budget`}>Budget ($)</label>
          <input id={`${id}-budget`} className="cp-input" inputMode="decimal" value={budget} onChange={(e) => setBudget(e.target.value)} />
          <FieldError errors={errors} field="budget" />
        </div>
        <div className="cp-field">
          <label htmlFor={`${id}-cap`}>Frequency cap (per listener per day)</label>
          <input id={`${id}-cap`} className="cp-input" type="number" min={1} max={24} value={cap} onChange={(e) => setCap(e.target.value)} />
          <FieldError errors={errors} field="frequency_cap" />
        </div>
      </div>
      <div className="ads-form__row">
        <div className="cp-field">
          <label htmlFor={`${id}-start`}>Starts on</label>
          <input id={`${id}-start`} className="cp-input" type="date" value={startsOn} onChange={(e) => setStartsOn(e.target.value)} />
          <FieldError errors={errors} field="starts_on" />
        </div>
        <div className="cp-field">
          <label htmlFor={`${id}-end`}>Ends on</label>
          <input id={`${id}-end`} className="cp-input" type="date" value={endsOn} onChange={(e) => setEndsOn(e.target.value)} />
          <FieldError errors={errors} field="ends_on" />
        </div>
      </div>
      <fieldset className="ads-form__set">
        <legend>Positions</legend>
        {(['pre', 'mid'] as const).map((p) => (
          <label key={p} className="ads-check">
            <input type="checkbox" checked={positions.includes(p)} onChange={() => setPositions(toggle(positions, p))} />
            {p === 'pre' ? 'Pre-roll' : 'Mid-roll'}
          </label>
        ))}
        <FieldError errors={errors} field="positions" />
      </fieldset>
      <fieldset className="ads-form__set">
        <legend>Show categories (none ticked: every show)</legend>
        <div className="ads-checks">
          {categories.map((c) => (
            <label key={c.id} className="ads-check">
              <input type="checkbox" checked={cats.includes(c.id)} onChange={() => setCats(toggle(cats, c.id))} />
              {c.title}
            </label>
          ))}
        </div>
        <FieldError errors={errors} field="categories" />
      </fieldset>
      <div className="cp-field">
        <label htmlFor={`${id}-countries`}>Countries (two-letter codes, e.g. US, GB; empty: everywhere)</label>
        <input id={`${id}-countries`} className="cp-input" value={countries} onChange={(e) => setCountries(e.target.value)} placeholder="US, CA" />
        <FieldError errors={errors} field="countries" />
      </div>
      <fieldset className="ads-form__set">
        <legend>Devices (none ticked: every device)</legend>
        <div className="ads-checks">
          {devices.map((d) => (
            <label key={d} className="ads-check">
              <input type="checkbox" checked={devs.includes(d)} onChange={() => setDevs(toggle(devs, d))} />
              {d}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="cp-field">
        <label htmlFor={`${id}-card`}>Charge the budget to</label>
        {cards.length ? (
          <select id={`${id}-card`} className="cp-select" value={cardId} onChange={(e) => setCardId(Number(e.target.value))}>
            {cards.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        ) : (
          <p className="cp-muted">
            Add a card in <a href="/settings/payments">payment settings</a> first.
          </p>
        )}
        <FieldError errors={errors} field="card_id" />
      </div>
      {message && !form.invalid && (
        <p className="cp-field-error" role="alert">
          {message}
        </p>
      )}
      <div className="ads-form__actions">
        <button type="submit" className="cp-button cp-button--primary" disabled={saving || uploading || !spot}>
          {saving ? 'Checking the spot…' : 'Create line and charge budget'}
        </button>
        <button type="button" className="cp-button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
