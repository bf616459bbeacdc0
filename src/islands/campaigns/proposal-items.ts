/** The rows of a proposal in the feed: its items (top-level jobs), each with its dates, price and hire state. */
import type { FeedPackageJobPayload } from '../../lib/campaign-types';
import { formatMoney } from '../../lib/format/money';
import { itemPrice, proposalItems } from '../../lib/proposal-total';

export interface ProposalItem extends FeedPackageJobPayload {
  /** The delivery dates of the item: its own, or one per episode of a multi-episode item. */
  dates: string[];
  /** What the item costs (fee × episodes). */
  price: number;
}

/** A proposal's items: a multi-episode item stands for its episodes (their dates, hire and work state). */
export function itemsOf(jobs: FeedPackageJobPayload[]): ProposalItem[] {
  return proposalItems(jobs).map((item) => {
    const episodes = jobs.filter((j) => j.parent_id === item.id);
    if (episodes.length === 0) return { ...item, dates: item.delivery_date ? [item.delivery_date] : [], price: itemPrice(item) };
    return {
      ...item,
      dates: episodes.map((e) => e.delivery_date).filter((d): d is string => d !== null),
      price: itemPrice(item),
      is_hired: episodes.every((e) => e.is_hired),
      is_declined: item.is_declined || episodes.every((e) => e.is_declined),
      status: episodes.every((e) => e.status === 'pending') ? 'pending' : (episodes.find((e) => e.status !== 'pending')?.status ?? item.status),
    };
  });
}

/** One line of the hire confirmation: "Morning Miles: Host-Read (two mornings), 2 episodes, $600" (no gap before a comma). */
export function hireItemLine(item: { podcast: string; ad_title: string | null; description: string | null; episodes: number; price: number }): string {
  const name = [item.ad_title ?? 'Ad', item.description ? `(${item.description})` : ''].filter(Boolean).join(' ');
  return [`${item.podcast}: ${name}`, item.episodes > 1 ? `${item.episodes} episodes` : '', formatMoney(item.price)].filter(Boolean).join(', ');
}
