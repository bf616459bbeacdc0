import { useEffect, useState } from 'react';
import { FieldError } from '../../components/FieldError';
import { api, ApiError, type FieldErrors } from '../../lib/api';
import { failureOf, messagesAsField, useForm } from '../shared/use-form';
import { formatDate } from '../../lib/format/dates';
import { toast } from '../../lib/stores/toasts';
import type { DeliveryJobPayload } from '../../lib/delivery-types';

interface Linkable {
  approved_on: string;
  episodes: Array<{ id: number; title: string; published_at: string }>;
}

/** The messages of a failed delivery action, the general one under `form`. */
export const errorsOf = (e: unknown): FieldErrors => messagesAsField(failureOf(e), 'form', 'Something went wrong. Please try again.');

/**
 * The podcaster links the episode the approved ad aired in: one of the show's episodes published on or
 * after the day the ad was approved, or the address of one in the show's feed.
 */
export function LinkEpisode({ job, onDone }: { job: DeliveryJobPayload; onDone: () => void }) {
  const [linkable, setLinkable] = useState<Linkable | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [episodeId, setEpisodeId] = useState('');
  const [url, setUrl] = useState('');
  const form = useForm();
  const { errors, pending: busy } = form;
  useEffect(() => {
    api<{ data: Linkable }>(`/api/deliverables/${job.approved_deliverable_id}/episodes`)
      .then((r) => setLinkable(r.data))
      .catch((e) => setLoadError(e instanceof ApiError ? e.message : 'The episodes could not be loaded.'));
  }, [job.approved_deliverable_id]);
  const link = async () => {
    await form.run(
      async () => {
        await api(`/api/deliverables/${job.approved_deliverable_id}/episode`, { body: url.trim() ? { url: url.trim() } : { episode_id: Number(episodeId) } });
        toast.success('Cuepoint is listening to the episode for your ad.');
        setUrl('');
        onDone();
      },
      { report: (f) => form.fail(messagesAsField(f, 'form', 'Something went wrong. Please try again.')) },
    );
  };
  const approved = job.approved_on ? formatDate(job.approved_on) : null;
  const ids = { episode: `link-episode-${job.id}`, url: `link-url-${job.id}`, hint: `link-hint-${job.id}` };
  return (
    <fieldset className="delivery__link">
      <legend>Link the episode the ad aired in</legend>
      <p className="delivery__meta" id={ids.hint}>
        {approved ? `The ad was approved on ${approved}: only an episode published on or after that day can carry it. ` : ''}
        Cuepoint listens for the whole ad; it completes the job when it hears it.
      </p>
      <label htmlFor={ids.episode}>Episode</label>
      <select
        id={ids.episode}
        className="cp-input"
        value={episodeId}
        onChange={(e) => setEpisodeId(e.target.value)}
        aria-describedby={ids.hint}
        disabled={!linkable || linkable.episodes.length === 0}
      >
        <option value="">
          {!linkable && !loadError ? 'Loading episodes…' : linkable?.episodes.length === 0 ? 'No episode since the approval yet' : 'Choose an episode'}
        </option>
        {linkable?.episodes.map((e) => (
          <option key={e.id} value={e.id}>
            {e.title} ({formatDate(e.published_at)})
          </option>
        ))}
      </select>
      {loadError && <p className="cp-field-error">{loadError}</p>}
      <label htmlFor={ids.url}>or its address in the show’s feed</label>
      <input id={ids.url} className="cp-input" type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://…/episode.mp3" />
      <FieldError errors={errors} field="episode_id" />
      <FieldError errors={errors} field="url" />
      <FieldError errors={errors} field="job" />
      <FieldError errors={errors} field="form" />
      <div>
        <button type="button" className="cp-button cp-button--primary" onClick={() => void link()} disabled={busy || (!episodeId && !url.trim())}>
          Link episode
        </button>
      </div>
    </fieldset>
  );
}
