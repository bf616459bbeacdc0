import { useState } from 'react';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/stores/toasts';
import './hosting.css';

interface Application {
  id: number;
  status: 'pending' | 'approved' | 'rejected';
  can_reapply_at: string | null;
}
interface Row {
  id: number;
  title: string;
  hosted: boolean;
  application: Application | null;
}

const STATUS_TEXT = { pending: 'Pending review', approved: 'Approved', rejected: 'Not approved' } as const;

/** The apply page's list: each podcast with its application status and an Apply button when it may apply. */
export default function ApplyForHosting({ podcasts }: { podcasts: Row[] }) {
  const [rows, setRows] = useState(podcasts);
  const [busy, setBusy] = useState<number | null>(null);
  const apply = async (id: number) => {
    setBusy(id);
    try {
      const res = await api<{ data: Application }>(`/api/podcasts/${id}/apply-hosting`, { method: 'POST' });
      setRows((r) => r.map((p) => (p.id === id ? { ...p, application: res.data } : p)));
      toast.success('Your application was sent. We will email you when it is reviewed.');
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(null);
    }
  };
  if (!rows.length) return <p>Add a podcast in your podcast settings first, then apply for hosting here.</p>;
  return (
    <table className="hosting-table" aria-label="Your podcasts">
      <thead>
        <tr>
          <th>Podcast</th>
          <th>Status</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {rows.map((p) => {
          const a = p.application;
          const waiting = a?.status === 'rejected' && a.can_reapply_at && Date.parse(a.can_reapply_at) > Date.now();
          const canApply = !p.hosted && a?.status !== 'pending' && a?.status !== 'approved' && !waiting;
          return (
            <tr key={p.id}>
              <td className="hosting-ep-title">{p.title}</td>
              <td>
                {p.hosted ? 'Hosted on Cuepoint' : a ? STATUS_TEXT[a.status] : 'Not applied'}
                {waiting && a?.can_reapply_at ? <div className="cp-muted">You can apply again on {formatDate(a.can_reapply_at)}.</div> : null}
              </td>
              <td className="num">
                {canApply && (
                  <button type="button" className="cp-button cp-button--primary" onClick={() => apply(p.id)} disabled={busy === p.id}>
                    {busy === p.id ? 'Applying…' : a ? 'Apply again' : 'Apply'}
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
