/** Onboarding while the import runs (hosting spec §2, §4): the live progress bar, and the stale screen with Resync. */
import { type CSSProperties, useEffect, useState } from 'react';
import { api } from '../../lib/api';
import type { InitializeSettings } from '../../lib/types';
import { nextBarPercent } from './onboarding-state';
import { listenForProgress } from './progress-channel';
import { ResyncButton } from './MigrationReport';
import type { Hosted } from './HostedOnboarding';

export function Migrating({
  podcastId,
  hostedId,
  userId,
  pusher,
  initialPercent,
  refresh,
}: {
  podcastId: number;
  hostedId: number;
  userId: number;
  pusher: InitializeSettings['pusher'];
  initialPercent: number;
  refresh: () => Promise<Hosted>;
}) {
  const [target, setTarget] = useState(initialPercent);
  const [shown, setShown] = useState(initialPercent);

  useEffect(() => {
    let off: (() => void) | null = null;
    let live = true;
    // The screen moves on the moment the server says the migration left 'in-progress' (validated and
    // completed, or stale, or failed), never on a timer of its own.
    const moveOn = () => void refresh().catch(() => undefined);
    void listenForProgress(
      pusher,
      userId,
      (e) => {
        if (e.podcastId === podcastId) setTarget((t) => Math.max(t, e.percent));
      },
      (e) => {
        if (e.podcast_id === podcastId && e.migration_status !== 'in-progress') moveOn();
      },
    ).then((stop) => {
      if (live) off = stop;
      else stop();
    });
    // The progress call keeps the bar and the state right when a realtime message is missed.
    const fetchProgress = () =>
      void api<{ data: { percent: number; migration_status: string } }>(`/api/podcasts/hosted/${hostedId}/migrate/progress`)
        .then((r) => {
          setTarget((t) => Math.max(t, r.data.percent));
          if (r.data.migration_status !== 'in-progress') moveOn();
        })
        .catch(() => undefined);
    fetchProgress();
    const poll = setInterval(fetchProgress, 4000);
    return () => {
      live = false;
      off?.();
      clearInterval(poll);
    };
  }, [podcastId, hostedId, userId, pusher, refresh]);

  useEffect(() => {
    if (shown === target) return;
    const t = setTimeout(() => setShown((s) => nextBarPercent(s, target)), 40);
    return () => clearTimeout(t);
  }, [shown, target]);

  return (
    <section className="hosting-card" aria-labelledby="migrating-title">
      <h2 id="migrating-title" className="hosting-title">
        {shown < 100 ? 'We are migrating your podcast now...' : 'Migration complete, validating migration...'}
      </h2>
      <div className="hosting-progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={shown} aria-label="Migration progress">
        <div className="hosting-progress__bar" style={{ '--progress': `${shown}%` } as CSSProperties} />
      </div>
      <p className="hosting-progress__percent" aria-hidden="true">
        {shown}%
      </p>
      <p className="cp-muted">The import runs in the background: you can close this page. We will send you an email when it is done.</p>
    </section>
  );
}

export function Stale({ hosted, onResynced }: { hosted: Hosted; onResynced: (h: Hosted) => void }) {
  return (
    <section className="hosting-card" aria-labelledby="stale-title">
      <h2 id="stale-title" className="hosting-title">
        Let's Get You Back on Track
      </h2>
      <p>Your migration stopped making progress. Nothing is lost: resync it and we continue with the episodes and files that are not on Cuepoint yet.</p>
      <ul className="hosting-links">
        <li>
          Migrated feed:{' '}
          <a href={hosted.url ?? '#'} target="_blank" rel="noreferrer">
            {hosted.url}
          </a>
        </li>
        <li>
          Original feed:{' '}
          <a href={hosted.original_url ?? '#'} target="_blank" rel="noreferrer">
            {hosted.original_url}
          </a>
        </li>
      </ul>
      <ResyncButton hostedId={hosted.id} onResynced={(h) => onResynced({ ...h, percent: hosted.percent ?? 0 })} />
    </section>
  );
}
