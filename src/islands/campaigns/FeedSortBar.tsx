/**
 * The proposal feed's order and filter: a plain GET form, so the choice lives in the address (?sort=,
 * ?measured=1) and a reload or a shared link keeps it; works by keyboard and without JavaScript.
 */
import { FEED_SORTS, FEED_SORT_LABELS, type FeedSort, type FeedTab } from '../../lib/campaign-types';

interface Props {
  campaignId: number;
  tab: FeedTab;
  sort: FeedSort;
  measuredOnly: boolean;
}

export default function FeedSortBar({ campaignId, tab, sort, measuredOnly }: Props) {
  return (
    <form className="cq-sortbar cp-row" method="get" action={`/campaign/${campaignId}/${tab}`} aria-label="Sort and filter proposals">
      <label className="cp-small">
        Sort by{' '}
        <select className="cp-select" name="sort" defaultValue={sort}>
          {FEED_SORTS.map((s) => (
            <option key={s} value={s}>
              {FEED_SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <label className="cq-check cp-small">
        <input type="checkbox" name="measured" value="1" defaultChecked={measuredOnly} />
        Measured shows only
      </label>
      <button type="submit" className="cp-button cp-button--link cp-small">
        Apply
      </button>
    </form>
  );
}
