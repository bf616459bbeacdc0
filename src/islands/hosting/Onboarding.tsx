import { useEffect, useRef, useState, type ReactNode } from 'react';
import { CategorySelect } from '../../components/CategorySelect';
import { Dialog } from '../../components/Dialog';
import { FieldError } from '../../components/FieldError';
import { Icon } from '../../components/Icon';
import { api, ApiError } from '../../lib/api';
import { hostingPlatformName } from '../../lib/format';
import { toast } from '../../lib/stores/toasts';
import type { HostedPodcastPayload, InitializeSettings } from '../../lib/types';
import { REDIRECT_INSTRUCTIONS, REDIRECT_PROVIDERS, providerOf, type RedirectProvider } from './instructions';
import { canFinishMigration, nextBarPercent, onboardingScreen } from './onboarding-state';
import { listenForProgress } from './progress-channel';
import './hosting.css';

export const MIGRATION_FAILED_TOAST = 'There was an error migrating your podcast, please contact support.';
export const RESYNC_FAILED_TOAST = 'There was an error attempting to resync your migration, please contact support.';
export const REDIRECT_FAILED = 'Could not establish redirect.';
export const REDIRECT_FAILED_DETAIL = 'Could not establish redirect, please setup the redirect on your current hosting.';
export const FAILED_TEXT = 'We failed to migrate your podcast, please contact support for further assistance.';

interface Props {
  podcast: { id: number; title: string; avatar_url: string | null; url: string };
  ownerName: string;
  hosted: HostedPodcastPayload;
  user: { id: number; hasPayouts: boolean; payoutProvider: 'stripe' | 'paypal' };
  pusher: InitializeSettings['pusher'];
  supportEmail: string;
  payoutCookie: { success: string | null; error: string | null };
  /** The server-rendered Hosting Service Agreement. */
  children?: ReactNode;
}

type Hosted = HostedPodcastPayload & { percent?: number };

/** The onboarding flow of a verified hosted podcast (hosting spec §2, §4, §5, §8). */
export default function Onboarding({ podcast, ownerName, hosted: initial, user, pusher, supportEmail, payoutCookie, children }: Props) {
  const [hosted, setHosted] = useState<Hosted>(initial);
  const [hasPayouts, setHasPayouts] = useState(user.hasPayouts || !!payoutCookie.success);
  const screen = onboardingScreen(hosted, hasPayouts);

  useEffect(() => {
    if (payoutCookie.success) toast.success(payoutCookie.success);
  }, [payoutCookie.success]);

  const refresh = async () => {
    const res = await api<{ data: Hosted }>('/api/hosting-service/podcast', { headers: { 'X-Podcast-Id': String(podcast.id) } });
    setHosted(res.data);
    return res.data;
  };

  return (
    <div className="hosting-onboarding" data-screen={screen}>
      {screen === 'wizard' && (
        <Wizard podcast={podcast} ownerName={ownerName} hosted={hosted} supportEmail={supportEmail} onStarted={setHosted} agreement={children} />
      )}
      {screen === 'migrating' && (
        <Migrating podcastId={podcast.id} hostedId={hosted.id} userId={user.id} pusher={pusher} initialPercent={hosted.percent ?? 0} refresh={refresh} />
      )}
      {screen === 'stale' && <Stale hosted={hosted} onResynced={setHosted} />}
      {screen === 'redirect' && <SetupRedirect hosted={hosted} feedUrl={podcast.url} onChecked={setHosted} />}
      {screen === 'payouts' && (
        <Payouts hosted={hosted} provider={user.payoutProvider} error={payoutCookie.error} onSkipped={setHosted} onConnected={() => setHasPayouts(true)} />
      )}
      {screen === 'all-set' && <AllSet hostedId={hosted.id} />}
      {screen === 'failed' && (
        <section className="hosting-card">
          <p className="hosting-failed" role="alert">
            <Icon name="error" size={20} /> {FAILED_TEXT}
          </p>
          <p>
            <a href={`mailto:${supportEmail}?subject=${encodeURIComponent(`Hosting migration of ${podcast.title}`)}`}>Email {supportEmail}</a>
          </p>
        </section>
      )}
    </div>
  );
}

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

