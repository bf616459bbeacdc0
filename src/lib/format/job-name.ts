/**
 * What a hired job is called wherever it shows (delivery panel, ad review, Completed Ads): its ad type and
 * its current air date, "Host-Read · Dec 8". Always built from the job as it is now, never stored, so a
 * moved air date renames it.
 */
import { AD_TYPE_LABELS } from '../constants';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar day ('2026-12-08' or an ISO time; read as the day written, never shifted by a time zone) as "Dec 8". */
export function shortDay(day: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day ?? '');
  if (!m) return '';
  return `${MONTHS[Number(m[2]) - 1] ?? ''} ${Number(m[3])}`;
}

/** The ad type's name: an ad type key ('host') or the ad's own title ('Host-Read'). */
export function adTypeName(type: string | null | undefined): string {
  if (!type) return 'Ad';
  return (AD_TYPE_LABELS as Record<string, string>)[type] ?? type;
}

/** "Host-Read · Dec 8" (or "Host-Read" before an air date is booked). */
export function jobName(job: { ad_type?: string | null; delivery_date: string | null }): string {
  const day = shortDay(job.delivery_date);
  return day ? `${adTypeName(job.ad_type)} · ${day}` : adTypeName(job.ad_type);
}
