import { useState } from 'react';
import { Icon } from '../../components/Icon';
import { freshAccessToken } from '../../lib/session';
import { toast } from '../../lib/stores/toasts';

/** Downloads the user's data as JSON (GET /api/user/export, which needs the bearer token, so it is fetched here). */
export default function DataExport() {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const token = await freshAccessToken();
      const res = await fetch('/api/user/export', { headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
      if (!res.ok) throw new Error();
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'cuepoint-data.json';
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast.success('Your data was downloaded.');
    } catch {
      toast.error('Your data could not be exported. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="cp-button" onClick={() => void download()} disabled={busy} aria-busy={busy || undefined}>
      <Icon name="download" size={18} /> {busy ? 'Preparing…' : 'Download my data (JSON)'}
    </button>
  );
}
