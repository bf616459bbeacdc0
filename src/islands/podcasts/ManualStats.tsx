/**
 * Manual stats of one podcast (core §2, §3): send listens with a screenshot or report (the uploader),
 * see each submission's status (pending until an admin verifies or rejects it, with the reason),
 * its expiry after 90 days, and remove one that is not verified.
 */
import { useId, useState } from 'react';
import { api, ApiError } from '../../lib/api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FieldError } from '../../components/FieldError';
import { formatDate } from '../../lib/format/dates';
import { shortNumber } from '../../lib/format/numbers';
import { toast } from '../../lib/stores/toasts';
import type { FilePayload } from '../../lib/types';
import { Uploader } from '../uploader/Uploader';
import { useForm } from '../shared/use-form';
import '../../styles/podcasters.css';

export interface ManualStatsItem {
  id: number;
  listens: number;
  status: 'pending' | 'verified' | 'rejected';
  file_url: string | null;
  file_original_name: string | null;
  verified_at: string | null;
  is_expired: boolean;
  reject_reason: string | null;
  created_at: string;
}

interface ListPage {
  data: ManualStatsItem[];
  meta: { current_page: number; last_page: number; total: number };
}

interface Props {
  podcastId: number;
  title: string;
  initial: ListPage;
}

const STATUS: Record<ManualStatsItem['status'], { label: string; cls: string }> = {
  pending: { label: 'Waiting for verification', cls: 'pc-pill--warn' },
  verified: { label: 'Verified', cls: 'pc-pill--ok' },
  rejected: { label: 'Rejected', cls: 'pc-pill--danger' },
};

