/**
 * The install part of a site's page: the snippet to paste, how to fire events, and the install check
 * ("We saw your site 2 minutes ago"), re-read with 'Check again' from GET /api/attribution/sites/{id}/activity.
 */
import { useEffect, useState } from 'react';
import type { SiteActivity } from '../../lib/analytics-types';
import { api } from '../../lib/api';
import { formatDate, timeFromNow } from '../../lib/format';
import { toast } from '../../lib/stores/toasts';
import '../stats/stats.css';

function CopyCode({ code, label }: { code: string; label: string }) {
  return (
    <div className="st-copy">
      <code className="st-code">{code}</code>
      <button
        type="button"
        className="cp-button"
        aria-label={label}
        onClick={() =>
          void navigator.clipboard.writeText(code).then(
            () => toast.success('Copied'),
            () => toast.error('Copying is blocked here: select the code and copy it.'),
          )
        }
      >
        Copy
      </button>
    </div>
  );
}

export default function SiteInstall({ siteId, domain, initial }: { siteId: number; domain: string; initial: SiteActivity }) {
  const [activity, setActivity] = useState(initial);
  const [busy, setBusy] = useState(false);
  // "2 minutes ago" is worded once hydrated (the server says the date), and kept current: counted on the
  // server's clock (visits are dated by it), from how far it runs from this browser's at the last read.
  const [tick, setTick] = useState(0);
  const [clockOffset, setClockOffset] = useState(() => Date.parse(initial.now) - Date.now());
  useEffect(() => {
    setTick(1);
    const timer = setInterval(() => setTick((n) => n + 1), 30_000);
    return () => clearInterval(timer);
  }, []);

  async function check() {
    setBusy(true);
    try {
      const read = (await api<{ data: SiteActivity }>(`/api/attribution/sites/${siteId}/activity`)).data;
      setClockOffset(Date.parse(read.now) - Date.now());
      setActivity(read);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Could not check the site.');
    } finally {
      setBusy(false);
    }
  }

  const seen = activity.last_seen_at;
  return (
    <section className="attr-card" aria-labelledby="site-install">
      <h2 id="site-install" className="attr-title">
        Install the snippet
      </h2>
      <p className="cp-muted">
        Paste this line into every page of {domain}, before <code>&lt;/head&gt;</code>. It counts a page view on each page and adds nothing else to the page
        (one small script, no cookies).
      </p>
      <CopyCode code={activity.snippet} label="Copy the snippet" />
      <p className="cp-muted">
        Fire your other events where they happen, with the event’s name as its Events tab shows it, e.g. <code>cuepoint('event', 'purchase')</code> on the order
        confirmation page. To fire one before the script has loaded, put this line above the snippet:
      </p>
      <CopyCode code={activity.queue_snippet} label="Copy the events line" />
      <div className="st-seen" aria-live="polite">
        <span className={`st-dot${seen ? ' st-dot--ok' : ''}`} aria-hidden="true" />
        <strong data-testid="site-seen">
          {seen
            ? `We saw your site ${tick ? timeFromNow(seen, Date.now() + clockOffset) : `on ${formatDate(seen, 'MMM D, YYYY')}`}`
            : 'We have not heard from your site yet'}
        </strong>
        <button type="button" className="cp-button cp-button--link" disabled={busy} onClick={() => void check()}>
          {busy ? 'Checking…' : 'Check again'}
        </button>
      </div>
      <p className="cp-muted">
        {seen
          ? `${activity.events_30d.toLocaleString('en-US')} event${activity.events_30d === 1 ? '' : 's'} in the last 30 days, ${activity.attributed_30d.toLocaleString('en-US')} attributed to your campaigns.`
          : 'Once the snippet is on a page, open that page in a browser and check again.'}
      </p>
    </section>
  );
}
