import { useMemo, useState } from 'react';
import { api, ApiError } from '../../lib/api';
import { MoneyInput } from '../../components/MoneyInput';
import { DatePicker } from '../../components/DatePicker';
import { FieldError, type FieldErrors } from '../../components/FieldError';
import { toast } from '../../lib/stores/toasts';
import { formatMoney } from '../../lib/format/money';
import { formatDate } from '../../lib/format/dates';
import { WIZARD_TABS, WIZARD_TAB_LABELS, type CampaignPayload, type WizardTab } from '../../lib/campaign-types';
import type { AdPayload, CategoryPayload } from '../../lib/types';
import { TextField } from './fields';
import './campaigns.css';

interface Site {
  id: number;
  domain: string;
  status: string;
}

interface Props {
  campaign: CampaignPayload | null;
  tab: WizardTab;
  ads: AdPayload[];
  categories: CategoryPayload[];
  sites: Site[];
}

/** The field each tab owns, so a review error can point at its tab. */
const FIELD_TAB: Record<string, WizardTab> = {
  title: 'details',
  description: 'details',
  url: 'details',
  categories: 'details',
  ads: 'ads',
  budget: 'budget',
  duration: 'budget',
  delivery_date: 'budget',
  expired_days: 'budget',
  site_id: 'attribution',
};

