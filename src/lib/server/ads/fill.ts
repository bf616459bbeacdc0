/**
 * The fill decision (pure): which automated line goes in which ad position of one episode for one
 * listener on one day. Deterministic: the same inputs always give the same fill, and lines are tried in
 * an order drawn from a hash of listener, day and episode, so listeners rotate through the lines.
 *
 * A line is eligible when it is active, its spot is ready, today is within its dates, it has budget left
 * (funded and not spent), it targets the show's category, the listener's country and device (an empty
 * list targets all), the show does not exclude its ad category, the listener has not reached its
 * frequency cap today, and pacing allows it: today's deliveries may spend at most the budget left
 * spread evenly over the days left.
 */
import { createHash } from 'node:crypto';

/** 2 pre-rolls and 4 mid-rolls per episode (Hosting Service Agreement, hosting §9). */
export const PRE_ROLLS = 2;
export const MID_ROLLS = 4;

export interface FillLine {
  id: number;
  cpm: number;
  /** Cents left to spend: funded minus spent (a line without budget has 0 and is never served). */
  budgetLeft: number;
  startsOn: string;
  endsOn: string;
  categories: number[];
  countries: string[];
  devices: string[];
  /** Only these shows (empty: every show). */
  podcasts: number[];
  /** Only episodes published before this day (null: every episode). */
  publishedBefore: string | null;
  adCategoryId: number | null;
  frequencyCap: number;
  positions: Array<'pre' | 'mid'>;
  active: boolean;
  spotReady: boolean;
  /** Changes when the spot does (names the variants that carry it). */
  spotVersion?: string;
}

export interface FillContext {
  day: string;
  listenerHash: string;
  episodeId: number;
  podcastId: number;
  /** The episode's publication day (YYYY-MM-DD), when known. */
  episodePublishedOn: string | null;
  showCategoryIds: number[];
  excludedCategoryIds: number[];
  country: string | null;
  device: string;
  /** The episode's positions: 'pre-0', 'pre-1', then 'mid-0'… for each confirmed mid-roll marker. */
  slots: string[];
  /** This listener's deliveries of each line today (any episode). */
  listenerToday: Map<number, number>;
  /** Every listener's deliveries of each line today (pacing). */
  lineToday: Map<number, number>;
}

export interface FillChoice {
  slot: string;
  lineId: number;
}

const DAY_MS = 86_400_000;

/** Days from `day` to `endsOn`, both included (at least 1). */
export function daysLeft(day: string, endsOn: string): number {
  return Math.max(1, Math.floor((Date.parse(`${endsOn}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / DAY_MS) + 1);
}

/** What one delivery may cost (an impression at the line's CPM), in cents, never below a cent. */
export const impressionCost = (cpm: number) => Math.max(0.01, cpm / 1000);

/** Why a line cannot be served to this listener now (null when it can). */
export function ineligible(line: FillLine, ctx: FillContext): string | null {
  if (!line.active) return 'paused';
  if (!line.spotReady) return 'spot not ready';
  if (ctx.day < line.startsOn || ctx.day > line.endsOn) return 'outside its dates';
  if (line.budgetLeft <= 0 || line.cpm <= 0) return 'no budget';
  if (line.podcasts.length && !line.podcasts.includes(ctx.podcastId)) return 'show not targeted';
  if (line.publishedBefore && !(ctx.episodePublishedOn && ctx.episodePublishedOn < line.publishedBefore)) return 'not in the back catalogue';
  if (line.categories.length && !line.categories.some((c) => ctx.showCategoryIds.includes(c))) return 'category not targeted';
  if (line.countries.length && !(ctx.country && line.countries.includes(ctx.country))) return 'country not targeted';
  if (line.devices.length && !line.devices.includes(ctx.device)) return 'device not targeted';
  if (line.adCategoryId !== null && ctx.excludedCategoryIds.includes(line.adCategoryId)) return 'excluded by the show';
  if ((ctx.listenerToday.get(line.id) ?? 0) >= line.frequencyCap) return 'frequency cap';
  const dailyBudget = line.budgetLeft / daysLeft(ctx.day, line.endsOn);
  const spentToday = (ctx.lineToday.get(line.id) ?? 0) * impressionCost(line.cpm);
  if (spentToday + impressionCost(line.cpm) > Math.max(dailyBudget, impressionCost(line.cpm))) return 'paced';
  return null;
}

/** The order lines are tried in for this listener, day and episode. */
export function rotation(lines: FillLine[], ctx: Pick<FillContext, 'listenerHash' | 'day' | 'episodeId'>): FillLine[] {
  const rank = (id: number) => createHash('sha256').update(`${ctx.listenerHash}|${ctx.day}|${ctx.episodeId}|${id}`).digest().readUInt32BE(0);
  return [...lines].sort((a, b) => rank(a.id) - rank(b.id) || a.id - b.id);
}

/** Decides the fill of an episode's positions: each line at most once per episode. */
export function decideFill(lines: FillLine[], ctx: FillContext): FillChoice[] {
  const candidates = rotation(
    lines.filter((l) => ineligible(l, ctx) === null),
    ctx,
  );
  const used = new Set<number>();
  const out: FillChoice[] = [];
  for (const slot of ctx.slots) {
    const kind = slot.startsWith('pre') ? 'pre' : 'mid';
    const line = candidates.find((l) => !used.has(l.id) && l.positions.includes(kind));
    if (!line) continue;
    used.add(line.id);
    out.push({ slot, lineId: line.id });
  }
  return out;
}

/** The slots of an episode with `mids` confirmed mid-roll markers. */
export function slotsOf(mids: number): string[] {
  return [...Array.from({ length: PRE_ROLLS }, (_, i) => `pre-${i}`), ...Array.from({ length: Math.min(MID_ROLLS, mids) }, (_, i) => `mid-${i}`)];
}
