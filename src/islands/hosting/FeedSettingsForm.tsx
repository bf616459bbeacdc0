/**
 * Feed Settings (/hosting/feed): the hosted feed's channel settings, saved through
 * POST /api/podcasts/hosted/{id}/feed; field errors in place, first message per field, cleared on each save.
 */
import { useState } from 'react';
import { api } from '../../lib/api';
import { toast } from '../../lib/stores/toasts';
import { FieldError } from '../../components/FieldError';
import RichTextEditor from '../editor/RichTextEditor';
import { TextField } from '../campaigns/fields';
import { FailureBlock, NO_FAILURE, formFailure, type FormFailure } from './form-errors';

export interface FeedSettingsValues {
  title: string;
  description: string;
  author: string;
  owner_email: string;
  language: string;
  explicit: boolean;
  copyright: string;
  category_id: number | null;
}

interface Props {
  hostedId: number;
  feedUrl: string;
  initial: FeedSettingsValues;
  categories: { id: number; label: string }[];
}

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

export default function FeedSettingsForm({ hostedId, feedUrl, initial, categories }: Props) {
  const [form, setForm] = useState<FeedSettingsValues>(initial);
  const [failure, setFailure] = useState<FormFailure>(NO_FAILURE);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const set =
    <K extends keyof FeedSettingsValues>(k: K) =>
    (v: FeedSettingsValues[K]) =>
      setForm((f) => ({ ...f, [k]: v }));
  const languages = LANGUAGES.some(([code]) => code === form.language) ? LANGUAGES : [[form.language, form.language] as [string, string], ...LANGUAGES];

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setFailure(NO_FAILURE);
    try {
      await api(`/api/podcasts/hosted/${hostedId}/feed`, { method: 'POST', body: { ...form } });
      toast.success('Feed settings saved.');
    } catch (err) {
      setFailure(formFailure(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="hosting-card hosting-form" onSubmit={save} noValidate aria-label="Feed settings">
      <h2 className="hosting-title">Show details</h2>
      <p className="muted">
        What podcast apps show for your show. Changes appear in <a href={feedUrl}>your hosted RSS feed</a> at once; apps pick them up on their next refresh.
      </p>
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
        <TextField label="Author" name="author" value={form.author} onChange={set('author')} errors={failure.errors} maxLength={255} />
        <TextField
          label="Owner email"
          name="owner_email"
          type="email"
          value={form.owner_email}
          onChange={set('owner_email')}
          errors={failure.errors}
          hint="Apple Podcasts and Spotify send ownership checks here; it is public in the feed."
          autoComplete="email"
        />
      </div>
      <div className="hosting-form-row">
        <div className="cp-field">
          <label htmlFor="feed-language">Language</label>
          <select
            id="feed-language"
            name="language"
            className="cp-input"
            value={form.language}
            onChange={(e) => set('language')(e.target.value)}
            aria-invalid={failure.errors?.language ? true : undefined}
          >
            {languages.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
          <FieldError errors={failure.errors} field="language" />
        </div>
        <div className="cp-field">
          <label htmlFor="feed-category">Category</label>
          <select
            id="feed-category"
            name="category_id"
            className="cp-input"
            value={form.category_id ?? ''}
            onChange={(e) => set('category_id')(e.target.value ? Number(e.target.value) : null)}
            aria-invalid={failure.errors?.category_id ? true : undefined}
          >
            <option value="">Choose a category</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
          <FieldError errors={failure.errors} field="category_id" />
        </div>
      </div>
      <TextField
        label="Copyright"
        name="copyright"
        value={form.copyright}
        onChange={set('copyright')}
        errors={failure.errors}
        maxLength={255}
        placeholder={`© ${new Date().getFullYear()} ${form.author || 'Your name'}`}
      />
      <div className="cp-field">
        <label className="hosting-check">
          <input type="checkbox" name="explicit" checked={form.explicit} onChange={(e) => set('explicit')(e.target.checked)} /> This show contains explicit
          content
        </label>
        <FieldError errors={failure.errors} field="explicit" />
      </div>
      <FailureBlock failure={failure} />
      <div className="hosting-actions">
        <button type="submit" className="cp-button cp-button--primary" disabled={busy || uploading}>
          {busy ? 'Saving…' : 'Save feed settings'}
        </button>
      </div>
    </form>
  );
}
