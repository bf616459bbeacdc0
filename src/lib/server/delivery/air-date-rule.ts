/**
 * The date rule of proof (issue 33): an ad airs in an episode published on or after the day the brand
 * approved it. Days are the show's (its time zone), so an ad approved on a show's Monday evening may air
 * in its episode of that Monday night. Pure.
 */
import { formatDate } from '../../format/dates';
import { dayIn } from '../../slots';

/** The show's day of an instant ('YYYY-MM-DD'). */
export const showDay = (at: Date, timeZone: string | null | undefined) => dayIn(at, timeZone || 'UTC');

/** True when an episode published at `publishedAt` may carry an ad approved at `approvedAt`. */
export function airsAfterApproval(publishedAt: Date | null, approvedAt: Date | null, timeZone: string | null | undefined): boolean {
  if (!publishedAt || !approvedAt) return false;
  return showDay(publishedAt, timeZone) >= showDay(approvedAt, timeZone);
}

/** The refusal of an episode published before the ad was approved, naming both days. */
export function publishedBeforeApproval(publishedAt: Date, approvedAt: Date, timeZone: string | null | undefined): string {
  const published = formatDate(showDay(publishedAt, timeZone));
  const approved = formatDate(showDay(approvedAt, timeZone));
  return `This episode was published on ${published}, before your ad was approved on ${approved}. Link an episode published on or after ${approved}.`;
}
