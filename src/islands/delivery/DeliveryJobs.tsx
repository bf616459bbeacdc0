import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { $dealChange } from '../../lib/stores/realtime';
import { formatDate } from '../../lib/format/dates';
import type { DeliveryPanelPayload } from '../../lib/delivery-types';
import { AnswerLink } from './AnswerLink';
import { DisputeNotice } from './DisputeNotice';
import { Evidence } from './Evidence';
import { LinkEpisode } from './LinkEpisode';
import './delivery.css';

export interface Props {
  initial: DeliveryPanelPayload;
  me: { type: string };
}

const STATUS_LABEL: Record<string, string> = {
  pending: 'Waiting for funding',
  'in-progress': 'In progress',
  'in-review': 'In review',
  completed: 'Completed',
  rejected: 'Changes asked',
  dropped: 'Dropped',
};

// The air-date picker (and its calendar) loads when a podcaster's open job shows it, not with the workroom.
const AirDate = lazy(() => import('./AirDatePicker'));

/** A package workroom's delivery (loaded by DeliveryPanel): per hired job, its state, air date, and the proof that it aired. */
export default function DeliveryJobs({ initial, me }: Props) {
  const [data, setData] = useState(initial);
  const reload = useCallback(async () => {
    try {
      setData((await api<{ data: DeliveryPanelPayload }>(`/api/discussions/${initial.discussion_id}/jobs`)).data);
    } catch {
      // Keeps the last state; the next action or poll tries again.
    }
  }, [initial.discussion_id]);
  // Any change to a deal of this user (hire, funding, air date, review, airing, payment) on any tab or
  // side, and a reconnect: the panel shows the jobs as they are now.
  const change = useStore($dealChange);
  useEffect(() => {
    if (change) void reload();
  }, [change?.at, reload]);
  // The panel starts folded to its one-line summary so the conversation keeps the screen; only a large
  // screen (wide and tall) opens it at once. It opens on a tap on the summary, and stays as the reader
  // left it in this tab when the page is opened again.
  const [open, setOpen] = useState(false);
  const remembered = `cuepoint.delivery-open.${initial.discussion_id}`;
  useEffect(() => {
    const saved = sessionStorage.getItem(remembered);
    if (saved !== null) setOpen(saved === '1');
    else if (window.matchMedia('(min-width: 1024px) and (min-height: 960px)').matches) setOpen(true);
  }, [remembered]);
  const toggled = (now: boolean) => {
    setOpen(now);
    sessionStorage.setItem(remembered, now ? '1' : '0');
  };
  const listening = data.jobs.some((j) => j.link?.status === 'pending');
  useEffect(() => {
    if (!listening) return;
    const timer = setInterval(() => void reload(), 2000);
    return () => clearInterval(timer);
  }, [listening, reload]);
  if (!data.jobs.length || !data.podcast) return null;
  const podcaster = me.type === 'PODCASTER';
  return (
    <details className="delivery" open={open} onToggle={(e) => toggled(e.currentTarget.open)}>
      <summary>
        <h2>Delivery</h2>
        <span className="delivery__summary">{data.jobs.map((j) => `${j.name}: ${STATUS_LABEL[j.status] ?? j.status}`).join(' · ')}</span>
      </summary>
      <ul className="delivery__jobs">
        {data.jobs.map((job) => {
          const open = job.is_funded && job.status !== 'completed' && job.status !== 'dropped';
          const waitingForBrand = job.status === 'in-review' && job.link?.status === 'not-found';
          const canLink = open && job.approved_deliverable_id !== null && job.link?.status !== 'pending' && !job.dispute;
          return (
            <li key={job.id} className="delivery__job" data-job-id={job.id}>
              <p className="delivery__head">
                <strong>{job.name}</strong>
                <span className={`pill delivery__status delivery__status--${job.status}`}>{STATUS_LABEL[job.status] ?? job.status}</span>
                <span>{job.delivery_date ? `Airs ${formatDate(job.delivery_date)}` : 'No air date yet'}</span>
              </p>
              {!job.is_funded && <p className="delivery__note">The brand funds the hire before the ad is delivered.</p>}
              {job.link?.status === 'pending' && (
                <p className="delivery__note" role="status">
                  Listening to {job.link.title ?? 'the linked episode'} for the ad…
                </p>
              )}
              {job.aired && !job.evidence && (
                <p className="delivery__aired">
                  Verified on air{job.aired.title ? ` in “${job.aired.title}”` : ''}
                  {job.aired.aired_at ? ` on ${formatDate(job.aired.aired_at)}` : ''}
                  {job.aired.ad_start && (
                    <>
                      {' '}
                      · ad starts at{' '}
                      {job.aired.play_url ? (
                        <a href={job.aired.play_url} target="_blank" rel="noopener">
                          {job.aired.ad_start}
                        </a>
                      ) : (
                        job.aired.ad_start
                      )}
                    </>
                  )}
                </p>
              )}
              {job.evidence && job.evidence.status !== 'pending' && !(waitingForBrand && !podcaster) && (
                <Evidence evidence={job.evidence} label={job.status === 'completed' ? 'Verified on air:' : undefined} />
              )}
              {job.dispute && <DisputeNotice job={job} podcaster={podcaster} onDone={() => void reload()} />}
              {podcaster && waitingForBrand && !job.dispute && (
                <p className="delivery__note">The brand is asked to confirm that the ad aired, or to dispute it.</p>
              )}
              {podcaster && open && (
                <Suspense fallback={<p className="delivery__note">Loading the calendar…</p>}>
                  <AirDate job={job} onDone={() => void reload()} />
                </Suspense>
              )}
              {podcaster && canLink && <LinkEpisode job={job} onDone={() => void reload()} />}
              {!podcaster && waitingForBrand && <AnswerLink job={job} onDone={() => void reload()} />}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
