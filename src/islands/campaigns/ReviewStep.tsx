/** The campaign wizard's review step: the campaign as saved, and what is left to fill in before submitting. */
import type { FieldErrors } from '../../components/FieldError';
import type { CampaignPayload, WizardTab } from '../../lib/campaign-types';
import { formatDate } from '../../lib/format/dates';
import { formatMoney } from '../../lib/format/money';
import type { Site } from './AttributionStep';

/** The field each tab owns, so a review error can point at its tab. */
const FIELD_TAB: Record<string, WizardTab> = {
  title: 'details',
  description: 'details',
  url: 'details',
  categories: 'details',
  ads: 'ads',
  budget: 'budget',
  duration: 'budget',
  delivery_date: 'budget',
  expired_days: 'budget',
  site_id: 'attribution',
};

interface Props {
  campaign: CampaignPayload;
  sites: Site[];
  errors: FieldErrors | null;
  /** The wizard's base path (each tab is `${base}/${tab}`). */
  base: string;
}

export default function ReviewStep({ campaign, sites, errors, base }: Props) {
  const reviewErrors = errors ? Object.entries(errors) : [];
  return (
    <>
      {campaign.submitted_at && !campaign.rejection_reason ? (
        <p className="banner banner--info" role="status">
          {campaign.is_approved ? 'This campaign is approved and running. Changes you save apply right away.' : 'This campaign is waiting for approval.'}
        </p>
      ) : null}
      <dl className="cq-summary">
        <dt>Title</dt>
        <dd>{campaign.title || '—'}</dd>
        <dt>Product URL</dt>
        <dd>{campaign.url || '—'}</dd>
        <dt>Categories</dt>
        <dd>{campaign.categories.map((c) => c.title).join(', ') || '—'}</dd>
        <dt>Ads</dt>
        <dd>{campaign.ads.map((a) => a.title).join(', ') || '—'}</dd>
        <dt>Budget</dt>
        <dd>{campaign.budget ? formatMoney(campaign.budget) : '—'}</dd>
        <dt>Duration</dt>
        <dd>{campaign.duration ? `${campaign.duration} days` : '—'}</dd>
        <dt>Delivery date</dt>
        <dd>{campaign.delivery_date ? formatDate(campaign.delivery_date) : '—'}</dd>
        <dt>Expires</dt>
        <dd>{campaign.expires_at ? `${formatDate(campaign.expires_at)} (${campaign.expired_days} days after delivery)` : '—'}</dd>
        <dt>Attribution site</dt>
        <dd>{sites.find((s) => s.id === campaign.site_id)?.domain ?? 'None'}</dd>
      </dl>
      {reviewErrors.length ? (
        <div className="alert alert-error" role="alert">
          <p className="cp-m-0 cp-mb-sm">Finish these before submitting:</p>
          <ul className="cp-m-0">
            {reviewErrors.map(([field, messages]) => (
              <li key={field}>
                <a href={`${base}/${FIELD_TAB[field] ?? 'details'}`}>{messages?.[0]}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
