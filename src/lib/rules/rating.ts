import { RATING_MAX, RATING_MIN } from '../constants';

/** A rating as a whole number from 0 (none) to 5 (core §3 rating widget). */
export function clampRating(value: number | null | undefined): number {
  if (value === null || value === undefined || Number.isNaN(value)) return RATING_MIN;
  return Math.min(RATING_MAX, Math.max(RATING_MIN, Math.round(value)));
}

/** Spoken text of a rating: "No rating", "1 star", "4 stars". */
export function ratingLabel(value: number): string {
  const v = clampRating(value);
  return v === 0 ? 'No rating' : `${v} ${v === 1 ? 'star' : 'stars'}`;
}
