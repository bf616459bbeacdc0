import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { api, type FieldErrors } from '../../lib/api';
import { useForm } from '../shared/use-form';
import { MoneyInput } from '../../components/MoneyInput';
import { FieldError } from '../../components/FieldError';
import { toast } from '../../lib/stores/toasts';
import { PITCH_MAX, pitchLength } from '../../lib/pitch';
import RichTextEditor from '../editor/RichTextEditor';
import { DEFAULT_JOB_EPISODES } from '../../lib/constants';
import { itemPrice } from '../../lib/proposal-total';
import type { CalendarSlot } from '../../lib/slots';
import { DatesStep, ProposalReview, type Choice, type WizardAd } from './proposal-steps';
import '../../styles/podcasters.css';

interface WizardJob {
  campaign_ad_id: number | null;
  fee: number;
  episodes: number;
  is_episode: boolean;
  parent_id: number | null;
  delivery_date: string | null;
}

interface Props {
  mode: 'create' | 'edit';
  step: number;
  campaign: { id: number; title: string; brand: string; budget: number | null; delivery_date: string | null };
  ads: WizardAd[];
  podcastId: number;
  slots: CalendarSlot[];
  packageId: number | null;
  initialJobs: WizardJob[];
  initialPitch: string;
}

const STEPS = ['Ads and fees', 'Dates', 'Pitch', 'Review'];
const MAX_EPISODES = 12;

function initialChoices(ads: WizardAd[], jobs: WizardJob[]): Record<number, Choice> {
  const out: Record<number, Choice> = {};
  for (const ad of ads) {
    const mine = jobs.filter((j) => j.campaign_ad_id === ad.id);
    const parent = mine.find((j) => !j.is_episode);
    const singles = mine.filter((j) => j.is_episode);
    out[ad.id] = {
      selected: mine.length > 0,
      fee: mine[0]?.fee ?? null,
      episodes: parent?.episodes ?? (singles.length || DEFAULT_JOB_EPISODES),
      dates: singles.map((j) => j.delivery_date).filter((d): d is string => !!d),
    };
  }
  return out;
}

