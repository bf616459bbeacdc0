/** The brand's decision on an ad for review: approve it (it then waits to air) or request changes with a reason. */
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { api, ApiError } from '../../lib/api';
import { toast } from '../../lib/stores/toasts';
import type { WorkroomMessage } from '../../lib/workroom-types';

export interface PendingReview {
  message: WorkroomMessage;
  decision: 'approved' | 'rejected';
}

export interface ReviewDialogProps {
  review: PendingReview | null;
  onClose: () => void;
  /** The decision was recorded: the updated ad-review message. */
  onDecided: (message: WorkroomMessage) => void;
}

export function ReviewDialog({ review, onClose, onDecided }: ReviewDialogProps) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  const decide = async () => {
    if (!review?.message.deliverable) return;
    setBusy(true);
    try {
      const path = `/api/deliverables/${review.message.deliverable.id}/${review.decision === 'approved' ? 'approved' : 'reject'}`;
      const res = await api<{ data: { message: WorkroomMessage } }>(path, { method: 'POST', body: review.decision === 'rejected' ? { reason } : {} });
      toast.success(review.decision === 'approved' ? 'Ad approved.' : 'Changes requested.');
      setReason('');
      onDecided(res.data.message);
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open={review !== null}
      title={review?.decision === 'approved' ? 'Approve this ad?' : 'Request changes to this ad?'}
      confirmLabel={review?.decision === 'approved' ? 'Approve ad' : 'Request changes'}
      busy={busy}
      onConfirm={decide}
      onCancel={onClose}
    >
      {review?.decision === 'approved' ? (
        <p>The ad is approved. The job is completed, and the podcaster paid, once Cuepoint hears the ad in the episode it airs in.</p>
      ) : (
        <div className="cp-field">
          <label htmlFor="reject-reason">What should change?</label>
          <textarea id="reject-reason" className="cp-input" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
      )}
    </ConfirmDialog>
  );
}