function Wizard({
  podcast,
  ownerName,
  hosted,
  supportEmail,
  onStarted,
  agreement,
}: {
  podcast: Props['podcast'];
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
            <a href="https://help.cuepoint.test/hosting/migration-guide" target="_blank" rel="noreferrer">
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

function ConfirmMigration({
  podcast,
  ownerName,
  hosted,
  onStarted,
}: {
  podcast: Props['podcast'];
  ownerName: string;
  hosted: Hosted;
  onStarted: (h: Hosted) => void;
}) {
  const [feed, setFeed] = useState<{ hasIunesCategory: boolean; episodes: number } | null>(null);
  const [feedError, setFeedError] = useState<string | null>(null);
  const [categories, setCategories] = useState<Array<{ id: number; title: string }>>([]);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [dai, setDai] = useState(false);
  const [word, setWord] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]> | null>(null);

  useEffect(() => {
    let live = true;
    api<{ data: { hasIunesCategory: boolean; episodes: number } }>('/api/podcaster/rss-feed', { query: { podcast_id: podcast.id } })
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
  const ready = feed !== null && canFinishMigration({ word, daiDisabled: dai, submitting, needsCategory, categoryId });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    setSubmitting(true);
    setErrors(null);
    try {
      const res = await api<{ data: Hosted }>(`/api/podcasts/hosted/${hosted.id}/migrate`, {
        method: 'POST',
        body: needsCategory ? { itunes_category_id: categoryId } : {},
      });
      onStarted({ ...res.data, percent: 0 });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.errors) setErrors(error.errors);
      toast.error(MIGRATION_FAILED_TOAST);
      setSubmitting(false);
    }
  };

  return (
    <form className="hosting-confirm" onSubmit={submit} noValidate>
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
        <input type="checkbox" checked={dai} onChange={(e) => setDai(e.target.checked)} />
        <span>Confirm that you have disabled DAI on your old account</span>
      </label>
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

function Migrating({
  podcastId,
  hostedId,
  userId,
  pusher,
  initialPercent,
  refresh,
}: {
  podcastId: number;
  hostedId: number;
  userId: number;
  pusher: InitializeSettings['pusher'];
  initialPercent: number;
  refresh: () => Promise<Hosted>;
}) {
  const [target, setTarget] = useState(initialPercent);
  const [shown, setShown] = useState(initialPercent);

  useEffect(() => {
    let off: (() => void) | null = null;
    let live = true;
    void listenForProgress(pusher, userId, (e) => {
      if (e.podcastId === podcastId) setTarget((t) => Math.max(t, e.percent));
    }).then((stop) => (live ? (off = stop) : stop()));
    // The progress call keeps the bar right when a realtime message is missed.
    const fetchProgress = () =>
      void api<{ data: { percent: number } }>(`/api/podcasts/hosted/${hostedId}/migrate/progress`)
        .then((r) => setTarget((t) => Math.max(t, r.data.percent)))
        .catch(() => undefined);
    fetchProgress();
    const poll = setInterval(fetchProgress, 4000);
    return () => {
      live = false;
      off?.();
      clearInterval(poll);
    };
  }, [podcastId, hostedId, userId, pusher]);

  useEffect(() => {
    if (shown === target) return;
    const t = setTimeout(() => setShown((s) => nextBarPercent(s, target)), 40);
    return () => clearTimeout(t);
  }, [shown, target]);

  useEffect(() => {
    if (target < 100) return;
    // Validated: the screen moves on once the hosting service reports the migration completed.
    const t = setInterval(() => {
      void refresh()
        .then((h) => h.migration_status !== 'in-progress' && clearInterval(t))
        .catch(() => undefined);
    }, 1500);
    return () => clearInterval(t);
  }, [target, refresh]);

  useEffect(() => {
    // A migration that turned stale or failed while this screen is open.
    const t = setInterval(() => void refresh().catch(() => undefined), 15_000);
    return () => clearInterval(t);
  }, [refresh]);

  return (
    <section className="hosting-card" aria-labelledby="migrating-title">
      <h2 id="migrating-title" className="hosting-title">
        {shown < 100 ? 'We are migrating your podcast now...' : 'Migration complete, validating migration...'}
      </h2>
      <div className="hosting-progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={shown} aria-label="Migration progress">
        <div className="hosting-progress__bar" style={{ width: `${shown}%` }} />
      </div>
      <p className="hosting-progress__percent" aria-hidden="true">
        {shown}%
      </p>
      <p className="muted">The import runs in the background: you can close this page. We will send you an email when it is done.</p>
    </section>
  );
}

function Stale({ hosted, onResynced }: { hosted: Hosted; onResynced: (h: Hosted) => void }) {
  const [busy, setBusy] = useState(false);
  const resync = async () => {
    setBusy(true);
    try {
      const res = await api<{ data: Hosted }>(`/api/podcasts/hosted/${hosted.id}/migrate`, { method: 'POST', body: {} });
      onResynced({ ...res.data, percent: hosted.percent ?? 0 });
    } catch {
      toast.error(RESYNC_FAILED_TOAST);
      setBusy(false);
    }
  };
  return (
    <section className="hosting-card" aria-labelledby="stale-title">
      <h2 id="stale-title" className="hosting-title">
        Let's Get You Back on Track
      </h2>
      <p>Your migration stopped making progress. Nothing is lost: resync it and we continue with the episodes that are not on Cuepoint yet.</p>
      <ul className="hosting-links">
        <li>
          Migrated feed:{' '}
          <a href={hosted.url ?? '#'} target="_blank" rel="noreferrer">
            {hosted.url}
          </a>
        </li>
        <li>
          Original feed:{' '}
          <a href={hosted.original_url ?? '#'} target="_blank" rel="noreferrer">
            {hosted.original_url}
          </a>
        </li>
      </ul>
      <button type="button" className="cp-button cp-button--primary" onClick={resync} disabled={busy}>
        {busy ? 'Resyncing…' : 'Resync Migration'}
      </button>
    </section>
  );
}

function SetupRedirect({ hosted, feedUrl, onChecked }: { hosted: Hosted; feedUrl: string; onChecked: (h: Hosted) => void }) {
  const detected = providerOf(hosted.original_url ?? feedUrl) as RedirectProvider | null;
  const known = detected && (REDIRECT_PROVIDERS as readonly string[]).includes(detected) ? detected : null;
  const saved = hosted.settings?.redirect_provider as RedirectProvider | undefined;
  const [provider, setProvider] = useState<RedirectProvider | ''>(known ?? saved ?? '');
  const [checking, setChecking] = useState(false);
  const [failed, setFailed] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(hosted.url ?? '');
    } catch {
      const input = document.getElementById('new-rss-link') as HTMLInputElement | null;
      input?.select();
      document.execCommand('copy');
    }
    toast.success('New RSS link copied');
  };

  const pick = (value: RedirectProvider | '') => {
    setProvider(value);
    if (value) void api(`/api/podcasts/hosted/${hosted.id}`, { method: 'PATCH', body: { redirect_provider: value } }).catch(() => undefined);
  };

  const check = async () => {
    setChecking(true);
    setFailed(false);
    try {
      const res = await api<{ data: Hosted }>(`/api/podcasts/hosted/${hosted.id}/check-redirecting`);
      if (res.data.redirecting_at) {
        toast.success('Redirect established!');
        onChecked(res.data);
      } else {
        setFailed(true);
        toast.error(REDIRECT_FAILED_DETAIL, { title: REDIRECT_FAILED });
      }
    } catch (error) {
      setFailed(true);
      toast.error(error instanceof Error ? error.message : REDIRECT_FAILED);
    } finally {
      setChecking(false);
    }
  };

  const steps = provider ? REDIRECT_INSTRUCTIONS[provider] : null;
  return (
    <section className="hosting-card" aria-labelledby="redirect-title">
      <h2 id="redirect-title" className="hosting-title">
        Setup redirect
      </h2>
      <p>Your episodes are on Cuepoint. Now point your old feed at the new one, so podcast apps move your subscribers over by themselves.</p>
      <div className="cp-field">
        <label htmlFor="new-rss-link">New RSS link</label>
        <div className="hosting-copy">
          <input id="new-rss-link" className="cp-input" readOnly value={hosted.url ?? ''} onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="cp-button" onClick={copy}>
            <Icon name="copy" size={16} /> Copy
          </button>
        </div>
      </div>
      {!known && (
        <div className="cp-field">
          <label htmlFor="redirect-provider">Your current hosting provider</label>
          <select id="redirect-provider" className="cp-input" value={provider} onChange={(e) => pick(e.target.value as RedirectProvider | '')}>
            <option value="">Choose your provider</option>
            {REDIRECT_PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {REDIRECT_INSTRUCTIONS[p].name}
              </option>
            ))}
          </select>
        </div>
      )}
      {steps && (
        <>
          <h3 className="hosting-subtitle">Redirect your feed on {steps.name}</h3>
          <ol className="hosting-steps">
            {steps.steps.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
        </>
      )}
      <div className="hosting-note" role="note">
        <Icon name="info" size={18} />
        <p>Keep your old hosting account for a month after the redirect is in place, so every podcast app has time to follow it.</p>
      </div>
      {failed && (
        <p className="hosting-error" role="alert">
          {REDIRECT_FAILED_DETAIL}
        </p>
      )}
      <button type="button" className="cp-button cp-button--primary" onClick={check} disabled={checking}>
        {checking ? 'CHECKING…' : 'CHECK REDIRECT'}
      </button>
    </section>
  );
}

