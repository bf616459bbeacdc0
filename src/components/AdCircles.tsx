import { AD_CIRCLES_MAX } from '../lib/constants';
import { adCircles, initials, moreLabel } from '../lib/rules/ad-circles';
import '../styles/kit.css';

export interface AdCircleItem {
  id: number | string;
  title: string;
  /** Image URL of the ad type's icon. */
  icon?: string | null;
}

export interface AdCirclesProps {
  ads: readonly AdCircleItem[];
  /** Most circles shown; default 3, the rest become '+n' (core §9). */
  max?: number;
  /** Accessible name of the list; default 'Ads'. */
  label?: string;
}

/** Overlapping circles for a campaign's ads: at most 3, then a '+n' counter. */
export function AdCircles({ ads, max = AD_CIRCLES_MAX, label = 'Ads' }: AdCirclesProps) {
  const { visible, more } = adCircles(ads, max);
  return (
    <span className="cp-ad-circles" role="list" aria-label={label}>
      {visible.map((ad) => (
        <span key={ad.id} className="cp-ad-circle" role="listitem" title={ad.title}>
          {ad.icon ? <img src={ad.icon} alt="" /> : <span aria-hidden="true">{initials(ad.title)}</span>}
          <span className="cp-sr-only">{ad.title}</span>
        </span>
      ))}
      {more > 0 ? (
        <span
          className="cp-ad-circle cp-ad-circle--more"
          role="listitem"
          title={ads
            .slice(visible.length)
            .map((a) => a.title)
            .join(', ')}
        >
          <span aria-hidden="true">{moreLabel(more)}</span>
          <span className="cp-sr-only">{`${more} more`}</span>
        </span>
      ) : null}
    </span>
  );
}

export default AdCircles;
