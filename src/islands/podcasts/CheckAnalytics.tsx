import { useState } from 'react';
import { api, ApiError } from '../../lib/api';
import { toast } from '../../lib/stores/toasts';

/** 'Check again' for a podcast's analytics connection (POST /api/check-analytics). */
export default function CheckAnalytics({ podcastId }: { podcastId: number }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="cp-button"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const res = await api<{ data: { has_active_analytics: boolean } }>('/api/check-analytics', { method: 'POST', body: { podcast_id: podcastId } });
          toast.success(res.data.has_active_analytics ? 'Analytics connected.' : 'No active analytics connection yet.');
        } catch (e) {
          toast.error(e instanceof ApiError ? e.message : 'The check failed.');
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? 'Checking…' : 'Check again'}
    </button>
  );
}