function Payouts({
  hosted,
  provider,
  error,
  onSkipped,
  onConnected,
}: {
  hosted: Hosted;
  provider: 'stripe' | 'paypal';
  error: string | null;
  onSkipped: (h: Hosted) => void;
  onConnected: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  void onConnected;
  const back = typeof window !== 'undefined' ? window.location.pathname : '/hosting/dashboard';
  const skip = async () => {
    setBusy(true);
    try {
      const res = await api<{ data: Hosted }>(`/api/podcasts/hosted/${hosted.id}`, { method: 'PATCH', body: { payouts_skipped: true } });
      onSkipped(res.data);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Something went wrong. Please try again.');
      setBusy(false);
    }
  };
  const [going, setGoing] = useState(false);
  const connect = async (p: 'stripe' | 'paypal') => {
    setGoing(true);
    try {
      const res = await api<{ data: { url: string } }>('/api/payouts/connect-url', { query: { provider: p, path: back } });
      window.location.assign(res.data.url);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Something went wrong. Please try again.');
      setGoing(false);
    }
  };
  return (
    <section className="hosting-card" aria-labelledby="payouts-title">
      <h2 id="payouts-title" className="hosting-title">
        One last thing...
      </h2>
      <p>Connect a payout account so we can pay you your share of the advertising revenue of your podcast.</p>
      {error && (
        <p className="hosting-error" role="alert">
          {error}
        </p>
      )}
      <div className="hosting-nav">
        <button type="button" className="cp-button" onClick={skip} disabled={busy}>
          I'll do this later
        </button>
        <button type="button" className="cp-button cp-button--primary" onClick={() => setOpen(true)}>
          Set Up Payouts
        </button>
      </div>
      <Dialog open={open} onClose={() => setOpen(false)} title="Set Up Payouts">
        <p>Choose where your payouts go. We use Stripe for accounts in the US and PayPal outside the US.</p>
        <div className="hosting-payout-options">
          <button type="button" className={`hosting-payout ${provider === 'stripe' ? 'is-suggested' : ''}`} onClick={() => connect('stripe')} disabled={going}>
            <strong>Stripe</strong>
            <span>For the US</span>
          </button>
          <button type="button" className={`hosting-payout ${provider === 'paypal' ? 'is-suggested' : ''}`} onClick={() => connect('paypal')} disabled={going}>
            <strong>PayPal</strong>
            <span>Outside the US</span>
          </button>
        </div>
      </Dialog>
    </section>
  );
}

function AllSet({ hostedId }: { hostedId: number }) {
  const [busy, setBusy] = useState(false);
  const done = async () => {
    setBusy(true);
    try {
      await api(`/api/podcasts/hosted/${hostedId}/complete-onboarding`, { method: 'POST' });
      window.location.assign('/hosting/episodes');
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Something went wrong. Please try again.');
      setBusy(false);
    }
  };
  return (
    <section className="hosting-card hosting-card--center" aria-labelledby="allset-title">
      <Icon name="check-circle" size={40} className="hosting-success-icon" />
      <h2 id="allset-title" className="hosting-title">
        You're all set!
      </h2>
      <p>Your podcast is hosted on Cuepoint and your old feed redirects here.</p>
      <button type="button" className="cp-button cp-button--primary" onClick={done} disabled={busy}>
        View Episodes
      </button>
    </section>
  );
}
