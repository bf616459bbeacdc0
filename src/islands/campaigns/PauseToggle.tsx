import { useState } from 'react';
import { api } from '../../lib/api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { toast } from '../../lib/stores/toasts';
import type { CampaignPayload } from '../../lib/campaign-types';

interface Props {
  id: number;
  title: string;
  paused: boolean;
}

/** Pause or resume a running campaign; pausing asks first (podcasters stop seeing it). */
export default function PauseToggle({ id, title, paused: initial }: Props) {
  const [paused, setPaused] = useState(initial);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  async function toggle(to: boolean) {
    setBusy(true);
    try {
      const res = to
        ? await api<{ data: CampaignPayload }>(`/api/brand/campaigns/${id}/paused`, { method: 'POST' })
        : await api<{ data: CampaignPayload }>(`/api/brand/campaigns/${id}/paused/${id}`, { method: 'DELETE' });
      setPaused(res.data.status === 'paused');
      toast.success(to ? `“${title}” is paused.` : `“${title}” is running again.`);
      const badge = document.querySelector(`[data-campaign-status="${id}"]`);
      if (badge) {
        badge.textContent = to ? 'Paused' : 'Active';
        badge.className = `cq-status cq-status--${to ? 'paused' : 'active'}`;
      }
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Could not change the campaign.');
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }

  return (
    <>
      {paused ? (
        <button type="button" className="cp-button" disabled={busy} onClick={() => void toggle(false)} aria-label={`Resume ${title}`}>
          Resume
        </button>
      ) : (
        <button type="button" className="cp-button" disabled={busy} onClick={() => setAsking(true)} aria-label={`Pause ${title}`}>
          Pause
        </button>
      )}
      <ConfirmDialog
        open={asking}
        title="Pause this campaign?"
        confirmLabel="Pause"
        busy={busy}
        onConfirm={() => toggle(true)}
        onCancel={() => setAsking(false)}
      >
        <p>Podcasters will not see “{title}” while it is paused. Proposals you already have stay in its feed.</p>
      </ConfirmDialog>
    </>
  );
}