/** The manual stats block of a podcast in manage-podcasts #analytics. */
export default function ManualStats({ podcastId, title, initial }: Props) {
  const id = useId();
  const [list, setList] = useState(initial);
  const [listens, setListens] = useState('');
  const [file, setFile] = useState<FilePayload | null>(null);
  const [processing, setProcessing] = useState(false);
  const form = useForm();
  const { errors, pending: busy } = form;
  const [uploaderKey, setUploaderKey] = useState(0);
  const [removing, setRemoving] = useState<ManualStatsItem | null>(null);
  const waiting = list.data.find((s) => s.status === 'pending' && !s.is_expired) ?? null;

  const load = async (page: number) => {
    try {
      setList(await api<ListPage>(`/api/podcasts/${podcastId}/manual-stats-list`, { query: { page } }));
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'Could not load the submissions.');
    }
  };

  const submit = () =>
    form.run(
      async () => {
        await api(`/api/podcasts/${podcastId}/manual-stats`, { method: 'POST', body: { listens: listens.trim(), file_id: file?.id ?? null } });
        setListens('');
        setFile(null);
        setUploaderKey((k) => k + 1);
        toast.success('Numbers sent. We will verify them soon.');
        await load(1);
      },
      {
        report: (f) => {
          // The upload's message shows under the uploader, which is the `file` field.
          if (f.errors.file_id && !f.errors.file) form.fail({ ...f.errors, file: f.errors.file_id });
          if (f.status !== 422) toast.error(f.status !== null ? f.message : 'Could not send the numbers.');
        },
      },
    );

  const remove = async () => {
    if (!removing) return;
    try {
      await api(`/api/podcasts/${podcastId}/manual-stats`, { method: 'DELETE', query: { id: removing.id } });
      toast.success('Submission removed.');
      setRemoving(null);
      await load(1);
    } catch (e) {
      setRemoving(null);
      toast.error(e instanceof ApiError ? e.message : 'Could not remove the submission.');
    }
  };

  return (
    <div className="cp-stack pc-manual" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="cp-m-0">
        Manual stats for {title}
      </h3>
      {waiting ? (
        <p className="cp-small cp-muted cp-m-0">
          Your {shortNumber(waiting.listens)} listens sent {formatDate(waiting.created_at)} are waiting for verification. Remove them to send new numbers.
        </p>
      ) : (
        <form
          ref={form.formRef}
          className="cp-stack pc-manual__form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <p className="cp-small cp-muted cp-m-0">
            No analytics connection? Send your average listens per episode with a screenshot or report from your hosting platform. An admin checks them;
            verified numbers count for 90 days.
          </p>
          <div className="cp-field">
            <label htmlFor={`${id}-listens`}>Average listens per episode</label>
            <input
              id={`${id}-listens`}
              className="cp-input pc-listens-input"
              inputMode="numeric"
              value={listens}
              onChange={(e) => setListens(e.target.value.replace(/[^\d]/g, ''))}
              aria-invalid={errors.listens ? true : undefined}
            />
            <FieldError errors={errors} field="listens" />
          </div>
          <div>
            <Uploader
              key={uploaderKey}
              label="Screenshot or report"
              maxFiles={1}
              maxFileSize={20 * 1024 * 1024}
              allowedTypes={['png', 'jpeg', 'pdf']}
              onChange={(files) => setFile(files[0] ?? null)}
              onProcessingChange={setProcessing}
            />
            <FieldError errors={errors} field="file" />
          </div>
          <div className="cp-row">
            <button type="submit" className="cp-button cp-button--primary" disabled={busy || processing}>
              {busy ? 'Sending…' : processing ? 'Uploading…' : 'Send for verification'}
            </button>
          </div>
        </form>
      )}
      {list.data.length === 0 ? (
        <p className="cp-small cp-muted cp-m-0">No numbers sent yet.</p>
      ) : (
        <ul className="pc-list" aria-label={`Manual stats submissions for ${title}`}>
          {list.data.map((s) => (
            <li key={s.id} className="pc-manual__item">
              <div className="cp-min-w-0">
                <div className="cp-row cp-gap-sm">
                  <strong>{s.listens.toLocaleString('en-US')} listens</strong>
                  <span className={`pc-pill ${STATUS[s.status].cls}`}>{STATUS[s.status].label}</span>
                  {s.is_expired && <span className="pc-pill">Expired</span>}
                </div>
                <p className="cp-small cp-muted cp-m-0 cp-mt-xs cp-break">
                  Sent {formatDate(s.created_at)}
                  {s.verified_at ? ` · verified ${formatDate(s.verified_at)}` : ''}
                  {s.file_url ? (
                    <>
                      {' · '}
                      <a href={s.file_url} target="_blank" rel="noopener">
                        {s.file_original_name ?? 'report'}
                      </a>
                    </>
                  ) : null}
                </p>
                {s.status === 'rejected' && s.reject_reason ? <p className="cp-small cp-m-0 cp-mt-xs">Reason: {s.reject_reason}</p> : null}
              </div>
              {s.status !== 'verified' && (
                <button
                  type="button"
                  className="cp-button cp-button--danger"
                  onClick={() => setRemoving(s)}
                  aria-label={`Remove the ${s.listens} listens sent ${formatDate(s.created_at)}`}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {list.meta.last_page > 1 && (
        <nav className="pc-pager" aria-label="Submissions pages">
          <button type="button" className="cp-button" disabled={list.meta.current_page <= 1} onClick={() => void load(list.meta.current_page - 1)}>
            Previous
          </button>
          <span className="cp-small">
            Page {list.meta.current_page} of {list.meta.last_page}
          </span>
          <button
            type="button"
            className="cp-button"
            disabled={list.meta.current_page >= list.meta.last_page}
            onClick={() => void load(list.meta.current_page + 1)}
          >
            Next
          </button>
        </nav>
      )}
      <ConfirmDialog open={removing !== null} title="Remove these numbers?" danger confirmLabel="Remove" onConfirm={remove} onCancel={() => setRemoving(null)}>
        {removing ? `The ${removing.listens.toLocaleString('en-US')} listens and their file are removed.` : null}
      </ConfirmDialog>
    </div>
  );
}
