/** Onboarding once migrated (hosting spec §2, §5, §8): Setup redirect, with the migration report and CHECK REDIRECT. */
import { useState } from 'react';
import { Icon } from '../../components/Icon';
import { api, ApiError } from '../../lib/api';
import { toast } from '../../lib/stores/toasts';
import { migrationReportOf, REDIRECT_PROVIDERS, type RedirectProvider } from '../../lib/hosting-rules';
import { REDIRECT_INSTRUCTIONS, providerOf } from './instructions';
import { MigrationSummary, ResyncButton } from './MigrationReport';
import type { Hosted } from './HostedOnboarding';
import { DemoHostNote } from './DemoHostNote';

export const REDIRECT_FAILED = 'Could not establish redirect.';
export const REDIRECT_FAILED_DETAIL = 'Could not establish redirect, please setup the redirect on your current hosting.';

export function SetupRedirect({ hosted, feedUrl, onChecked }: { hosted: Hosted; feedUrl: string; onChecked: (h: Hosted) => void }) {
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
      // A 422 says why the redirect cannot be accepted yet (files still to move); the toast carries it.
      setFailed(!(error instanceof ApiError && error.status === 422));
      toast.error(error instanceof Error ? error.message : REDIRECT_FAILED);
    } finally {
      setChecking(false);
    }
  };

  const steps = provider ? REDIRECT_INSTRUCTIONS[provider] : null;
  const report = migrationReportOf(hosted.settings);
  return (
    <section className="hosting-card" aria-labelledby="redirect-title">
      <h2 id="redirect-title" className="hosting-title">
        Setup redirect
      </h2>
      {report && <MigrationSummary report={report} />}
      {report?.files.failed ? (
        <div className="hosting-actions">
          <ResyncButton hostedId={hosted.id} onResynced={(h) => onChecked({ ...h, percent: 0 })} label="Resync missing files" />
        </div>
      ) : (
        <p>Your episodes are on Cuepoint. Now point your old feed at the new one, so podcast apps move your subscribers over by themselves.</p>
      )}
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
      <DemoHostNote feedUrl={hosted.original_url} task="redirect its feed to your new RSS link" />
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
