/**
 * /settings/attribution/{id}/edit and its /campaigns and /events sub-routes: the site's details (resume,
 * remove), the campaigns attributed to it (add one of yours, remove), and its events (predefined ones,
 * add a custom event, delete a custom one), each change through the attribution calls of core §7.
 */
import { useState } from 'react';
import { api } from '../../lib/api';
import { toast } from '../../lib/stores/toasts';
import { formatDate, formatMoney } from '../../lib/format';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FieldError } from '../../components/FieldError';
import { failureOf, fieldsOr, useForm } from '../shared/use-form';
import type { SiteItem } from './AttributionSites';
import type { SiteActivity } from '../../lib/analytics-types';
import SiteEvents, { type Confirmation, type SiteEvent } from './SiteEvents';
import SiteInstall from './SiteInstall';
import './attribution.css';

export interface SiteCampaign {
  id: number;
  title: string;
  status: string;
}
export interface OwnCampaign extends SiteCampaign {
  site_id: number | null;
}

interface Props {
  tab: 'settings' | 'campaigns' | 'events';
  site: SiteItem & { created_at: string };
  events?: SiteEvent[];
  linked?: SiteCampaign[];
  campaigns?: OwnCampaign[];
  /** Domains of the user's other sites by id, to say where a campaign is attributed now. */
  siteNames?: Record<number, string>;
  /** The snippet, the install check and the attributed visitors and hits. */
  activity: SiteActivity;
}

const STATUS_LABEL: Record<string, string> = { active: 'Active', paused: 'Paused', expired: 'Expired', closed: 'Closed' };

