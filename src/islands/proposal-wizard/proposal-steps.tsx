/** Steps 2 (dates) and 4 (review) of the proposal wizard, and the shapes the wizard shares with them. */
import { FieldError } from '../../components/FieldError';
import type { FieldErrors } from '../../lib/api';
import { formatDate } from '../../lib/format/dates';
import { formatMoney } from '../../lib/format/money';
import type { CalendarSlot } from '../../lib/slots';
import { DateCalendar } from './date-calendar';

export interface WizardAd {
  id: number;
  type: 'sponsorship' | 'host';
  title: string;
  description: string;
  podcaster_description: string;
}

/** What the podcaster chose for one ad of the campaign. */
export interface Choice {
  selected: boolean;
  fee: number | null;
  episodes: number;
  dates: string[];
}

interface DatesProps {
  id: string;
  ads: WizardAd[];
  chosen: WizardAd[];
  choices: Record<number, Choice>;
  /** The podcast's calendar: every slot of each ad type, soonest first. */
  slotsByType: Record<string, CalendarSlot[]>;
  /** The campaign's delivery date, if it has one. */
  deliveryBy: string | null;
  errors: FieldErrors;
  update: (adId: number, patch: Partial<Choice>) => void;
}

/** Step 2: one open day per episode of each chosen ad, picked on the show's calendar. */
export function DatesStep({ id, ads, chosen, choices, slotsByType, deliveryBy, errors, update }: DatesProps) {
  return (
    <section className="cp-stack" aria-labelledby={`${id}-s2`}>
      <h2 id={`${id}-s2`} className="cp-m-0">
        Pick your dates
      </h2>
      <p className="cp-muted cp-m-0">
        These are the available slots of your calendar. <a href="/settings/manage-podcasts#availability">Change your availability</a>
      </p>
      {chosen.map((a) => {
        const i = ads.indexOf(a);
        const c = choices[a.id]!;
        const slots = slotsByType[a.type] ?? [];
        const open = slots.some((s) => s.status === 'available');
        return (
          <fieldset key={a.id} className="pc-card cp-stack cp-m-0">
            <legend className="cp-bold">
              {a.title} dates ({c.dates.length} of {c.episodes})
            </legend>
            {!open && c.dates.length === 0 ? (
              <p className="cp-muted">No available {a.title} slots. Set your publishing schedule under Manage podcasts first.</p>
            ) : (
              <DateCalendar
                title={a.title}
                slots={slots}
                deliveryBy={deliveryBy}
                picked={c.dates}
                limit={c.episodes}
                onChange={(dates) => update(a.id, { dates })}
              />
            )}
            <FieldError errors={errors} field={`jobs.${i}.dates`} />
          </fieldset>
        );
      })}
    </section>
  );
}

interface ReviewProps {
  id: string;
  chosen: WizardAd[];
  choices: Record<number, Choice>;
  total: number;
  pitch: string;
  budget: number | null;
}

/** Step 4: the items with their dates and prices, the total, and the pitch as the brand will read it. */
export function ProposalReview({ id, chosen, choices, total, pitch, budget }: ReviewProps) {
  return (
    <section className="cp-stack" aria-labelledby={`${id}-s4`}>
      <h2 id={`${id}-s4`} className="cp-m-0">
        Review your proposal
      </h2>
      <div className="pc-card">
        <ul className="pc-list">
          {chosen.map((a) => {
            const c = choices[a.id]!;
            return (
              <li key={a.id}>
                <span>
                  <strong>{a.title}</strong> · {c.episodes} episode{c.episodes > 1 ? 's' : ''} at {formatMoney(c.fee)}
                  <br />
                  <span className="cp-muted cp-small">{c.dates.map((d) => formatDate(d)).join(', ')}</span>
                </span>
                <strong>{formatMoney((c.fee ?? 0) * c.episodes)}</strong>
              </li>
            );
          })}
          <li>
            <strong>Total</strong>
            <strong data-testid="proposal-total">{formatMoney(total)}</strong>
          </li>
        </ul>
      </div>
      <div className="pc-card pc-pitch">
        <h3>Pitch</h3>
        <div className="cp-rich-text" dangerouslySetInnerHTML={{ __html: pitch }} />
      </div>
      {budget !== null && total > budget && <p className="cp-muted">Your total is above the campaign’s budget of {formatMoney(budget)}.</p>}
    </section>
  );
}