/** The proposal wizard: choose ads with a fee and episodes, pick available dates, write the pitch, review and send. */
export default function ProposalWizard(props: Props) {
  const { mode, campaign, ads, podcastId, slots, packageId } = props;
  const [step, setStep] = useState(Math.min(Math.max(props.step, 1), 4));
  const [choices, setChoices] = useState(() => initialChoices(ads, props.initialJobs));
  // The pitch is the editor's HTML; the server keeps it through the shared sanitizer.
  const [pitch, setPitch] = useState(props.initialPitch);
  const pitchUploading = useRef(false);
  const form = useForm();
  const { errors, pending: busy } = form;
  const setErrors = (e: FieldErrors) => form.fail(e);
  const id = useId();
  const base = mode === 'create' ? `/campaign/${campaign.id}/proposal/create` : `/campaign/${campaign.id}/proposal/${packageId}/edit`;

  useEffect(() => {
    const onPop = () => {
      const m = /step-(\d)$/.exec(window.location.pathname);
      if (m) setStep(Number(m[1]));
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const go = (n: number) => {
    setStep(n);
    window.history.pushState({}, '', `${base}/step-${n}`);
    window.scrollTo({ top: 0 });
  };

  const chosen = ads.filter((a) => choices[a.id]?.selected);
  const total = chosen.reduce((sum, a) => sum + itemPrice({ fee: choices[a.id]!.fee ?? 0, episodes: choices[a.id]!.episodes }), 0);
  const slotsByType = useMemo(() => {
    const map: Record<string, CalendarSlot[]> = { sponsorship: [], host: [] };
    for (const s of slots) map[s.type]!.push(s);
    return map;
  }, [slots]);

  const update = (adId: number, patch: Partial<Choice>) => setChoices((c) => ({ ...c, [adId]: { ...c[adId]!, ...patch } }));

  /** Client-side checks of one step, in the server's field names. */
  const check = (n: number): FieldErrors => {
    const e: FieldErrors = {};
    if (n === 1) {
      if (!chosen.length) e.jobs = ['Choose at least one ad.'];
      ads.forEach((a, i) => {
        const c = choices[a.id]!;
        if (!c.selected) return;
        if (!c.fee || c.fee < 100) e[`jobs.${i}.fee`] = ['Enter a fee of at least $1.'];
        if (!Number.isInteger(c.episodes) || c.episodes < 1 || c.episodes > MAX_EPISODES)
          e[`jobs.${i}.episodes`] = [`Choose between 1 and ${MAX_EPISODES} episodes.`];
      });
    }
    if (n === 2) {
      ads.forEach((a, i) => {
        const c = choices[a.id]!;
        if (c.selected && c.dates.length !== c.episodes) e[`jobs.${i}.dates`] = [`Pick ${c.episodes} date${c.episodes > 1 ? 's' : ''} for the ${a.title} ad.`];
      });
    }
    if (n === 3) {
      if (!pitchLength(pitch)) e.description = ['Write a pitch for the brand.'];
      else if (pitchLength(pitch) > PITCH_MAX) e.description = [`The pitch must not be greater than ${PITCH_MAX} characters.`];
    }
    return e;
  };

  const next = () => {
    // Inline images of the pitch must finish uploading before the pitch leaves the editor.
    if (step === 3 && pitchUploading.current) {
      setErrors({ description: ['Wait until the images finish uploading.'] });
      return;
    }
    const e = check(step);
    setErrors(e);
    if (!Object.keys(e).length) go(step + 1);
  };

  // Server errors name jobs by their position among the chosen ads; the form names them by the ad's position.
  const mapServerErrors = (server: FieldErrors): FieldErrors => {
    const out: FieldErrors = {};
    for (const [key, msgs] of Object.entries(server)) {
      const m = /^jobs\.(\d+)\.(.+)$/.exec(key);
      if (m) {
        const ad = chosen[Number(m[1])];
        out[`jobs.${ad ? ads.indexOf(ad) : m[1]}.${m[2]}`] = msgs;
      } else out[key] = msgs;
    }
    return out;
  };

  const submit = async () => {
    for (const n of [1, 2, 3]) {
      const e = check(n);
      if (Object.keys(e).length) {
        setErrors(e);
        go(n);
        return;
      }
    }
    const body = {
      podcast_id: podcastId,
      description: pitch,
      jobs: chosen.map((a) => ({ campaign_ad_id: a.id, fee: choices[a.id]!.fee, episodes: choices[a.id]!.episodes, dates: choices[a.id]!.dates })),
    };
    await form.run(
      async () => {
        const res = await api<{ data: { id: number } }>(
          mode === 'create' ? `/api/v0/campaign/${campaign.id}/proposal/create` : `/api/v0/campaign/${campaign.id}/proposal/${packageId}/edit`,
          {
            method: mode === 'create' ? 'POST' : 'PUT',
            body,
          },
        );
        window.location.assign(
          mode === 'create' ? `/campaign/${campaign.id}/proposal/confirmation` : `/campaign/${campaign.id}/proposal/${res.data.id}/confirmation`,
        );
      },
      {
        keepPending: true,
        report: (f) => {
          if (f.status === null) return void toast.error('Something went wrong. Please try again.');
          // The step that holds the first invalid field is shown; a failure of no step is a toast.
          const mapped = mapServerErrors(f.errors);
          setErrors(mapped);
          const keys = Object.keys(mapped);
          if (keys.some((k) => k.endsWith('.fee') || k.endsWith('.episodes') || k.endsWith('campaign_ad_id') || k === 'jobs')) go(1);
          else if (keys.some((k) => k.endsWith('.dates'))) go(2);
          else if (keys.includes('description')) go(3);
          else toast.error(f.message);
        },
      },
    );
  };

  return (
    <div className="cp-stack">
      <ol className="wizard-steps" aria-label="Proposal steps">
        {STEPS.map((label, i) => (
          <li key={label} aria-current={step === i + 1 ? 'step' : undefined}>
            {i + 1}. {label}
          </li>
        ))}
      </ol>

      {step === 1 && (
        <section className="cp-stack" aria-labelledby={`${id}-s1`}>
          <h2 id={`${id}-s1`} className="cp-m-0">
            Choose the ads you will run
          </h2>
          <FieldError errors={errors} field="jobs" />
          {ads.map((a, i) => {
            const c = choices[a.id]!;
            return (
              <div key={a.id} className="pc-card cp-stack">
                <label className="cp-row cp-gap-sm cp-semibold">
                  <input type="checkbox" checked={c.selected} onChange={(e) => update(a.id, { selected: e.target.checked })} />
                  Include the {a.title} ad
                </label>
                <p className="cp-muted cp-small cp-m-0">{a.description || a.podcaster_description}</p>
                {c.selected && (
                  <div className="pc-grid-2">
                    <MoneyInput
                      label={`${a.title} fee per episode`}
                      name={`jobs.${i}.fee`}
                      value={c.fee}
                      onChange={(fee) => update(a.id, { fee })}
                      errors={errors}
                    />
                    <div className="cp-field">
                      <label htmlFor={`${id}-ep-${a.id}`}>{a.title} episodes</label>
                      <input
                        id={`${id}-ep-${a.id}`}
                        className="cp-input"
                        type="number"
                        min={1}
                        max={MAX_EPISODES}
                        value={c.episodes}
                        onChange={(e) => {
                          const episodes = Math.max(1, Math.min(MAX_EPISODES, Number(e.target.value) || 1));
                          update(a.id, { episodes, dates: c.dates.slice(0, episodes) });
                        }}
                      />
                      <FieldError errors={errors} field={`jobs.${i}.episodes`} />
                    </div>
                  </div>
                )}
                <FieldError errors={errors} field={`jobs.${i}.campaign_ad_id`} />
              </div>
            );
          })}
        </section>
      )}

      {step === 2 && (
        <DatesStep
          id={id}
          ads={ads}
          chosen={chosen}
          choices={choices}
          slotsByType={slotsByType}
          deliveryBy={campaign.delivery_date}
          errors={errors}
          update={update}
        />
      )}

      {step === 3 && (
        <section className="cp-stack" aria-labelledby={`${id}-s3`}>
          <h2 id={`${id}-s3`} className="cp-m-0">
            Write your pitch
          </h2>
          <div className="cp-field">
            <RichTextEditor
              label="Pitch"
              value={pitch}
              max={PITCH_MAX}
              onChange={setPitch}
              onUploadingChange={(u) => {
                pitchUploading.current = u;
              }}
              placeholder={`Tell ${campaign.brand} why your listeners will love this, and how you will make the ad.`}
            />
            <FieldError errors={errors} field="description" />
          </div>
        </section>
      )}

      {step === 4 && <ProposalReview id={id} chosen={chosen} choices={choices} total={total} pitch={pitch} budget={campaign.budget} />}

      <div className="cp-row cp-row--between">
        {step > 1 ? (
          <button type="button" className="cp-button" onClick={() => go(step - 1)}>
            Back
          </button>
        ) : (
          <a className="cp-button" href={`/sponsorships/${campaign.id}`}>
            Cancel
          </a>
        )}
        {step < 4 ? (
          <button type="button" className="cp-button cp-button--primary" onClick={next}>
            Continue
          </button>
        ) : (
          <button type="button" className="cp-button cp-button--primary" onClick={() => void submit()} disabled={busy}>
            {busy ? 'Sending…' : mode === 'create' ? 'Send proposal' : 'Save changes'}
          </button>
        )}
      </div>
    </div>
  );
}