export default function AttributionSite({
  tab,
  site: initialSite,
  events: initialEvents = [],
  linked: initialLinked = [],
  campaigns = [],
  siteNames = {},
  activity,
}: Props) {
  const [site, setSite] = useState(initialSite);
  const [linked, setLinked] = useState(initialLinked);
  const form = useForm({ fallback: 'Could not add the campaign.' });
  const { errors, pending: busy } = form;
  const [campaignId, setCampaignId] = useState('');
  const [confirm, setConfirm] = useState<Confirmation | null>(null);
  const base = `/api/attribution/sites/${site.id}`;

  const fail = (err: unknown, fallback: string) => fieldsOr(form, toast.error)(failureOf(err, fallback));

  async function resume() {
    try {
      const res = await api<{ data: SiteItem & { created_at: string } }>(`${base}/resume`, { method: 'PATCH' });
      setSite(res.data);
      toast.success('Tracking resumed.');
    } catch (err) {
      fail(err, 'Could not resume the site.');
    }
  }

  async function addCampaign(e: React.FormEvent) {
    e.preventDefault();
    await form.run(
      async () => {
        const res = await api<{ data: SiteCampaign[] }>(`${base}/campaigns`, { method: 'POST', body: { campaign_id: campaignId ? Number(campaignId) : null } });
        setLinked(res.data);
        setCampaignId('');
        toast.success('Campaign attributed to this site.');
      },
      { report: fieldsOr(form, toast.error) },
    );
  }

  const tabs = [
    { key: 'settings', label: 'Site', href: `/settings/attribution/${site.id}/edit` },
    { key: 'campaigns', label: `Campaigns (${linked.length})`, href: `/settings/attribution/${site.id}/edit/campaigns` },
    { key: 'events', label: 'Events', href: `/settings/attribution/${site.id}/edit/events` },
  ];
  const available = campaigns.filter((c) => !linked.some((l) => l.id === c.id));

  return (
    <div className="attr">
      <p className="cp-m-0">
        <a href="/settings/attribution">← All sites</a>
      </p>
      <nav className="attr-tabs" aria-label="Site sections">
        {tabs.map((t) => (
          <a key={t.key} href={t.href} aria-current={t.key === tab ? 'page' : undefined}>
            {t.label}
          </a>
        ))}
      </nav>

      {tab === 'settings' && (
        <section className="attr-card">
          <div className="attr-head">
            <h2 className="attr-title">{site.domain}</h2>
            <span className={`attr-status attr-status--${site.status}`}>{site.status === 'active' ? 'Active' : 'Paused'}</span>
          </div>
          <dl className="attr-dl">
            <dt>Site ID</dt>
            <dd>
              <code>{site.pid}</code>
            </dd>
            <dt>Added</dt>
            <dd>{formatDate(site.created_at)}</dd>
            <dt>Campaigns</dt>
            <dd>{site.campaigns_count}</dd>
            <dt>Ads hired in them</dt>
            <dd>{site.ads_count}</dd>
            <dt>Spend</dt>
            <dd>{formatMoney(site.ads_spend)}</dd>
          </dl>
          <p className="cp-muted">
            Visits and conversions are attributed to a campaign when listeners reach {site.domain} from its ads; they show on each campaign’s stats page.
          </p>
          <div className="attr-actions">
            {site.status === 'paused' && (
              <button type="button" className="cp-button cp-button--primary" onClick={() => void resume()}>
                Resume tracking
              </button>
            )}
            <button
              type="button"
              className="cp-button cp-button--link cp-button--danger"
              onClick={() =>
                setConfirm({
                  title: `Remove ${site.domain}?`,
                  body: 'Its events are deleted and its campaigns are no longer attributed to it. The campaigns themselves stay.',
                  run: async () => {
                    await api(base, { method: 'DELETE' });
                    window.location.assign('/settings/attribution');
                  },
                })
              }
            >
              Remove site
            </button>
          </div>
        </section>
      )}
      {tab === 'settings' && <SiteInstall siteId={site.id} domain={site.domain} initial={activity} />}

      {tab === 'campaigns' && (
        <section className="attr-card">
          <h2 className="attr-title">Campaigns attributed to {site.domain}</h2>
          {available.length > 0 ? (
            <form ref={form.formRef} className="attr-inline cp-my-md" onSubmit={addCampaign} noValidate>
              <div className="cp-field">
                <label htmlFor="attr-campaign">Add a campaign</label>
                <select
                  id="attr-campaign"
                  className="cp-input"
                  value={campaignId}
                  onChange={(e) => setCampaignId(e.target.value)}
                  aria-invalid={errors?.campaign_id ? true : undefined}
                >
                  <option value="">Choose a campaign</option>
                  {available.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.title}
                      {c.site_id && siteNames[c.site_id] ? ` (now ${siteNames[c.site_id]})` : ''}
                    </option>
                  ))}
                </select>
                <FieldError errors={errors} field="campaign_id" />
              </div>
              <button type="submit" className="cp-button cp-button--primary" disabled={busy}>
                Add campaign
              </button>
            </form>
          ) : (
            <p className="cp-muted">
              {campaigns.length === 0 ? (
                <>
                  You have no campaigns yet. <a href="/campaign/create/details">Create one</a> and pick this site on its attribution tab.
                </>
              ) : (
                'Every one of your campaigns is attributed to this site.'
              )}
            </p>
          )}
          {linked.length === 0 ? (
            <p className="attr-empty">No campaigns are attributed to this site yet.</p>
          ) : (
            <table className="attr-table" aria-label="Attributed campaigns">
              <thead>
                <tr>
                  <th>Campaign</th>
                  <th>Status</th>
                  <th className="num">Visitors</th>
                  <th className="num">Hits</th>
                  <th>
                    <span className="cp-sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {linked.map((c) => (
                  <tr key={c.id} data-campaign={c.title}>
                    <td data-label="Campaign">
                      <a href={`/campaign/${c.id}/stats`}>{c.title}</a>
                    </td>
                    <td data-label="Status">{STATUS_LABEL[c.status] ?? c.status}</td>
                    <td data-label="Visitors" className="num">
                      {(activity.campaigns.find((a) => a.id === c.id)?.visitors ?? 0).toLocaleString('en-US')}
                    </td>
                    <td data-label="Hits" className="num">
                      {(activity.campaigns.find((a) => a.id === c.id)?.hits ?? 0).toLocaleString('en-US')}
                    </td>
                    <td className="attr-row-actions">
                      <button
                        type="button"
                        className="cp-button cp-button--link cp-button--danger"
                        onClick={() =>
                          setConfirm({
                            title: `Stop attributing ${c.title}?`,
                            body: `Visits to ${site.domain} are no longer counted for this campaign.`,
                            run: async () => {
                              await api(`${base}/campaigns/${c.id}`, { method: 'DELETE' });
                              setLinked((l) => l.filter((x) => x.id !== c.id));
                              toast.success('Campaign removed from this site.');
                            },
                          })
                        }
                      >
                        Remove
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}

      {tab === 'events' && <SiteEvents domain={site.domain} base={base} initial={initialEvents} onConfirm={setConfirm} />}

      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.title ?? ''}
        danger
        confirmLabel="Remove"
        onCancel={() => setConfirm(null)}
        onConfirm={async () => {
          try {
            await confirm?.run();
          } catch (err) {
            toast.error(err instanceof Error ? err.message : 'Could not do that.');
          } finally {
            setConfirm(null);
          }
        }}
      >
        {confirm?.body}
      </ConfirmDialog>
    </div>
  );
}
