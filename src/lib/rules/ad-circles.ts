import { AD_CIRCLES_MAX } from '../constants';

/** Splits the ads to show as circles: at most `max` (3) visible, and how many more for the '+n' counter (core §9). */
export function adCircles<T>(items: readonly T[], max: number = AD_CIRCLES_MAX): { visible: T[]; more: number } {
  const n = Math.max(0, Math.floor(max));
  return { visible: items.slice(0, n), more: Math.max(0, items.length - n) };
}

/** The counter text: '+2'. */
export function moreLabel(more: number): string {
  return `+${more}`;
}

/** Initials for a circle without an icon: 'Host-Read' → 'HR', 'sponsorship' → 'S'. */
export function initials(title: string): string {
  const words = title.split(/[\s-]+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}
