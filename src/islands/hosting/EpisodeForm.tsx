/**
 * The hosted episode editor: create (/hosting/episodes?create=1, POST …/episodes) or edit
 * (/hosting/episode/{hash_id}/edit, PATCH …/episodes/{hash_id}). Audio (required to create, replaceable
 * later), show notes in the editor, publish date and time (a future one schedules the episode), season,
 * episode number, type, explicit, artwork, transcript and chapters. Field errors in place, first message
 * per field, cleared on each save; then the success page, told by ?created=1 whether the episode is new.
 */
import { useState } from 'react';
import { api } from '../../lib/api';
import { FieldError } from '../../components/FieldError';
import RichTextEditor from '../editor/RichTextEditor';
import Uploader from '../uploader/Uploader';
import { TextField } from '../campaigns/fields';
import type { FilePayload } from '../../lib/types';
import { FailureBlock } from './form-errors';
import { useForm } from '../shared/use-form';
import { ArtworkPicker, TextFilePicker, type Change, type TextFileValue } from './EpisodeAttachments';
import { SelectField } from './FeedFields';

export interface EpisodeValues {
  title: string;
  description: string;
  /** ISO time; the form shows it in the browser's time zone. */
  published_at: string;
  season: string;
  episode_number: string;
  explicit: boolean;
  episode_type: 'full' | 'trailer' | 'bonus';
  artwork_url: string | null;
  transcript_url: string | null;
  chapters_url: string | null;
  status: 'current' | 'draft';
}

interface Props {
  hostedId: number;
  /** Editing this episode; absent when creating. */
  hashId?: string;
  initial: EpisodeValues;
  /** Now by the server's clock (ISO-8601): a publish time after it schedules the episode. */
  now?: string;
}

