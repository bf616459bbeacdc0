/**
 * /settings/attribution: the user's attribution sites (domain, status, campaigns, hired ads, spend), the
 * 'add site' screen, resume for a paused site, and delete with confirmation.
 */
import { useState } from 'react';
import { api } from '../../lib/api';
import { toast } from '../../lib/stores/toasts';
import { formatMoney } from '../../lib/format';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { TextField } from '../campaigns/fields';
import { fieldsOr, useForm } from '../shared/use-form';
import './attribution.css';

export interface SiteItem {
  id: number;
  domain: string;
  status: 'active' | 'paused';
  pid: string;
  ads_count: number;
  ads_spend: number;
  campaigns_count: number;
}

export default function AttributionSites({ initial }: { initial: SiteItem[] }) {
  const [sites, setSites] = useState(initial);
  const [adding, setAdding] = useState(initial.length === 0);
  const [domain, setDomain] = useState('');
  const form = useForm({ fallback: 'Could not add the site.' });
  const { errors, pending: busy } = form;
  const [removing, setRemoving] = useState<SiteItem | null>(null);

  async function add(e: React.FormEvent) {
    e.preventDefault();
    await form.run(
      async () => {
        const res = await api<{ data: SiteItem }>('/api/attribution/sites', { method: 'POST', body: { domain } });
        setSites([res.data, ...sites]);
        setDomain('');
        setAdding(false);
        toast.success(`${res.data.domain} added.`);
      },
      { report: fieldsOr(form, toast.error) },
    );
  }

  async function resume(site: SiteItem) {
    try {
      const res = await api<{ data: SiteItem }>(`/api/attribution/sites/${site.id}/resume`, { method: 'PATCH' });
      setSites(sites.map((s) => (s.id === site.id ? res.data : s)));
      toast.success(`Tracking resumed on ${site.domain}.`);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Could not resume the site.');
    }
  }

  async function remove() {
    if (!removing) return;
    try {
      await api(`/api/attribution/sites/${removing.id}`, { method: 'DELETE' });
      setSites(sites.filter((s) => s.id !== removing.id));
      toast.success(`${removing.domain} removed.`);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Could not remove the site.');
    } finally {
      setRemoving(null);
    }
  }

  return (
    <div className="attr">
      <section className="attr-card">
        <div className="attr-head">
          <div>
            <h2 className="attr-title">Websites</h2>
            <p className="cp-muted cp-m-0">
              The sites where listeners land after hearing your ads. Attribute campaigns to a site to see visits and conversions per campaign.
            </p>
          </div>
          {!adding && (
            <button
              type="button"
              className="cp-button cp-button--primary"
              onClick={() => {
                setAdding(true);
                form.reset();
              }}
            >
              Add site
            </button>
          )}
        </div>
        {adding && (
          <form ref={form.formRef} className="attr-add" onSubmit={add} noValidate aria-labelledby="add-site-heading">
            <h3 id="add-site-heading" className="cp-m-0">
              Add site
            </h3>
            <TextField
              label="Domain"
              name="domain"
              value={domain}
              onChange={setDomain}
              errors={errors}
              placeholder="shop.example.com"
              hint="The domain only, without https:// or a path."
            />
            <div className="attr-actions">
              <button type="submit" className="cp-button cp-button--primary" disabled={busy}>
                {busy ? 'Adding…' : 'Add site'}
              </button>
              {sites.length > 0 && (
                <button type="button" className="cp-button cp-button--link" onClick={() => setAdding(false)}>
                  Cancel
                </button>
              )}
            </div>
          </form>
        )}
        {sites.length === 0 ? (
          <p className="attr-empty">No sites yet. Add the website your ads send listeners to.</p>
        ) : (
          <table className="attr-table" aria-label="Attribution sites">
            <thead>
              <tr>
                <th>Site</th>
                <th>Status</th>
                <th className="num">Campaigns</th>
                <th className="num">Ads</th>
                <th className="num">Spend</th>
                <th>
                  <span className="cp-sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sites.map((s) => (
                <tr key={s.id} data-site={s.domain}>
                  <td data-label="Site">
                    <a href={`/settings/attribution/${s.id}/edit`} className="attr-domain">
                      {s.domain}
                    </a>
                  </td>
                  <td data-label="Status">
                    <span className={`attr-status attr-status--${s.status}`}>{s.status === 'active' ? 'Active' : 'Paused'}</span>
                  </td>
                  <td data-label="Campaigns" className="num">
                    {s.campaigns_count}
                  </td>
                  <td data-label="Ads" className="num">
                    {s.ads_count}
                  </td>
                  <td data-label="Spend" className="num">
                    {formatMoney(s.ads_spend)}
                  </td>
                  <td className="attr-row-actions">
                    {s.status === 'paused' && (
                      <button type="button" className="cp-button" onClick={() => void resume(s)}>
                        Resume
                      </button>
                    )}
                    <a className="cp-button" href={`/settings/attribution/${s.id}/edit`}>
                      Edit
                    </a>
                    <button type="button" className="cp-button cp-button--link cp-button--danger" onClick={() => setRemoving(s)}>
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.domain ?? 'this site'}?`}
        danger
        confirmLabel="Remove site"
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      >
        Its events are deleted and its campaigns are no longer attributed to it. The campaigns themselves stay.
      </ConfirmDialog>
    </div>
  );
}
