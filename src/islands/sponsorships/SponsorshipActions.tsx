import { useState } from 'react';
import { api, ApiError } from '../../lib/api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { toast } from '../../lib/stores/toasts';

interface Props {
  campaignId: number;
  podcastId: number;
  campaignTitle: string;
  status: 'open' | 'proposed' | 'declined' | 'cancelled' | 'hired';
  isFeatured: boolean;
  packageId: number | null;
}

/** A sponsorship's actions: send or edit the proposal, cancel it, decline or restore, feature. */
export default function SponsorshipActions({ campaignId, podcastId, campaignTitle, status, isFeatured, packageId }: Props) {
  const [busy, setBusy] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);

  const act = async (action: 'decline' | 'cancel' | 'featured', done: string) => {
    setBusy(true);
    try {
      await api(`/api/podcaster/sponsorships/${campaignId}/${action}`, { method: 'PUT', body: { podcast_id: podcastId } });
      toast.success(done);
      window.location.reload();
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'Something went wrong. Please try again.');
      setBusy(false);
    }
  };

  return (
    <div className="cp-row cp-gap-sm">
      {(status === 'open' || status === 'cancelled') && (
        <a className="cp-button cp-button--primary" href={`/campaign/${campaignId}/proposal/create/step-1`} aria-label={`Send proposal for ${campaignTitle}`}>
          Send proposal
        </a>
      )}
      {status === 'proposed' && packageId && (
        <>
          <a
            className="cp-button cp-button--primary"
            href={`/campaign/${campaignId}/proposal/${packageId}/edit/step-1`}
            aria-label={`Edit proposal for ${campaignTitle}`}
          >
            Edit proposal
          </a>
          <button type="button" className="cp-button" disabled={busy} onClick={() => setConfirmCancel(true)}>
            Cancel proposal
          </button>
        </>
      )}
      {status === 'hired' && (
        <a className="cp-button" href="/workrooms">
          Open workroom
        </a>
      )}
      {(status === 'open' || status === 'cancelled') && (
        <button type="button" className="cp-button" disabled={busy} onClick={() => void act('decline', 'Sponsorship declined.')}>
          Decline
        </button>
      )}
      {status === 'declined' && (
        <button type="button" className="cp-button" disabled={busy} onClick={() => void act('decline', 'Sponsorship restored.')}>
          Restore
        </button>
      )}
      {status !== 'declined' && status !== 'hired' && (
        <button
          type="button"
          className="cp-button"
          aria-pressed={isFeatured}
          disabled={busy}
          onClick={() => void act('featured', isFeatured ? 'Removed from featured.' : 'Featured.')}
        >
          {isFeatured ? '★ Featured' : '☆ Feature'}
        </button>
      )}
      <ConfirmDialog
        open={confirmCancel}
        title="Cancel this proposal?"
        confirmLabel="Cancel proposal"
        cancelLabel="Keep it"
        danger
        onConfirm={() => act('cancel', 'Proposal cancelled.')}
        onCancel={() => setConfirmCancel(false)}
      >
        The brand will no longer see your proposal for {campaignTitle}. You can send a new one later.
      </ConfirmDialog>
    </div>
  );
}
