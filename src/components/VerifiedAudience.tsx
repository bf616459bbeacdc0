/**
 * A show's audience as brands weigh it before hiring: the verified figures of a measured show (marked
 * "Measured by Cuepoint (IAB v2.2)"), the figure the podcaster typed (marked "Self-reported"), and a
 * proposal's price guide. Rendered by the proposal cards, sponsorship cards, the podcast page and the
 * hire dialog; every figure carries data-figure/data-value so tests read exactly what is shown.
 */
import { countryName } from '../lib/analytics-types';
import type { PriceGuide } from '../lib/campaign-types';
import { formatMoney } from '../lib/format/money';
import { FIRST_DAYS, MEASURED_LABEL, VERIFIED_DAYS, type VerifiedAudience } from '../lib/verified-audience';
import './verified-audience.css';

const whole = (n: number) => n.toLocaleString('en-US');

interface Props {
  audience: VerifiedAudience;
  /** The podcaster's own average listens per episode (0 or null: none given). */
  selfReported?: number | null;
  priceGuide?: PriceGuide | null;
  compact?: boolean;
}

export function VerifiedAudienceFigures({ audience, selfReported, priceGuide, compact = false }: Props) {
  const a = audience;
  return (
    <div className={`cq-audience${compact ? ' cq-audience--compact' : ''}`} data-podcast-id={a.podcast_id} data-measured={a.measured}>
      {a.measured ? (
        <>
          <p className="cq-audience__badge">
            <span aria-hidden="true">✓</span> {MEASURED_LABEL}
            <span className="cp-muted"> · last {VERIFIED_DAYS} days</span>
          </p>
          <dl className="cq-audience__figures">
            <div>
              <dt>Downloads per episode</dt>
              <dd data-figure="median_downloads" data-value={a.median_downloads ?? ''}>
                {a.median_downloads === null ? '—' : whole(a.median_downloads)}
                <span className="cp-muted cp-small"> median, first {FIRST_DAYS} days</span>
              </dd>
            </div>
            <div>
              <dt>Listeners</dt>
              <dd data-figure="listeners" data-value={a.listeners}>
                {whole(a.listeners)}
              </dd>
            </div>
            <div>
              <dt>Top countries</dt>
              <dd data-figure="top_countries" data-value={a.top_countries.map((c) => `${c.name}:${c.downloads}`).join(',')}>
                {a.top_countries.length ? a.top_countries.map((c) => countryName(c.name)).join(', ') : '—'}
              </dd>
            </div>
            <div>
              <dt>Top apps</dt>
              <dd data-figure="top_apps" data-value={a.top_apps.map((c) => `${c.name}:${c.downloads}`).join(',')}>
                {a.top_apps.length ? a.top_apps.map((c) => c.name).join(', ') : '—'}
              </dd>
            </div>
          </dl>
        </>
      ) : (
        <p className="cp-small cp-muted cq-audience__none">Not measured by Cuepoint yet.</p>
      )}
      {selfReported ? (
        <p className="cp-small" data-figure="self_reported" data-value={selfReported}>
          {whole(selfReported)} avg. listens per episode <span className="pill">Self-reported</span>
        </p>
      ) : null}
      {priceGuide ? (
        <p className="cp-small cq-audience__price" data-figure="price_per_thousand" data-value={priceGuide.per_thousand ?? ''}>
          {priceGuide.per_thousand === null ? (
            'No price guide without verified downloads.'
          ) : (
            <>
              <strong>{formatMoney(priceGuide.per_thousand)}</strong> per 1,000 verified downloads
            </>
          )}
          {priceGuide.category && priceGuide.category_median !== null ? (
            <span className="cp-muted">
              {' '}
              · {priceGuide.category} median {formatMoney(priceGuide.category_median)}
            </span>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

/** The show's artwork, or its first letter where it has none. */
export function ShowArtwork({ title, url, className = 'cq-artwork' }: { title: string; url: string | null; className?: string }) {
  return url ? (
    <img className={className} src={url} alt="" width={64} height={64} loading="lazy" />
  ) : (
    <span className={className} aria-hidden="true">
      {title.slice(0, 1)}
    </span>
  );
}