/** An ISO time as the value of a datetime-local input, in the browser's zone. */
function localInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export default function EpisodeForm({ hostedId, hashId, initial, now }: Props) {
  const creating = !hashId;
  const [form, setForm] = useState({ ...initial, published_at: localInput(initial.published_at) });
  const [audio, setAudio] = useState<FilePayload | null>(null);
  const [artwork, setArtwork] = useState<Change<number>>(undefined);
  const [transcript, setTranscript] = useState<Change<TextFileValue>>(undefined);
  const [chapters, setChapters] = useState<Change<TextFileValue>>(undefined);
  const request = useForm();
  const busy = request.pending;
  const [uploading, setUploading] = useState(false);
  const set =
    <K extends keyof typeof form>(k: K) =>
    (v: (typeof form)[K]) =>
      setForm((f) => ({ ...f, [k]: v }));
  const when = form.published_at ? new Date(form.published_at) : null;
  // How far the server's clock runs from this browser's, measured once: "scheduled" is decided by the server's clock.
  const [clockOffset] = useState(() => (now ? Date.parse(now) - Date.now() : 0));
  const future = !!when && when.getTime() > Date.now() + clockOffset;

  async function save(publish: boolean) {
    const body = {
      title: form.title,
      description: form.description,
      published_at: when && !Number.isNaN(when.getTime()) ? when.toISOString() : form.published_at,
      season: form.season === '' ? null : form.season,
      episode_number: form.episode_number === '' ? null : form.episode_number,
      explicit: form.explicit,
      episode_type: form.episode_type,
      ...(audio ? { file_id: audio.id } : creating ? { file_id: null } : {}),
      ...(artwork !== undefined ? { artwork_file_id: artwork } : {}),
      ...(transcript !== undefined ? { transcript } : {}),
      ...(chapters !== undefined ? { chapters } : {}),
      ...(creating ? { publish } : {}),
    };
    await request.run(
      async () => {
        const res = creating
          ? await api<{ data: { hash_id: string } }>(`/api/podcasts/hosted/${hostedId}/episodes`, { method: 'POST', body })
          : await api<{ data: { hash_id: string } }>(`/api/podcasts/hosted/${hostedId}/episodes/${hashId}`, { method: 'PATCH', body });
        window.location.assign(`/hosting/episode/${res.data.hash_id}/success${creating ? '?created=1' : ''}`);
      },
      { keepPending: true },
    );
  }

  return (
    <form
      ref={request.formRef}
      className="hosting-card hosting-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save(true);
      }}
      noValidate
      aria-label={creating ? 'New episode' : 'Edit episode'}
    >
      <div className="cp-field">
        <Uploader
          label={creating ? 'Episode audio' : 'Replace the audio (optional)'}
          maxFiles={1}
          allowedTypes={['mp3', 'm4a', 'wav', 'ogg', 'aac']}
          onChange={(list) => setAudio(list[0] ?? null)}
          onProcessingChange={setUploading}
        />
        {!creating && (
          <p className="cp-muted hosting-hint">The episode keeps its place in your feed, so podcast apps treat the new audio as the same episode.</p>
        )}
        <FieldError errors={request.errors} field="file_id" />
      </div>
      <TextField label="Title" name="title" value={form.title} onChange={set('title')} errors={request.errors} maxLength={255} required />
      <div className="cp-field">
        <RichTextEditor
          label="Show notes"
          variant="feed-description"
          value={initial.description}
          onChange={set('description')}
          max={4000}
          onUploadingChange={setUploading}
        />
        <FieldError errors={request.errors} field="description" />
      </div>
      <div className="hosting-form-row">
        <div className="cp-field">
          <label htmlFor="ep-published">Publish date and time</label>
          <input
            id="ep-published"
            name="published_at"
            className="cp-input"
            type="datetime-local"
            value={form.published_at}
            onChange={(e) => set('published_at')(e.target.value)}
            aria-invalid={request.errors?.published_at ? true : undefined}
            aria-describedby="ep-published-hint"
          />
          <p id="ep-published-hint" className="cp-muted hosting-hint">
            {future ? 'In the future: the episode is scheduled and appears in your feed at this time.' : 'Your time zone. A future time schedules the episode.'}
          </p>
          <FieldError errors={request.errors} field="published_at" />
        </div>
        <SelectField
          label="Episode type"
          name="episode_type"
          value={form.episode_type}
          onChange={(v) => set('episode_type')(v as EpisodeValues['episode_type'])}
          errors={request.errors}
        >
          <option value="full">Full episode</option>
          <option value="trailer">Trailer</option>
          <option value="bonus">Bonus</option>
        </SelectField>
      </div>
      <div className="hosting-form-row">
        <TextField label="Season" name="season" type="number" min={1} value={form.season} onChange={set('season')} errors={request.errors} />
        <TextField
          label="Episode number"
          name="episode_number"
          type="number"
          min={1}
          value={form.episode_number}
          onChange={set('episode_number')}
          errors={request.errors}
        />
      </div>
      <div className="cp-field">
        <label className="hosting-check">
          <input type="checkbox" name="explicit" checked={form.explicit} onChange={(e) => set('explicit')(e.target.checked)} /> This episode contains explicit
          content
        </label>
      </div>
      <ArtworkPicker current={initial.artwork_url} value={artwork} onChange={setArtwork} onProcessingChange={setUploading} errors={request.errors} />
      <div className="hosting-form-row">
        <TextFilePicker
          label="Transcript (optional)"
          name="transcript"
          accept=".vtt,.srt,.json,.html,.txt"
          hint="WebVTT, SRT, Podcasting 2.0 JSON, HTML or text, up to 1 MB."
          current={initial.transcript_url}
          value={transcript}
          onChange={setTranscript}
          errors={request.errors}
        />
        <TextFilePicker
          label="Chapters (optional)"
          name="chapters"
          accept=".json"
          hint="A Podcasting 2.0 chapters JSON file."
          current={initial.chapters_url}
          value={chapters}
          onChange={setChapters}
          errors={request.errors}
        />
      </div>
      <FailureBlock message={request.message} />
      <div className="hosting-actions hosting-buttons">
        <button type="submit" className="cp-button cp-button--primary" disabled={busy || uploading}>
          {busy ? 'Saving…' : creating ? (future ? 'Schedule episode' : 'Publish episode') : 'Save episode'}
        </button>
        {creating && (
          <button type="button" className="cp-button" disabled={busy || uploading} onClick={() => void save(false)}>
            Save as draft
          </button>
        )}
        <a className="cp-button" href="/hosting/episodes">
          Cancel
        </a>
      </div>
    </form>
  );
}
