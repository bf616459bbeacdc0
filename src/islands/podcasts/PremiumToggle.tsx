import { useState } from 'react';
import { api, ApiError } from '../../lib/api';
import { toast } from '../../lib/stores/toasts';

interface Props {
  podcastId: number;
  title: string;
  premium: boolean;
}

/** Editors mark a show premium or remove the mark (POST/DELETE /api/podcasts/{id}/premium). */
export default function PremiumToggle({ podcastId, title, premium: initial }: Props) {
  const [premium, setPremium] = useState(initial);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      const res = await api<{ data: { is_premium: boolean } }>(`/api/podcasts/${podcastId}/premium`, { method: premium ? 'DELETE' : 'POST' });
      setPremium(res.data.is_premium);
      toast.success(res.data.is_premium ? `${title} is marked premium.` : `${title} is no longer premium.`);
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'The premium mark could not be changed.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="premium-toggle">
      {premium ? <span className="pc-pill pc-pill--brand">★ Premium</span> : <span className="pc-pill">Not premium</span>}
      <button type="button" className="cp-button" aria-pressed={premium} disabled={busy} onClick={() => void toggle()}>
        {premium ? 'Remove premium mark' : 'Mark as premium'}
      </button>
    </div>
  );
}
