/**
 * Platforms (/hosting/platform): the hosted feed URL with a copy button, and per directory its submission
 * link, how to submit, and the status the podcaster records (saved through PATCH /api/podcasts/hosted/{id}
 * into settings.platforms).
 */
import { useState } from 'react';
import { api } from '../../lib/api';
import { toast } from '../../lib/stores/toasts';
import { FieldError } from '../../components/FieldError';
import { DIRECTORIES, DIRECTORY_STATUSES, DIRECTORY_STATUS_LABEL, type DirectoryState, type DirectoryStatus } from '../../lib/hosting-directories';
import { FailureBlock } from './form-errors';
import { useForm } from '../shared/use-form';

interface Props {
  hostedId: number;
  feedUrl: string;
  initial: Record<string, DirectoryState>;
}

export default function PlatformsPanel({ hostedId, feedUrl, initial }: Props) {
  const [saved, setSaved] = useState(initial);
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState<{ status: DirectoryStatus; listing_url: string }>({ status: 'not_submitted', listing_url: '' });
  const request = useForm();
  const busy = request.pending;

  async function copy() {
    try {
      await navigator.clipboard.writeText(feedUrl);
      toast.success('RSS link copied');
    } catch {
      toast.error('Could not copy, select the address and copy it yourself.');
    }
  }

  function open(key: string) {
    const s = saved[key];
    setDraft({ status: s?.status ?? 'not_submitted', listing_url: s?.listing_url ?? '' });
    request.reset();
    setEditing(key);
  }

  async function save(key: string) {
    await request.run(
      async () => {
        const res = await api<{ data: { settings: { platforms?: Record<string, DirectoryState> } } }>(`/api/podcasts/hosted/${hostedId}`, {
          method: 'PATCH',
          body: { platforms: { [key]: { status: draft.status, listing_url: draft.listing_url.trim() || null } } },
        });
        setSaved(res.data.settings.platforms ?? {});
        setEditing(null);
        toast.success('Platform status saved.');
      },
      {
        // Field errors of one directory come back as platforms.{key}.listing_url; show them under the field.
        report: (f) => request.fail(Object.fromEntries(Object.entries(f.errors).map(([k, v]) => [k.split('.').pop()!, v])), f.message),
      },
    );
  }

  const listed = DIRECTORIES.filter((d) => saved[d.key]?.status === 'listed').length;

  return (
    <>
      <section className="hosting-card">
        <h2 className="hosting-title">Your hosted RSS feed</h2>
        <div className="hosting-copy">
          <code data-testid="feed-url">{feedUrl}</code>
          <button type="button" className="cp-button" onClick={copy}>
            Copy
          </button>
        </div>
        <p className="cp-muted">
          Submit this address to each directory below. Shows moved from another host keep their listings: the redirect of the old feed tells the directories
          where the show lives now.
        </p>
      </section>
      <section className="hosting-card">
        <h2 className="hosting-title">Directories</h2>
        <p className="cp-muted">
          {listed === 0 ? 'No directory is marked as listing your show yet.' : `Listed on ${listed} of ${DIRECTORIES.length} directories.`} Record each
          directory’s status here after you submit.
        </p>
        <ul className="hosting-dirs">
          {DIRECTORIES.map((d) => {
            const s = saved[d.key];
            const status = s?.status ?? 'not_submitted';
            return (
              <li key={d.key} className="hosting-dir" data-directory={d.key}>
                <div>
                  <div className="hosting-dir-name">{d.name}</div>
                  <p className="cp-muted cp-small cp-m-0 cp-mt-xs">{d.how}</p>
                  {s?.listing_url ? (
                    <p className="cp-m-0 cp-mt-xs">
                      <a href={s.listing_url} target="_blank" rel="noopener noreferrer">
                        View your listing
                      </a>
                    </p>
                  ) : null}
                </div>
                <div className="hosting-dir-actions">
                  <span className={`hosting-dir-status hosting-dir-status--${status.replace('_', '-')}`}>{DIRECTORY_STATUS_LABEL[status]}</span>
                  <a className="cp-button" href={d.submitUrl} target="_blank" rel="noopener noreferrer">
                    Submit
                  </a>
                  <button type="button" className="cp-button cp-button--link" onClick={() => open(d.key)} aria-expanded={editing === d.key}>
                    Update status
                  </button>
                </div>
                {editing === d.key && (
                  <form
                    ref={request.formRef}
                    className="hosting-dir-edit"
                    noValidate
                    onSubmit={(e) => {
                      e.preventDefault();
                      void save(d.key);
                    }}
                    aria-label={`${d.name} status`}
                  >
                    <div className="cp-field">
                      <label htmlFor={`status-${d.key}`}>Status</label>
                      <select
                        id={`status-${d.key}`}
                        className="cp-input"
                        value={draft.status}
                        onChange={(e) => setDraft({ ...draft, status: e.target.value as DirectoryStatus })}
                      >
                        {DIRECTORY_STATUSES.map((v) => (
                          <option key={v} value={v}>
                            {DIRECTORY_STATUS_LABEL[v]}
                          </option>
                        ))}
                      </select>
                      <FieldError errors={request.errors} field="status" />
                    </div>
                    <div className="cp-field">
                      <label htmlFor={`url-${d.key}`}>Listing address (optional)</label>
                      <input
                        id={`url-${d.key}`}
                        className="cp-input"
                        type="url"
                        value={draft.listing_url}
                        placeholder="https://"
                        onChange={(e) => setDraft({ ...draft, listing_url: e.target.value })}
                        aria-invalid={request.errors?.listing_url ? true : undefined}
                      />
                      <FieldError errors={request.errors} field="listing_url" />
                    </div>
                    <div className="cp-full">
                      <FailureBlock message={request.message} />
                    </div>
                    <button type="submit" className="cp-button cp-button--primary" disabled={busy}>
                      {busy ? 'Saving…' : 'Save'}
                    </button>
                    <button type="button" className="cp-button cp-button--link" onClick={() => setEditing(null)}>
                      Cancel
                    </button>
                  </form>
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
