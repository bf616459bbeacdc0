import { RANGE_SLIDER_DEFAULT_STEP } from '../constants';

export type Range = [number, number];

export interface RangeOptions {
  min: number;
  max: number;
  /** Default 1 (core §5). */
  step?: number;
}

function clamp(n: number, min: number, max: number): number {
  if (Number.isNaN(n)) return min;
  return Math.min(max, Math.max(min, n));
}

/**
 * Normalises a range slider's two values (core §5): both clamped between min and max, the
 * upper never below the lower, and an upper value one step (or less) below max snaps to max.
 */
export function clampRange([lo, hi]: readonly [number, number], { min, max, step = RANGE_SLIDER_DEFAULT_STEP }: RangeOptions): Range {
  const low = clamp(lo, min, max);
  let high = clamp(Number.isNaN(hi) ? max : hi, min, max);
  if (high < low) high = low;
  if (high < max && high >= max - step) high = max;
  return [low, high];
}
