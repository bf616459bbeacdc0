import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { FieldError } from '../../components/FieldError';
import { api, ApiError, type FieldErrors } from '../../lib/api';
import { formatDate } from '../../lib/format/dates';
import { toast } from '../../lib/stores/toasts';
import type { DeliveryJobPayload, DeliveryPanelPayload } from '../../lib/delivery-types';
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

const errorsOf = (e: unknown): FieldErrors =>
  e instanceof ApiError
    ? { ...e.errors, ...(Object.keys(e.errors).length ? {} : { form: [e.message] }) }
    : { form: ['Something went wrong. Please try again.'] };

/** The podcaster links the episode the approved ad aired in: one of the feed's episodes, or its audio URL. */
function LinkEpisode({ job, podcastHash, onDone }: { job: DeliveryJobPayload; podcastHash: string; onDone: () => void }) {
  const [episodes, setEpisodes] = useState<Array<{ id: number; title: string; published_at: string | null }>>([]);
  const [episodeId, setEpisodeId] = useState('');
  const [url, setUrl] = useState('');
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api<{ data: Array<{ id: number; title: string; published_at: string | null }> }>(`/api/podcasts/${podcastHash}/episodes`, { query: { per_page: 50 } })
      .then((r) => setEpisodes(r.data))
      .catch(() => setEpisodes([]));
  }, [podcastHash]);
  const link = async () => {
    setBusy(true);
    setErrors(null);
    try {
      await api(`/api/deliverables/${job.approved_deliverable_id}/episode`, { body: url.trim() ? { url: url.trim() } : { episode_id: Number(episodeId) } });
      toast.success('Cuepoint is listening to the episode for your ad.');
      setUrl('');
      onDone();
    } catch (e) {
      setErrors(errorsOf(e));
    } finally {
      setBusy(false);
    }
  };
  const ids = { episode: `link-episode-${job.id}`, url: `link-url-${job.id}` };
  return (
    <fieldset className="delivery__link">
      <legend>Link the episode the ad aired in</legend>
      <label htmlFor={ids.episode}>Episode</label>
      <select id={ids.episode} className="cp-input" value={episodeId} onChange={(e) => setEpisodeId(e.target.value)}>
        <option value="">Choose an episode</option>
        {episodes.map((e) => (
          <option key={e.id} value={e.id}>
            {e.title}
            {e.published_at ? ` (${formatDate(e.published_at)})` : ''}
          </option>
        ))}
      </select>
      <label htmlFor={ids.url}>or the episode’s audio URL</label>
      <input id={ids.url} className="cp-input" type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://…/episode.mp3" />
      <FieldError errors={errors} field="episode_id" />
      <FieldError errors={errors} field="url" />
      <FieldError errors={errors} field="job" />
      <FieldError errors={errors} field="form" />
      <button type="button" className="cp-button cp-button--primary" onClick={() => void link()} disabled={busy || (!episodeId && !url.trim())}>
        Link episode
      </button>
    </fieldset>
  );
}

/** The brand answers a link the listener could not confirm. */
function AnswerLink({ job, onDone }: { job: DeliveryJobPayload; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const answer = async (kind: 'aired' | 'disputed') => {
    setBusy(true);
    try {
      await api(`/api/deliverables/${job.approved_deliverable_id}/${kind}`, { body: kind === 'disputed' ? { reason } : {} });
      toast.success(kind === 'aired' ? 'Confirmed: the ad is completed.' : 'Disputed: the podcaster is asked to link the right episode.');
      onDone();
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="delivery__answer">
      <p>
        The podcaster linked {job.link?.url ? <a href={job.link.url}>{job.link.title ?? 'an episode'}</a> : (job.link?.title ?? 'an episode')}, where Cuepoint
        could not find the ad. Did it air?
      </p>
      <label htmlFor={`dispute-${job.id}`}>Reason, if you dispute it</label>
      <input id={`dispute-${job.id}`} className="cp-input" value={reason} onChange={(e) => setReason(e.target.value)} />
      <div className="delivery__buttons">
        <button type="button" className="cp-button" disabled={busy} onClick={() => void answer('disputed')}>
          Dispute
        </button>
        <button type="button" className="cp-button cp-button--primary" disabled={busy} onClick={() => void answer('aired')}>
          Confirm it aired
        </button>
      </div>
    </div>
  );
}

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
  // A phone starts with the panel folded, so the conversation keeps the screen.
  const [open, setOpen] = useState(true);
  useEffect(() => {
    if (!window.matchMedia('(min-width: 1024px)').matches) setOpen(false);
  }, []);
  const listening = data.jobs.some((j) => j.link?.status === 'pending');
  useEffect(() => {
    if (!listening) return;
    const timer = setInterval(() => void reload(), 2000);
    return () => clearInterval(timer);
  }, [listening, reload]);
  if (!data.jobs.length || !data.podcast) return null;
  const podcaster = me.type === 'PODCASTER';
  return (
    <details className="delivery" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <h2>Delivery</h2>
        <span className="delivery__summary">{data.jobs.map((j) => STATUS_LABEL[j.status] ?? j.status).join(' · ')}</span>
      </summary>
      <ul className="delivery__jobs">
        {data.jobs.map((job) => {
          const open = job.is_funded && job.status !== 'completed' && job.status !== 'dropped';
          const waitingForBrand = job.status === 'in-review' && job.link?.status === 'not-found';
          const canLink = open && job.approved_deliverable_id !== null && job.link?.status !== 'pending';
          return (
            <li key={job.id} className="delivery__job" data-job-id={job.id}>
              <p className="delivery__head">
                <strong>{job.description || 'Ad'}</strong>
                <span className={`pill delivery__status delivery__status--${job.status}`}>{STATUS_LABEL[job.status] ?? job.status}</span>
                <span>{job.delivery_date ? `Airs ${formatDate(job.delivery_date)}` : 'No air date yet'}</span>
              </p>
              {!job.is_funded && <p className="delivery__note">The brand funds the hire before the ad is delivered.</p>}
              {job.link?.status === 'pending' && (
                <p className="delivery__note" role="status">
                  Listening to {job.link.title ?? 'the linked episode'} for the ad…
                </p>
              )}
              {job.aired && (
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
              {podcaster && open && (
                <Suspense fallback={<p className="delivery__note">Loading the calendar…</p>}>
                  <AirDate job={job} onDone={() => void reload()} />
                </Suspense>
              )}
              {podcaster && canLink && data.podcast && <LinkEpisode job={job} podcastHash={data.podcast.hash_id} onDone={() => void reload()} />}
              {!podcaster && waitingForBrand && <AnswerLink job={job} onDone={() => void reload()} />}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
