import { useId, useState } from 'react';
import { api } from '../../lib/api';
import { FieldError } from '../../components/FieldError';
import { messagesAsField, useForm } from '../shared/use-form';
import '../../styles/podcasters.css';

export interface AddedPodcast {
  id: number;
  hash_id: string;
  title: string;
  url: string;
  avatar_url: string | null;
  about: string;
  categories: { id: number; title: string }[];
}

interface SearchResult {
  id: string;
  title: string;
  url: string;
  about: string;
  avatar_url: string | null;
}

/** Adds a podcast by its RSS feed address, or by searching Cuepoint's catalogue for it. */
export function AddPodcastForm({ onAdded }: { onAdded: (p: AddedPodcast) => void }) {
  const [url, setUrl] = useState('');
  const form = useForm();
  const { errors, pending: busy } = form;
  const [term, setTerm] = useState('');
  const [results, setResults] = useState<SearchResult[] | null>(null);
  const [searching, setSearching] = useState(false);
  const id = useId();

  const add = (feedUrl: string) =>
    form.run(
      async () => {
        const res = await api<{ data: AddedPodcast }>('/api/podcasts', { method: 'POST', body: { url: feedUrl.trim() } });
        setUrl('');
        setResults(null);
        setTerm('');
        onAdded(res.data);
      },
      { report: (f) => form.fail(messagesAsField(f, 'url', 'Something went wrong. Please try again.')) },
    );

  const search = async () => {
    if (!term.trim()) return;
    setSearching(true);
    try {
      const res = await api<{ data: SearchResult[] }>(`/api/search-podcasts/${encodeURIComponent(term.trim())}`, { guest: true });
      setResults(res.data);
    } catch {
      setResults([]);
    } finally {
      setSearching(false);
    }
  };

  return (
    <div className="cp-stack">
      <form
        ref={form.formRef}
        className="cp-stack"
        onSubmit={(e) => {
          e.preventDefault();
          void add(url);
        }}
        noValidate
      >
        <div className="cp-field">
          <label htmlFor={`${id}-url`}>RSS feed URL</label>
          <input
            id={`${id}-url`}
            className="cp-input"
            type="url"
            inputMode="url"
            placeholder="https://feeds.example.com/your-show.rss"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            aria-invalid={errors.url ? true : undefined}
            aria-describedby={errors.url ? `${id}-url-error` : undefined}
            required
          />
          <FieldError errors={errors} field="url" id={`${id}-url-error`} />
        </div>
        <div className="cp-row">
          <button className="cp-button cp-button--primary" type="submit" disabled={busy || !url.trim()}>
            {busy ? 'Reading the feed…' : 'Add podcast'}
          </button>
        </div>
      </form>
      <form
        role="search"
        className="cp-stack"
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <div className="cp-field">
          <label htmlFor={`${id}-search`}>Or find your show by name</label>
          <div className="cp-row">
            <input
              id={`${id}-search`}
              className="cp-input cp-grow"
              type="search"
              value={term}
              onChange={(e) => setTerm(e.target.value)}
              placeholder="Podcast title"
            />
            <button className="cp-button" type="submit" disabled={searching || !term.trim()}>
              {searching ? 'Searching…' : 'Search'}
            </button>
          </div>
        </div>
        {results && (
          <ul className="pc-list" aria-label="Search results">
            {results.length === 0 && <li className="cp-muted">No show found by that name. Paste its RSS feed address above.</li>}
            {results.map((r) => (
              <li key={r.id}>
                <span>
                  <strong>{r.title}</strong>
                  <br />
                  <span className="cp-muted cp-small">{r.url}</span>
                </span>
                <button type="button" className="cp-button" disabled={busy} onClick={() => void add(r.url)}>
                  Add {r.title}
                </button>
              </li>
            ))}
          </ul>
        )}
      </form>
    </div>
  );
}
