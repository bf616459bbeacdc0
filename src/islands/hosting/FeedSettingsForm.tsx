/**
 * Feed Settings (/hosting/feed): the hosted feed's channel settings, saved through
 * POST /api/podcasts/hosted/{id}/feed; field errors in place, first message per field, cleared on each save.
 */
import { useState } from 'react';
import { api } from '../../lib/api';
import type { FeedSettingsValues } from '../../lib/hosting-types';
import { toast } from '../../lib/stores/toasts';
import { FieldError } from '../../components/FieldError';
import RichTextEditor from '../editor/RichTextEditor';
import { TextField } from '../campaigns/fields';
import { FailureBlock } from './form-errors';
import { useForm } from '../shared/use-form';
import { ArtworkField, CategoryPair, SelectField } from './FeedFields';

interface Props {
  hostedId: number;
  feedUrl: string;
  initial: FeedSettingsValues;
}

const MEDIUMS: [string, string][] = [
  ['podcast', 'Podcast'],
  ['audiobook', 'Audiobook'],
  ['music', 'Music'],
  ['video', 'Video'],
  ['film', 'Film'],
  ['newsletter', 'Newsletter'],
  ['blog', 'Blog'],
];

export const LANGUAGES: [string, string][] = [
  ['en', 'English'],
  ['en-us', 'English (United States)'],
  ['en-gb', 'English (United Kingdom)'],
  ['es', 'Spanish'],
  ['fr', 'French'],
  ['de', 'German'],
  ['it', 'Italian'],
  ['pt', 'Portuguese'],
  ['nl', 'Dutch'],
  ['sv', 'Swedish'],
  ['ja', 'Japanese'],
  ['zh', 'Chinese'],
];

export default function FeedSettingsForm({ hostedId, feedUrl, initial }: Props) {
  const [form, setForm] = useState<FeedSettingsValues>(initial);
  const request = useForm();
  const busy = request.pending;
  const [uploading, setUploading] = useState(false);
  const [artworkFileId, setArtworkFileId] = useState<number | null>(null);
  const [artwork, setArtwork] = useState(initial.artwork);
  const set =
    <K extends keyof FeedSettingsValues>(k: K) =>
    (v: FeedSettingsValues[K]) =>
      setForm((f) => ({ ...f, [k]: v }));
  const languages = LANGUAGES.some(([code]) => code === form.language) ? LANGUAGES : [[form.language, form.language] as [string, string], ...LANGUAGES];

  async function save(e: React.FormEvent) {
    e.preventDefault();
    await request.run(async () => {
      const { artwork: _shown, ...values } = form;
      const res = await api<{ data: { settings: { feed?: { artwork?: string } } } }>(`/api/podcasts/hosted/${hostedId}/feed`, {
        method: 'POST',
        body: { ...values, ...(artworkFileId ? { artwork_file_id: artworkFileId } : {}) },
      });
      if (artworkFileId) setArtwork(res.data.settings.feed?.artwork ?? artwork);
      toast.success('Feed settings saved.');
    });
  }

  return (
    <form ref={request.formRef} className="hosting-card hosting-form" onSubmit={save} noValidate aria-label="Feed settings">
      <h2 className="hosting-title">Show details</h2>
      <p className="cp-muted">
        What podcast apps show for your show. Changes appear in <a href={feedUrl}>your hosted RSS feed</a> at once; apps pick them up on their next refresh.
      </p>
      <TextField label="Title" name="title" value={form.title} onChange={set('title')} errors={request.errors} maxLength={255} required />
      <div className="cp-field">
        <RichTextEditor
          label="Description"
          variant="feed-description"
          value={initial.description}
          onChange={set('description')}
          max={4000}
          onUploadingChange={setUploading}
        />
        <FieldError errors={request.errors} field="description" />
      </div>
      <TextField
        label="Website"
        name="link"
        type="url"
        value={form.link}
        onChange={set('link')}
        errors={request.errors}
        placeholder="https://"
        hint="Your show’s own site; podcast apps link to it."
      />
      <div className="hosting-form-row">
        <SelectField label="Language" name="language" value={form.language} onChange={set('language')} errors={request.errors}>
          {languages.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Show type" name="type" value={form.type} onChange={(v) => set('type')(v as FeedSettingsValues['type'])} errors={request.errors}>
          <option value="episodic">Episodic (newest first)</option>
          <option value="serial">Serial (oldest first)</option>
        </SelectField>
      </div>
      <CategoryPair
        category={form.category}
        subcategory={form.subcategory}
        onChange={(category, subcategory) => setForm((f) => ({ ...f, category, subcategory }))}
        errors={request.errors}
      />
      <div className="cp-field">
        <label className="hosting-check">
          <input type="checkbox" name="explicit" checked={form.explicit} onChange={(e) => set('explicit')(e.target.checked)} /> This show contains explicit
          content
        </label>
        <FieldError errors={request.errors} field="explicit" />
      </div>

      <h2 className="hosting-subtitle">Artwork</h2>
      <ArtworkField current={artwork} onUploaded={setArtworkFileId} onProcessingChange={setUploading} errors={request.errors} />

      <h2 className="hosting-subtitle">Owner and credits</h2>
      <div className="hosting-form-row">
        <TextField label="Author" name="author" value={form.author} onChange={set('author')} errors={request.errors} maxLength={255} />
        <TextField label="Owner name" name="owner_name" value={form.owner_name} onChange={set('owner_name')} errors={request.errors} maxLength={255} />
      </div>
      <TextField
        label="Owner email"
        name="owner_email"
        type="email"
        value={form.owner_email}
        onChange={set('owner_email')}
        errors={request.errors}
        hint="Apple Podcasts and Spotify send ownership checks here; it is public in the feed, and podcast:locked names it."
        autoComplete="email"
      />
      <TextField
        label="Copyright"
        name="copyright"
        value={form.copyright}
        onChange={set('copyright')}
        errors={request.errors}
        maxLength={255}
        placeholder={`© ${new Date().getFullYear()} ${form.author || 'Your name'}`}
      />

      <h2 className="hosting-subtitle">Podcasting 2.0</h2>
      <div className="hosting-form-row">
        <SelectField label="Medium" name="medium" value={form.medium} onChange={set('medium')} errors={request.errors}>
          {MEDIUMS.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Support link text"
          name="funding_text"
          value={form.funding_text}
          onChange={set('funding_text')}
          errors={request.errors}
          maxLength={128}
        />
      </div>
      <TextField
        label="Support link"
        name="funding_url"
        type="url"
        value={form.funding_url}
        onChange={set('funding_url')}
        errors={request.errors}
        placeholder="https://"
        hint="Apps that read podcast:funding show it as a Support button."
      />
      <FailureBlock message={request.message} />
      <div className="hosting-actions">
        <button type="submit" className="cp-button cp-button--primary" disabled={busy || uploading}>
          {busy ? 'Saving…' : 'Save feed settings'}
        </button>
      </div>
    </form>
  );
}
