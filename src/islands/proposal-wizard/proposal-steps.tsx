/** Steps 2 (dates) and 4 (review) of the proposal wizard, and the shapes the wizard shares with them. */
import { FieldError } from '../../components/FieldError';
import type { FieldErrors } from '../../lib/api';
import { formatDate } from '../../lib/format/dates';
import { formatMoney } from '../../lib/format/money';

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

/** The most open days offered per ad type. */
const DATE_CHOICES = 40;

interface DatesProps {
  id: string;
  ads: WizardAd[];
  chosen: WizardAd[];
  choices: Record<number, Choice>;
  /** The podcast's open days per ad type, soonest first. */
  availableByType: Record<string, string[]>;
  errors: FieldErrors;
  update: (adId: number, patch: Partial<Choice>) => void;
}

/** Step 2: one available day per episode of each chosen ad. */
export function DatesStep({ id, ads, chosen, choices, availableByType, errors, update }: DatesProps) {
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
        const days = availableByType[a.type]!.slice(0, DATE_CHOICES);
        const extra = c.dates.filter((d) => !days.includes(d));
        return (
          <fieldset key={a.id} className="pc-card cp-stack cp-m-0">
            <legend className="cp-bold">
              {a.title} dates ({c.dates.length} of {c.episodes})
            </legend>
            {days.length === 0 && <p className="cp-muted">No available {a.title} slots. Set your publishing schedule under Manage podcasts first.</p>}
            <div className="date-picks">
              {[...extra, ...days].map((d) => {
                const checked = c.dates.includes(d);
                return (
                  <label key={d}>
                    <input
                      type="checkbox"
                      checked={checked}
                      disabled={!checked && c.dates.length >= c.episodes}
                      onChange={(e) => update(a.id, { dates: e.target.checked ? [...c.dates, d].sort() : c.dates.filter((x) => x !== d) })}
                      aria-label={`${a.title} on ${formatDate(d)}`}
                    />
                    <span>{formatDate(d, 'ddd, MMM D, YYYY')}</span>
                  </label>
                );
              })}
            </div>
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
