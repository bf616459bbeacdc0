/** One proposal of the feed: its podcast, pitch, jobs (hire or decline each), the brand's rates, and message actions. */
import { RatingInput } from '../../components/RatingInput';
import { ReadMoreText } from '../../components/ReadMore';
import type { FeedPackagePayload } from '../../lib/campaign-types';
import { formatDate } from '../../lib/format/dates';
import { formatMoney } from '../../lib/format/money';
import { ShowArtwork, VerifiedAudienceFigures } from '../../components/VerifiedAudience';
import { itemsOf, type ProposalItem } from './proposal-items';

export const RATE_LABELS = { responsiveness: 'Responsiveness', conversion: 'Conversion', content_quality: 'Content quality' } as const;
export type RateField = keyof typeof RATE_LABELS;

interface Props {
  p: FeedPackagePayload;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  /** The job ids ticked for hiring, across the page. */
  hire: ReadonlySet<number>;
  onHire: (jobId: number, hire: boolean) => void;
  onStar: () => void;
  onRate: (field: RateField, value: number) => void;
  onDecline: (item: ProposalItem) => void;
  onMessage: () => void;
}

export default function ProposalCard({ p, selected, onSelect, hire, onHire, onStar, onRate, onDecline, onMessage }: Props) {
  return (
    <li className="cq-card cq-proposal" aria-labelledby={`proposal-${p.id}`}>
      <div className="cq-proposal__head">
        <ShowArtwork title={p.podcast.title} url={p.podcast.avatar_url} />
        <div>
          <h3 id={`proposal-${p.id}`}>
            <a href={`/podcast/${p.podcast.hash_id}`}>{p.podcast.title}</a>
            {p.podcast.is_premium ? <span className="cq-premium">Premium</span> : null}
          </h3>
          <div className="cp-row cp-small cp-muted cp-gap-md">
            <RatingInput label="Podcast rating" name={`rating-${p.id}`} value={Math.round(p.podcast.rating_avg)} readOnly size={14} />
            <span>{p.podcast.rating_avg.toFixed(1)}</span>
            <span>Sent {formatDate(p.created_at)}</span>
          </div>
          <ul className="cq-tags" aria-label="Categories">
            {p.podcast.categories.map((c) => (
              <li key={c.id}>{c.title}</li>
            ))}
          </ul>
        </div>
        <div className="cp-row">
          <label className="cq-check cp-small">
            <input type="checkbox" checked={selected} onChange={(e) => onSelect(e.target.checked)} />
            Select
          </label>
          <button
            type="button"
            className="cp-button"
            aria-pressed={p.starred}
            onClick={onStar}
            aria-label={p.starred ? `Unstar ${p.podcast.title}` : `Star ${p.podcast.title}`}
          >
            {p.starred ? '★ Starred' : '☆ Star'}
          </button>
        </div>
      </div>

      <VerifiedAudienceFigures audience={p.podcast.audience} selfReported={p.podcast.avg_listens} priceGuide={p.price_guide} />

      {p.description ? <ReadMoreText html={p.description} /> : null}

      <div className="cq-jobs-wrap">
        <table className="cq-jobs">
          <caption className="cp-sr-only">Jobs proposed by {p.podcast.title}</caption>
          <thead>
            <tr>
              <th scope="col">Hire</th>
              <th scope="col">Item</th>
              <th scope="col">Episodes</th>
              <th scope="col">Date</th>
              <th scope="col">Fee</th>
              <th scope="col">
                <span className="cp-sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {itemsOf(p.jobs).map((j) => {
              const name = `${j.ad_title ?? 'Ad'}${j.description ? `: ${j.description}` : ''}`;
              const hireable = !j.is_declined && !j.is_hired && j.status === 'pending' && p.status !== 'declined';
              return (
                <tr key={j.id} data-declined={j.is_declined}>
                  <td>
                    {hireable ? (
                      <input
                        type="checkbox"
                        aria-label={`Hire ${name} (${p.podcast.title})`}
                        checked={hire.has(j.id)}
                        onChange={(e) => onHire(j.id, e.target.checked)}
                      />
                    ) : j.is_hired ? (
                      <span className="pill pill--brand">Hired</span>
                    ) : null}
                  </td>
                  <td data-label="Item">{name}</td>
                  <td data-label="Episodes">{j.episodes}</td>
                  <td data-label="Date">{j.dates.length ? j.dates.map((d) => formatDate(d)).join(', ') : '—'}</td>
                  <td data-label="Fee">{j.episodes > 1 ? `${formatMoney(j.fee)} × ${j.episodes} = ${formatMoney(j.price)}` : formatMoney(j.price)}</td>
                  <td>
                    {j.is_declined ? (
                      <span className="cp-small cp-muted">Declined</span>
                    ) : hireable ? (
                      <button
                        type="button"
                        className="cp-button cp-button--link"
                        onClick={() => onDecline(j)}
                        aria-label={`Decline ${name} (${p.podcast.title})`}
                      >
                        Decline
                      </button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={4}>Total</td>
              <td colSpan={2}>{formatMoney(p.total_price)}</td>
            </tr>
          </tfoot>
        </table>
      </div>

      {/* Rating follows a hire (the server refuses it before one): a brand rates how working with the podcaster went. */}
      {p.jobs.some((j) => j.is_hired) && (
        <div className="cq-rates">
          {(Object.keys(RATE_LABELS) as (keyof typeof RATE_LABELS)[]).map((field) => (
            <RatingInput
              key={field}
              label={`${RATE_LABELS[field]} (${p.podcast.title})`}
              name={`${field}-${p.id}`}
              value={p.rates[field]}
              size={20}
              onChange={(v) => onRate(field, v)}
            />
          ))}
        </div>
      )}

      <div className="cp-row">
        <button type="button" className="cp-button" onClick={onMessage} aria-label={`Message ${p.podcast.title}`}>
          Message
        </button>
        <a className="cp-button cp-button--link" href={p.workroom_link}>
          Open workroom
        </a>
      </div>
    </li>
  );
}
