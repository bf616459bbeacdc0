/** The podcaster's "Submit ad for review" dialog: which funded job, the ad's audio, a note for the brand. */
import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { api, ApiError } from '../../lib/api';
import { toast } from '../../lib/stores/toasts';
import type { FilePayload } from '../../lib/types';
import type { DeliverableJob, WorkroomMessage } from '../../lib/workroom-types';
import Uploader from '../uploader/LazyUploader';

/** A deliverable is the ad's audio. */
const AD_AUDIO_TYPES = ['mp3', 'm4a', 'wav', 'mp4'] as const;

export interface SubmitAdDialogProps {
  jobs: DeliverableJob[];
  open: boolean;
  onClose: () => void;
  /** The ad was sent: its ad-review message, and the job that now waits for review. */
  onSubmitted: (message: WorkroomMessage, jobId: number) => void;
}

export function SubmitAdDialog({ jobs, open, onClose, onSubmitted }: SubmitAdDialogProps) {
  const [picked, setJob] = useState<number | null>(null);
  const [files, setFiles] = useState<FilePayload[]>([]);
  const [uploading, setUploading] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The job picked while it is still offered, else the first one.
  const jobId = jobs.some((j) => j.id === picked) ? picked : (jobs[0]?.id ?? null);

  const submit = async () => {
    if (!jobId) return;
    setError(null);
    if (uploading) {
      setError('Wait until the upload finishes.');
      return;
    }
    if (files.length === 0) {
      setError('Attach the ad’s audio file.');
      return;
    }
    setBusy(true);
    try {
      const res = await api<{ data: { message: WorkroomMessage } }>(`/api/podcaster/jobs/${jobId}/deliverables`, {
        method: 'POST',
        body: { content: note.trim(), content_files_ids: files.map((f) => f.id) },
      });
      setFiles([]);
      setNote('');
      onSubmitted(res.data.message, jobId);
      toast.success('Ad sent for review.');
    } catch (e) {
      setError(
        e instanceof ApiError
          ? (e.field('files') ?? e.field('content_files_ids') ?? e.field('job') ?? e.message)
          : 'The ad could not be sent. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Submit ad for review"
      footer={
        <>
          <button type="button" className="cp-button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="cp-button cp-button--primary" disabled={busy || uploading} onClick={() => void submit()}>
            {busy ? 'Sending…' : 'Send for review'}
          </button>
        </>
      }
    >
      <div className="deliverable-form">
        <div className="cp-field">
          <label htmlFor="deliverable-job">Ad</label>
          <select id="deliverable-job" className="cp-input" value={jobId ?? ''} onChange={(e) => setJob(Number(e.target.value))}>
            {jobs.map((j) => (
              <option key={j.id} value={j.id}>
                {j.name + (j.has_reject_deliverable ? ' · changes requested' : '')}
              </option>
            ))}
          </select>
        </div>
        <Uploader label="Ad audio" maxFiles={1} allowedTypes={AD_AUDIO_TYPES} onChange={setFiles} onProcessingChange={setUploading} />
        <div className="cp-field">
          <label htmlFor="deliverable-note">Note for the brand (optional)</label>
          <textarea id="deliverable-note" className="cp-input" rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
        {error && (
          <p className="cp-field-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}
