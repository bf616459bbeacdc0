import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FieldError } from '../../components/FieldError';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/stores/toasts';
import { fieldsOr, useForm } from '../shared/use-form';
import './hosting.css';

interface Row {
  id: number;
  status: 'pending' | 'approved' | 'rejected';
  can_reapply_at: string | null;
  created_at: string;
  podcast_title: string;
  podcast_url: string;
  owner_name: string;
  owner_email: string;
}

/** Admin: review hosting applications and invite a show to the hosting sign-up. */
export default function AdminHosting({ applications }: { applications: Row[] }) {
  const [rows, setRows] = useState(applications);
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const [email, setEmail] = useState('');
  const [feed, setFeed] = useState('');
  const form = useForm({ fallback: 'Something went wrong.' });
  const { errors } = form;
  const [link, setLink] = useState<string | null>(null);

  const decide = async (row: Row, status: 'approved' | 'rejected') => {
    try {
      const res = await api<{ data: Row }>(`/api/admin/hosting/applications/${row.id}`, { method: 'PATCH', body: { status } });
      setRows((r) => r.map((x) => (x.id === row.id ? { ...x, status: res.data.status, can_reapply_at: res.data.can_reapply_at } : x)));
      toast.success(status === 'approved' ? `${row.podcast_title} is admitted to hosting.` : `${row.podcast_title} was rejected.`);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Something went wrong.');
    }
  };

  const invite = async (e: React.FormEvent) => {
    e.preventDefault();
    await form.run(
      async () => {
        const res = await api<{ data: { link: string } }>('/api/admin/hosting/invitations', { method: 'POST', body: { email, feed_url: feed } });
        setLink(res.data.link);
        toast.success(`Invitation sent to ${email}.`);
      },
      { report: fieldsOr(form, toast.error) },
    );
  };

  return (
    <>
      <section className="hosting-card" aria-labelledby="apps-title">
        <h2 id="apps-title" className="hosting-title">
          Applications
        </h2>
        {rows.length === 0 ? (
          <p className="cp-muted">No applications yet.</p>
        ) : (
          <table className="hosting-table">
            <thead>
              <tr>
                <th>Podcast</th>
                <th>Owner</th>
                <th>Applied</th>
                <th>Status</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <div className="hosting-ep-title">{r.podcast_title}</div>
                    <div className="hosting-guid">{r.podcast_url}</div>
                  </td>
                  <td>
                    {r.owner_name}
                    <div className="cp-muted">{r.owner_email}</div>
                  </td>
                  <td>{formatDate(r.created_at)}</td>
                  <td>
                    {r.status}
                    {r.can_reapply_at ? <div className="cp-muted">may reapply {formatDate(r.can_reapply_at)}</div> : null}
                  </td>
                  <td>
                    {r.status === 'pending' && (
                      <div className="hosting-admin-actions">
                        <button type="button" className="cp-button cp-button--primary" onClick={() => decide(r, 'approved')}>
                          Approve
                        </button>
                        <button type="button" className="cp-button cp-button--danger" onClick={() => setRejecting(r)}>
                          Reject
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="hosting-card" aria-labelledby="invite-title">
        <h2 id="invite-title" className="hosting-title">
          Invite a show
        </h2>
        <p className="cp-muted">Sends a hosting sign-up link; the account it creates has its podcast admitted already.</p>
        <form ref={form.formRef} className="hosting-confirm" onSubmit={invite} noValidate>
          <div className="cp-field">
            <label htmlFor="invite-email">Owner email</label>
            <input id="invite-email" className="cp-input" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
            <FieldError field="email" errors={errors} />
          </div>
          <div className="cp-field">
            <label htmlFor="invite-feed">RSS feed</label>
            <input id="invite-feed" className="cp-input" type="url" value={feed} onChange={(e) => setFeed(e.target.value)} />
            <FieldError field="feed_url" errors={errors} />
          </div>
          <button type="submit" className="cp-button cp-button--primary">
            Send invitation
          </button>
          {link && (
            <p className="hosting-guid">
              Link: <a href={link}>{link}</a>
            </p>
          )}
        </form>
      </section>
      <ConfirmDialog
        open={rejecting !== null}
        title="Reject this application?"
        danger
        confirmLabel="Reject"
        onCancel={() => setRejecting(null)}
        onConfirm={() => {
          if (rejecting) void decide(rejecting, 'rejected');
          setRejecting(null);
        }}
      >
        {rejecting ? `${rejecting.podcast_title} can apply again in 30 days.` : ''}
      </ConfirmDialog>
    </>
  );
}
