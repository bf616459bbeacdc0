/**
 * The onboarding flow of a verified hosted podcast (hosting spec §2, §4, §5, §8): picks the screen for
 * the migration state; each screen is its own part (wizard, progress, redirect, payouts).
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Icon } from '../../components/Icon';
import { api } from '../../lib/api';
import { toast } from '../../lib/stores/toasts';
import type { HostedPodcastPayload, InitializeSettings } from '../../lib/types';
import { onboardingScreen } from './onboarding-state';
import { ResyncButton } from './MigrationReport';
import { Wizard } from './OnboardingWizard';
import { Migrating, Stale } from './MigrationProgress';
import { SetupRedirect } from './SetupRedirect';
import { AllSet, Payouts } from './PayoutsStep';
import './hosting.css';

export { MIGRATION_FAILED_TOAST } from './OnboardingWizard';
export { RESYNC_FAILED_TOAST } from './MigrationReport';
export { REDIRECT_FAILED, REDIRECT_FAILED_DETAIL } from './SetupRedirect';
export const FAILED_TEXT = 'We failed to migrate your podcast, please contact support for further assistance.';

export interface OnboardingPodcast {
  id: number;
  title: string;
  avatar_url: string | null;
  url: string;
}

interface Props {
  podcast: OnboardingPodcast;
  ownerName: string;
  hosted: HostedPodcastPayload;
  user: { id: number; hasPayouts: boolean; payoutProvider: 'stripe' | 'paypal' };
  pusher: InitializeSettings['pusher'];
  supportEmail: string;
  payoutCookie: { success: string | null; error: string | null };
  /** The server-rendered Hosting Service Agreement. */
  children?: ReactNode;
}

export type Hosted = HostedPodcastPayload & { percent?: number };

/** The onboarding flow of a verified hosted podcast (hosting spec §2, §4, §5, §8). */
export default function HostedOnboarding({ podcast, ownerName, hosted: initial, user, pusher, supportEmail, payoutCookie, children }: Props) {
  const [hosted, setHosted] = useState<Hosted>(initial);
  const [hasPayouts, setHasPayouts] = useState(user.hasPayouts || !!payoutCookie.success);
  const screen = onboardingScreen(hosted, hasPayouts);

  useEffect(() => {
    if (payoutCookie.success) toast.success(payoutCookie.success);
  }, [payoutCookie.success]);

  const refresh = useCallback(async () => {
    const res = await api<{ data: Hosted }>('/api/hosting-service/podcast', { headers: { 'X-Podcast-Id': String(podcast.id) } });
    setHosted(res.data);
    return res.data;
  }, [podcast.id]);

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
          {typeof hosted.settings?.migration_error === 'string' && <p className="cp-muted">What went wrong: {hosted.settings.migration_error}</p>}
          <p>Nothing that already moved is lost. Resync to try again from where the migration stopped, or write to us.</p>
          <div className="hosting-actions">
            <ResyncButton hostedId={hosted.id} onResynced={(h) => setHosted({ ...h, percent: 0 })} />
            <a className="cp-button" href={`mailto:${supportEmail}?subject=${encodeURIComponent(`Hosting migration of ${podcast.title}`)}`}>
              Email {supportEmail}
            </a>
          </div>
        </section>
      )}
    </div>
  );
}