const tomorrow = () => {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** The campaign wizard: details, ads, budget and schedule, attribution, review. Each tab saves; an unfinished campaign stays a draft. */
export default function CampaignWizard({ campaign: initial, tab, ads, categories, sites: initialSites }: Props) {
  const [campaign, setCampaign] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const [busy, setBusy] = useState(false);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [url, setUrl] = useState(initial?.url ?? '');
  const [cats, setCats] = useState<number[]>(initial?.categories.map((c) => c.id) ?? []);
  const [adChoice, setAdChoice] = useState<Record<number, { on: boolean; description: string }>>(() =>
    Object.fromEntries(
      ads.map((a) => {
        const found = initial?.ads.find((x) => x.ad_id === a.id);
        return [a.id, { on: !!found, description: found?.description ?? '' }];
      }),
    ),
  );
  const [budget, setBudget] = useState<number | null>(initial?.budget ?? null);
  const [duration, setDuration] = useState(initial?.duration ? String(initial.duration) : '30');
  const [deliveryDate, setDeliveryDate] = useState<string | null>(initial?.delivery_date ?? null);
  const [expiredDays, setExpiredDays] = useState(String(initial?.expired_days ?? 30));
  const [sites, setSites] = useState(initialSites);
  const [siteId, setSiteId] = useState<number | null>(initial?.site_id ?? null);
  const [adding, setAdding] = useState(false);
  const [domain, setDomain] = useState('');
  const [siteErrors, setSiteErrors] = useState<FieldErrors | null>(null);

  const index = WIZARD_TABS.indexOf(tab);
  const next = WIZARD_TABS[index + 1];
  const prev = WIZARD_TABS[index - 1];
  const base = campaign ? `/campaign/${campaign.id}/edit` : '/campaign/create';

  const body = useMemo(() => {
    switch (tab) {
      case 'details':
        return { tab, title, description, url, categories: cats };
      case 'ads':
        return { tab, ads: ads.filter((a) => adChoice[a.id]?.on).map((a) => ({ ad_id: a.id, description: adChoice[a.id]!.description })) };
      case 'budget':
        return {
          tab,
          budget,
          duration: duration === '' ? null : Number(duration),
          delivery_date: deliveryDate,
          expired_days: expiredDays === '' ? null : Number(expiredDays),
        };
      case 'attribution':
        return { tab, site_id: siteId };
      case 'review':
        return { tab, submit: true };
    }
  }, [tab, title, description, url, cats, adChoice, ads, budget, duration, deliveryDate, expiredDays, siteId]);

  async function save(then: 'next' | 'exit' | 'submit') {
    setBusy(true);
    setErrors(null);
    try {
      const res = campaign
        ? await api<{ data: CampaignPayload }>(`/api/campaigns/${campaign.id}`, { method: 'POST', body })
        : await api<{ data: CampaignPayload }>('/api/campaigns', { method: 'POST', body });
      setCampaign(res.data);
      if (then === 'submit') window.location.assign(`/campaign/${res.data.id}/confirmation`);
      else if (then === 'exit') {
        toast.success('Draft saved. You can finish it any time from Campaigns.');
        window.location.assign('/campaigns');
      } else window.location.assign(`/campaign/${res.data.id}/edit/${next}`);
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) {
        setErrors(e.errors);
        toast.error(e.message);
      } else toast.error(e instanceof Error ? e.message : 'Could not save the campaign.');
      setBusy(false);
    }
  }

  async function addSite() {
    setSiteErrors(null);
    try {
      const res = await api<{ data: Site }>('/api/attribution/sites', { method: 'POST', body: { domain } });
      setSites([res.data, ...sites]);
      setSiteId(res.data.id);
      setDomain('');
      setAdding(false);
      toast.success(`${res.data.domain} added.`);
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) setSiteErrors(e.errors);
      else toast.error(e instanceof Error ? e.message : 'Could not add the site.');
    }
  }

  const reviewErrors = tab === 'review' && errors ? Object.entries(errors) : [];

  return (
    <div className="cp-stack">
      <nav aria-label="Campaign steps">
        <ol className="cq-tabs">
          {WIZARD_TABS.map((t, i) => (
            <li key={t}>
              {campaign || t === 'details' ? (
                <a href={`${base}/${t}`} aria-current={t === tab ? 'page' : undefined}>
                  <span className="cq-count" aria-hidden="true">
                    {i + 1}
                  </span>
                  {WIZARD_TAB_LABELS[t]}
                </a>
              ) : (
                <span aria-disabled="true">
                  <span className="cq-count" aria-hidden="true">
                    {i + 1}
                  </span>
                  {WIZARD_TAB_LABELS[t]}
                </span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      {campaign?.rejection_reason ? (
        <p className="banner banner--warning" role="status">
          Not approved: {campaign.rejection_reason} Edit the campaign and submit it again from Review.
        </p>
      ) : null}

      <form
        className="cq-card cq-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save(tab === 'review' ? 'submit' : 'next');
        }}
      >
        <h2>{WIZARD_TAB_LABELS[tab]}</h2>

        {tab === 'details' ? (
          <>
            <TextField label="Campaign title" name="title" value={title} onChange={setTitle} errors={errors} maxLength={120} required />
            <TextField
              label="Description"
              name="description"
              value={description}
              onChange={setDescription}
              errors={errors}
              multiline
              maxLength={5000}
              hint="What you sell and who it is for: podcasters read this before they propose."
              required
            />
            <TextField label="Product URL" name="url" type="url" value={url} onChange={setUrl} errors={errors} placeholder="https://" required />
            <fieldset className="cq-checks" aria-describedby={errors?.categories ? 'categories-error' : undefined}>
              <legend>Categories (up to 3)</legend>
              {categories.map((c) => (
                <label key={c.id} className="cq-check">
                  <input
                    type="checkbox"
                    checked={cats.includes(c.id)}
                    disabled={!cats.includes(c.id) && cats.length >= 3}
                    onChange={(e) => setCats(e.target.checked ? [...cats, c.id] : cats.filter((x) => x !== c.id))}
                  />
                  {c.title}
                </label>
              ))}
            </fieldset>
            <FieldError errors={errors} field="categories" id="categories-error" />
          </>
        ) : null}

        {tab === 'ads' ? (
          <>
            <p className="cp-muted cp-m-0">Choose the ads you want and tell podcasters what to say.</p>
            {ads.map((a) => {
              const choice = adChoice[a.id]!;
              return (
                <div key={a.id} className="cq-choice" data-on={choice.on}>
                  <label className="cq-check">
                    <input type="checkbox" checked={choice.on} onChange={(e) => setAdChoice({ ...adChoice, [a.id]: { ...choice, on: e.target.checked } })} />
                    <strong>{a.title}</strong>
                  </label>
                  <p className="cp-muted cp-small cp-m-0">{a.brand_description}</p>
                  {choice.on ? (
                    <TextField
                      label={`What should the ${a.title} ad say?`}
                      name={`ads.${ads.indexOf(a)}.description`}
                      value={choice.description}
                      onChange={(v) => setAdChoice({ ...adChoice, [a.id]: { ...choice, description: v } })}
                      errors={errors}
                      multiline
                      maxLength={2000}
                    />
                  ) : null}
                </div>
              );
            })}
            <FieldError errors={errors} field="ads" />
          </>
        ) : null}

        {tab === 'budget' ? (
          <>
            <MoneyInput
              label="Budget"
              name="budget"
              value={budget}
              onChange={setBudget}
              errors={errors}
              hint="The most you plan to spend on this campaign (at least $100)."
            />
            <div className="cq-grid-2">
              <TextField
                label="Duration (days)"
                name="duration"
                type="number"
                min={1}
                max={365}
                value={duration}
                onChange={setDuration}
                errors={errors}
                hint="How long the ads should run."
              />
              <TextField
                label="Expires after delivery (days)"
                name="expired_days"
                type="number"
                min={1}
                max={365}
                value={expiredDays}
                onChange={setExpiredDays}
                errors={errors}
                hint="The campaign closes to proposals this many days after the delivery date."
              />
            </div>
            <DatePicker
              label="Delivery date"
              name="delivery_date"
              value={deliveryDate}
              onChange={setDeliveryDate}
              min={tomorrow()}
              errors={errors}
              hint="When the first ads should be live."
            />
          </>
        ) : null}

        {tab === 'attribution' ? (
          <>
            <p className="cp-muted cp-m-0">Pick the site where listeners land, to attribute visits and sales to this campaign. You can skip this.</p>
            <fieldset className="cp-stack cp-fieldset-plain">
              <legend className="cp-field__label">Attribution site</legend>
              <label className="cq-check">
                <input type="radio" name="site_id" checked={siteId === null} onChange={() => setSiteId(null)} /> No attribution site
              </label>
              {sites.map((s) => (
                <label key={s.id} className="cq-check">
                  <input type="radio" name="site_id" checked={siteId === s.id} onChange={() => setSiteId(s.id)} /> {s.domain}
                </label>
              ))}
            </fieldset>
            <FieldError errors={errors} field="site_id" />
            {adding ? (
              <div className="cq-choice" role="group" aria-labelledby="add-site-title">
                <h3 id="add-site-title" className="cp-m-0">
                  Add site
                </h3>
                <TextField label="Domain" name="domain" value={domain} onChange={setDomain} errors={siteErrors} placeholder="shop.example.com" />
                <div className="cp-row">
                  <button type="button" className="cp-button cp-button--primary" onClick={() => void addSite()}>
                    Add site
                  </button>
                  <button type="button" className="cp-button" onClick={() => setAdding(false)}>
                    Cancel
                  </button>
                </div>
              </div>
            ) : (
              <div>
                <button type="button" className="cp-button" onClick={() => setAdding(true)}>
                  Add site
                </button>
              </div>
            )}
          </>
        ) : null}

        {tab === 'review' && campaign ? (
          <>
            {campaign.submitted_at && !campaign.rejection_reason ? (
              <p className="banner banner--info" role="status">
                {campaign.is_approved ? 'This campaign is approved and running. Changes you save apply right away.' : 'This campaign is waiting for approval.'}
              </p>
            ) : null}
            <dl className="cq-summary">
              <dt>Title</dt>
              <dd>{campaign.title || '—'}</dd>
              <dt>Product URL</dt>
              <dd>{campaign.url || '—'}</dd>
              <dt>Categories</dt>
              <dd>{campaign.categories.map((c) => c.title).join(', ') || '—'}</dd>
              <dt>Ads</dt>
              <dd>{campaign.ads.map((a) => a.title).join(', ') || '—'}</dd>
              <dt>Budget</dt>
              <dd>{campaign.budget ? formatMoney(campaign.budget) : '—'}</dd>
              <dt>Duration</dt>
              <dd>{campaign.duration ? `${campaign.duration} days` : '—'}</dd>
              <dt>Delivery date</dt>
              <dd>{campaign.delivery_date ? formatDate(campaign.delivery_date) : '—'}</dd>
              <dt>Expires</dt>
              <dd>{campaign.expires_at ? `${formatDate(campaign.expires_at)} (${campaign.expired_days} days after delivery)` : '—'}</dd>
              <dt>Attribution site</dt>
              <dd>{sites.find((s) => s.id === campaign.site_id)?.domain ?? 'None'}</dd>
            </dl>
            {reviewErrors.length ? (
              <div className="alert alert-error" role="alert">
                <p className="cp-m-0 cp-mb-sm">Finish these before submitting:</p>
                <ul className="cp-m-0">
                  {reviewErrors.map(([field, messages]) => (
                    <li key={field}>
                      <a href={`${base}/${FIELD_TAB[field] ?? 'details'}`}>{messages?.[0]}</a>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </>
        ) : null}

        <div className="cq-actions">
          {prev && campaign ? (
            <a className="cp-button" href={`${base}/${prev}`}>
              Back
            </a>
          ) : null}
          <span className="cq-spacer" />
          {tab !== 'review' ? (
            <button type="button" className="cp-button" disabled={busy} onClick={() => void save('exit')}>
              Save draft and exit
            </button>
          ) : null}
          <button type="submit" className="cp-button cp-button--primary" disabled={busy}>
            {tab === 'review' ? (campaign?.submitted_at && !campaign.rejection_reason ? 'Save' : 'Submit for approval') : 'Save and continue'}
          </button>
        </div>
      </form>
    </div>
  );
}
