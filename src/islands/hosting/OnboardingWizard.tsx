/** Onboarding, migration pending (hosting spec §2): the 4-step wizard and the Confirm migration form. */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { CategorySelect } from '../../components/CategorySelect';
import { APPLE_CATEGORIES, categoryLabel, type ItunesCategoryPair } from '../../lib/apple-categories';
import { FieldError } from '../../components/FieldError';
import { api } from '../../lib/api';
import { hostingPlatformName } from '../../lib/format';
import { toast } from '../../lib/stores/toasts';
import { useForm } from '../shared/use-form';
import { canFinishMigration } from './onboarding-state';
import type { Hosted, OnboardingPodcast } from './HostedOnboarding';

export const MIGRATION_FAILED_TOAST = 'There was an error migrating your podcast, please contact support.';

function Avatar({ title, url }: { title: string; url: string | null }) {
  return url ? (
    <img className="hosting-avatar" src={url} alt="" width={72} height={72} />
  ) : (
    <span className="hosting-avatar hosting-avatar--initial" aria-hidden="true">
      {title.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

const STEPS = ['Get started', 'Review terms and conditions', 'Help', 'Confirm'] as const;

export function Wizard({
  podcast,
  ownerName,
  hosted,
  supportEmail,
  onStarted,
  agreement,
}: {
  podcast: OnboardingPodcast;
  ownerName: string;
  hosted: Hosted;
  supportEmail: string;
  onStarted: (h: Hosted) => void;
  agreement: ReactNode;
}) {
  const [step, setStep] = useState(0);
  const [accepting, setAccepting] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [step]);

  const next = async () => {
    if (step === 1) {
      setAccepting(true);
      try {
        await api(`/api/podcasts/hosted/${hosted.id}/agreement`, { method: 'POST' });
      } catch (error) {
        toast.error(error instanceof Error ? error.message : 'Your acceptance could not be recorded. Please try again.');
        return;
      } finally {
        setAccepting(false);
      }
    }
    setStep((s) => Math.min(3, s + 1));
  };

  const subject = encodeURIComponent(`Hosting onboarding: ${podcast.title}`);
  return (
    <section className="hosting-card hosting-wizard" aria-labelledby="wizard-title">
      <ol className="hosting-stepper" aria-label="Steps">
        {STEPS.map((name, i) => (
          <li key={name} className={i === step ? 'is-current' : i < step ? 'is-done' : ''} aria-current={i === step ? 'step' : undefined}>
            <span className="hosting-stepper__n">{i + 1}</span> <span className="hosting-stepper__label">{name}</span>
          </li>
        ))}
      </ol>
      <h2 id="wizard-title" className="hosting-title" tabIndex={-1} ref={headingRef}>
        {STEPS[step]}
      </h2>
      {step === 0 && (
        <div className="hosting-prose">
          <p>
            Welcome to Cuepoint hosting. In a few minutes we will move {podcast.title} here, with every episode, its audio and artwork, and the episode
            identifiers podcast apps know it by.
          </p>
          <ul>
            <li>Review and accept the Hosting Service Agreement.</li>
            <li>Confirm the migration: we import your feed in the background and email you when it is done.</li>
            <li>Set up a redirect on your current host, so your subscribers follow you without doing anything.</li>
            <li>Connect a payout account to receive your advertising revenue.</li>
          </ul>
        </div>
      )}
      {step === 1 && (
        <div className="hosting-agreement" tabIndex={0} aria-label="Hosting Service Agreement">
          {agreement}
        </div>
      )}
      {step === 2 && (
        <div className="hosting-prose">
          <p>
            See the{' '}
            <a href="/help/move-your-show-to-cuepoint-hosting" target="_blank" rel="noopener">
              step-by-step guide
            </a>{' '}
            for what happens during the migration and how to redirect your old feed.
          </p>
          <p>
            Questions, or a show with more than 1,000 episodes? Email us at <a href={`mailto:${supportEmail}?subject=${subject}`}>{supportEmail}</a> and we will
            help you through it.
          </p>
        </div>
      )}
      {step === 3 && <ConfirmMigration podcast={podcast} ownerName={ownerName} hosted={hosted} onStarted={onStarted} />}
      {step < 3 && (
        <div className="hosting-nav">
          {step > 0 ? (
            <button type="button" className="cp-button" onClick={() => setStep((s) => s - 1)}>
              Previous
            </button>
          ) : (
            <span />
          )}
          <button type="button" className="cp-button cp-button--primary" onClick={next} disabled={accepting}>
            {step === 1 ? 'I Accept and Agree' : 'Next'}
          </button>
        </div>
      )}
    </section>
  );
}

interface FeedSummary {
  hasIunesCategory: boolean;
  episodes: number;
  unlistedCategories?: Array<{ label: string; suggestions: ItunesCategoryPair[] }>;
}

const keyOf = (p: ItunesCategoryPair) => `${p.category}|${p.subcategory ?? ''}`;
const pairOf = (key: string): ItunesCategoryPair | null => {
  if (!key) return null;
  const [category, sub] = key.split('|');
  return { category: category!, subcategory: sub || null };
};
const ALL_APPLE_PAIRS: ItunesCategoryPair[] = Object.entries(APPLE_CATEGORIES).flatMap(([category, subs]) => [
  { category, subcategory: null },
  ...subs.map((subcategory) => ({ category, subcategory })),
]);

function ConfirmMigration({
  podcast,
  ownerName,
  hosted,
  onStarted,
}: {
  podcast: OnboardingPodcast;
  ownerName: string;
  hosted: Hosted;
  onStarted: (h: Hosted) => void;
}) {
  const [feed, setFeed] = useState<FeedSummary | null>(null);
  /** The podcaster's pick for each feed category Apple does not list ("category|subcategory"), by its label. */
  const [picks, setPicks] = useState<Record<string, string>>({});
  const [feedError, setFeedError] = useState<string | null>(null);
  const [categories, setCategories] = useState<Array<{ id: number; title: string }>>([]);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [dai, setDai] = useState(false);
  const [word, setWord] = useState('');
  const form = useForm();
  const { errors, pending: submitting } = form;

  useEffect(() => {
    let live = true;
    api<{ data: FeedSummary }>('/api/podcaster/rss-feed', { query: { podcast_id: podcast.id } })
      .then(async (res) => {
        if (!live) return;
        setFeed(res.data);
        if (!res.data.hasIunesCategory) {
          const cats = await api<{ data: Array<{ id: number; label: string }> }>('/api/hosting-service/categories');
          if (live) setCategories(cats.data.map((c) => ({ id: c.id, title: c.label })));
        }
      })
      .catch((error: unknown) => live && setFeedError(error instanceof Error ? error.message : 'Your RSS feed could not be read.'));
    return () => {
      live = false;
    };
  }, [podcast.id]);

  const needsCategory = feed ? !feed.hasIunesCategory : false;
  // The feed carries one Apple category: the first unlisted one is asked (the pick replaces it).
  const unlisted = (feed?.unlistedCategories ?? []).slice(0, 1);
  // A category Apple does not list waits for the podcaster's pick: nothing is swapped without it.
  const picked = unlisted.every((u) => picks[u.label]);
  const chosenPair = unlisted.length ? pairOf(picks[unlisted[0]!.label] ?? '') : null;
  const ready = feed !== null && picked && canFinishMigration({ word, daiDisabled: dai, submitting, needsCategory, categoryId });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    await form.run(
      async () => {
        const res = await api<{ data: Hosted }>(`/api/podcasts/hosted/${hosted.id}/migrate`, {
          method: 'POST',
          body: { ...(needsCategory ? { itunes_category_id: categoryId } : {}), ...(chosenPair ? { itunes_category: chosenPair } : {}) },
        });
        onStarted({ ...res.data, percent: 0 });
      },
      { keepPending: true, report: () => toast.error(MIGRATION_FAILED_TOAST) },
    );
  };

  return (
    <form ref={form.formRef} className="hosting-confirm" onSubmit={submit} noValidate>
      <div className="hosting-show">
        <Avatar title={podcast.title} url={podcast.avatar_url} />
        <dl className="hosting-facts">
          <div>
            <dt>Podcast</dt>
            <dd>{podcast.title}</dd>
          </div>
          <div>
            <dt>Owner</dt>
            <dd>{ownerName}</dd>
          </div>
          <div>
            <dt>Migrating from</dt>
            <dd>{hostingPlatformName(hosted.original_url ?? podcast.url)}</dd>
          </div>
          <div>
            <dt>Total episodes</dt>
            <dd data-testid="total-episodes">{feed ? feed.episodes : feedError ? '—' : 'Counting…'}</dd>
          </div>
        </dl>
      </div>
      {feedError && (
        <p className="hosting-error" role="alert">
          {feedError}
        </p>
      )}
      {unlisted.map((u) => (
        <div className="cp-field" key={u.label}>
          <label htmlFor={`apple-category-${u.label}`}>Category</label>
          <p className="cp-muted" id={`apple-category-hint-${u.label}`}>
            Apple Podcasts no longer lists your feed’s category “{u.label}”. Choose the one your new feed uses; nothing changes until you pick.
          </p>
          <select
            id={`apple-category-${u.label}`}
            name="itunes_category"
            className="cp-input"
            aria-describedby={`apple-category-hint-${u.label}`}
            value={picks[u.label] ?? ''}
            onChange={(e) => setPicks({ ...picks, [u.label]: e.target.value })}
            required
          >
            <option value="">Select a category</option>
            {u.suggestions.length > 0 && (
              <optgroup label="Nearest">
                {u.suggestions.map((p) => (
                  <option key={`n-${keyOf(p)}`} value={keyOf(p)}>
                    {categoryLabel(p)}
                  </option>
                ))}
              </optgroup>
            )}
            <optgroup label="All Apple categories">
              {ALL_APPLE_PAIRS.map((p) => (
                <option key={keyOf(p)} value={keyOf(p)}>
                  {categoryLabel(p)}
                </option>
              ))}
            </optgroup>
          </select>
          <FieldError field="itunes_category" errors={errors} />
        </div>
      ))}
      {needsCategory && (
        <CategorySelect
          label="Category"
          name="itunes_category_id"
          categories={categories}
          value={categoryId}
          onChange={setCategoryId}
          errors={errors}
          hint="Your feed has no Apple Podcasts category; choose one for the new feed."
          required
        />
      )}
      <label className="hosting-check">
        <input type="checkbox" checked={dai} onChange={(e) => setDai(e.target.checked)} aria-describedby="dai-hint" />
        <span>
          Confirm that you have disabled <abbr title="Dynamic ad insertion">DAI</abbr> on your old account
        </span>
      </label>
      <p id="dai-hint" className="cp-field__hint hosting-check__hint">
        Dynamic ad insertion (DAI) is how your old host places ads into your episodes as they are downloaded. Turn it off there first, or those ads end up in
        the copies of your episodes that Cuepoint makes.
      </p>
      <div className="cp-field">
        <label htmlFor="migration-word">
          Type <strong>MIGRATION</strong> to confirm
        </label>
        <input id="migration-word" className="cp-input" value={word} onChange={(e) => setWord(e.target.value)} autoComplete="off" spellCheck={false} />
        <FieldError field="migration" errors={errors} />
      </div>
      <button type="submit" className="cp-button cp-button--primary" disabled={!ready} aria-disabled={!ready}>
        {submitting ? 'Starting…' : 'Finish'}
      </button>
    </form>
  );
}
