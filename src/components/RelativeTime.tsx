/**
 * A time shown relative to now ("5 minutes ago") without a hydration mismatch (issue 37, React error #418):
 * the server and the browser's first render both write the UTC date, which does not depend on the reader's
 * clock or time zone; after mount the browser writes it relative to its own clock, and refreshes it each minute.
 */
import { useEffect, useState } from 'react';
import { formatDate, timeFromNow } from '../lib/format/dates';

interface Props {
  /** ISO-8601 instant. */
  iso: string;
  /** Words before the relative time, e.g. "last active ". */
  prefix?: string;
}

/** The stable text both sides render first: the date in UTC ("Nov 23, 2026"). */
export function stableTime(iso: string): string {
  return formatDate(iso.slice(0, 10), 'MMM D, YYYY');
}

export function RelativeTime({ iso, prefix = '' }: Props) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time dateTime={iso} title={stableTime(iso)}>
      {now === null ? `${prefix}${prefix ? 'on ' : ''}${stableTime(iso)}` : `${prefix}${timeFromNow(iso, now)}`}
    </time>
  );
}
