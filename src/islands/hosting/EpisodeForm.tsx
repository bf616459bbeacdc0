/**
 * The hosted episode form: edit (/hosting/episode/{hash_id}/edit, PATCH …/episodes/{hash_id}) or create
 * (/hosting/episodes, POST …/episodes with audio from the uploader). Field errors in place, first message
 * per field, cleared on each save; then the success page, told by ?created=1 whether the episode is new.
 */
import { useState } from 'react';
import { api } from '../../lib/api';
import { FieldError } from '../../components/FieldError';
import RichTextEditor from '../editor/RichTextEditor';
import Uploader from '../uploader/Uploader';
import { TextField } from '../campaigns/fields';
import type { FilePayload } from '../../lib/types';
import { FailureBlock, NO_FAILURE, formFailure, type FormFailure } from './form-errors';

export interface EpisodeValues {
  title: string;
  description: string;
  published_at: string; // YYYY-MM-DD
  season: string;
  episode_number: string;
  explicit: boolean;
}

interface Props {
  hostedId: number;
  /** Editing this episode; absent when creating. */
  hashId?: string;
  initial: EpisodeValues;
}

export default function EpisodeForm({ hostedId, hashId, initial }: Props) {
  const creating = !hashId;
  const [form, setForm] = useState(initial);
  const [audio, setAudio] = useState<FilePayload | null>(null);
  const [failure, setFailure] = useState<FormFailure>(NO_FAILURE);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const set =
    <K extends keyof EpisodeValues>(k: K) =>
    (v: EpisodeValues[K]) =>
      setForm((f) => ({ ...f, [k]: v }));

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setFailure(NO_FAILURE);
    const body = {
      title: form.title,
      description: form.description,
      published_at: form.published_at,
      season: form.season === '' ? null : form.season,
      episode_number: form.episode_number === '' ? null : form.episode_number,
      explicit: form.explicit,
      ...(creating ? { file_id: audio?.id ?? null } : {}),
    };
    try {
      const res = creating
        ? await api<{ data: { hash_id: string } }>(`/api/podcasts/hosted/${hostedId}/episodes`, { method: 'POST', body })
        : await api<{ data: { hash_id: string } }>(`/api/podcasts/hosted/${hostedId}/episodes/${hashId}`, { method: 'PATCH', body });
      window.location.assign(`/hosting/episode/${res.data.hash_id}/success${creating ? '?created=1' : ''}`);
    } catch (err) {
      setFailure(formFailure(err));
      setBusy(false);
    }
  }

  return (
    <form className="hosting-card hosting-form" onSubmit={save} noValidate aria-label={creating ? 'New episode' : 'Edit episode'}>
      {creating && (
        <div className="cp-field">
          <Uploader
            label="Episode audio"
            maxFiles={1}
            allowedTypes={['mp3', 'm4a', 'wav', 'ogg', 'aac']}
            onChange={(list) => setAudio(list[0] ?? null)}
            onProcessingChange={setUploading}
          />
          <FieldError errors={failure.errors} field="file_id" />
        </div>
      )}
      <TextField label="Title" name="title" value={form.title} onChange={set('title')} errors={failure.errors} maxLength={255} required />
      <div className="cp-field">
        <RichTextEditor
          label="Description"
          variant="feed-description"
          value={initial.description}
          onChange={set('description')}
          max={4000}
          onUploadingChange={setUploading}
        />
        <FieldError errors={failure.errors} field="description" />
      </div>
      <div className="hosting-form-row">
        <div className="cp-field">
          <label htmlFor="ep-published">Publish date</label>
          <input
            id="ep-published"
            name="published_at"
            className="cp-input"
            type="date"
            value={form.published_at}
            onChange={(e) => set('published_at')(e.target.value)}
            aria-invalid={failure.errors?.published_at ? true : undefined}
          />
          <FieldError errors={failure.errors} field="published_at" />
        </div>
        <div className="hosting-form-row">
          <TextField label="Season" name="season" type="number" min={1} value={form.season} onChange={set('season')} errors={failure.errors} />
          <TextField
            label="Episode number"
            name="episode_number"
            type="number"
            min={1}
            value={form.episode_number}
            onChange={set('episode_number')}
            errors={failure.errors}
          />
        </div>
      </div>
      <div className="cp-field">
        <label className="hosting-check">
          <input type="checkbox" name="explicit" checked={form.explicit} onChange={(e) => set('explicit')(e.target.checked)} /> This episode contains explicit
          content
        </label>
      </div>
      <FailureBlock failure={failure} />
      <div className="hosting-actions" style={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
        <button type="submit" className="cp-button cp-button--primary" disabled={busy || uploading}>
          {busy ? 'Saving…' : creating ? 'Publish episode' : 'Save episode'}
        </button>
        <a className="cp-button" href="/hosting/episodes">
          Cancel
        </a>
      </div>
    </form>
  );
}
