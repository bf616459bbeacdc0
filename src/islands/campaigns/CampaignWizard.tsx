import { useMemo, useState } from 'react';
import { api } from '../../lib/api';
import { useForm } from '../shared/use-form';
import { MoneyInput } from '../../components/MoneyInput';
import { DatePicker } from '../../components/DatePicker';
import { FieldError } from '../../components/FieldError';
import { toast } from '../../lib/stores/toasts';
import { WIZARD_TABS, WIZARD_TAB_LABELS, type CampaignPayload, type WizardTab } from '../../lib/campaign-types';
import type { AdPayload, CategoryPayload } from '../../lib/types';
import { addDays } from '../../lib/slots';
import { TextField } from './fields';
import AttributionStep, { type Site } from './AttributionStep';
import ReviewStep from './ReviewStep';
import './campaigns.css';

interface Props {
  campaign: CampaignPayload | null;
  tab: WizardTab;
  ads: AdPayload[];
  categories: CategoryPayload[];
  sites: Site[];
  /** Today by the server's clock (UTC, YYYY-MM-DD): the delivery date must come after it. */
  today: string;
}

/** The campaign wizard: details, ads, budget and schedule, attribution, review. Each tab saves; an unfinished campaign stays a draft. */
export default function CampaignWizard({ campaign: initial, tab, ads, categories, sites: initialSites, today }: Props) {
  const [campaign, setCampaign] = useState(initial);
  const form = useForm({ fallback: 'Could not save the campaign.' });
  const { errors, pending: busy } = form;
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
    await form.run(
      async () => {
        const res = campaign
          ? await api<{ data: CampaignPayload }>(`/api/campaigns/${campaign.id}`, { method: 'POST', body })
          : await api<{ data: CampaignPayload }>('/api/campaigns', { method: 'POST', body });
        setCampaign(res.data);
        if (then === 'submit') window.location.assign(`/campaign/${res.data.id}/confirmation`);
        else if (then === 'exit') {
          toast.success('Draft saved. You can finish it any time from Campaigns.');
          window.location.assign('/campaigns');
        } else window.location.assign(`/campaign/${res.data.id}/edit/${next}`);
      },
      { keepPending: true, report: (f) => toast.error(f.message) },
    );
  }

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
        ref={form.formRef}
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
              min={addDays(today, 1)}
              errors={errors}
              hint="When the first ads should be live."
            />
          </>
        ) : null}

        {tab === 'attribution' ? <AttributionStep sites={sites} onSitesChange={setSites} siteId={siteId} onSiteChange={setSiteId} errors={errors} /> : null}

        {tab === 'review' && campaign ? <ReviewStep campaign={campaign} sites={sites} errors={errors} base={base} /> : null}

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
