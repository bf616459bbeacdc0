/** What a migration moved, and the Resync that fetches the files it could not (hosting onboarding and dashboard). */
import { useState } from 'react';
import { Icon } from '../../components/Icon';
import { api } from '../../lib/api';
import { failedFilesSentence, fileKindLabel, type MigrationReport as Report, servedEpisodes, withoutAudioSentence } from '../../lib/hosting-rules';
import { toast } from '../../lib/stores/toasts';
import type { HostedPodcastPayload } from '../../lib/types';

export const RESYNC_FAILED_TOAST = 'There was an error attempting to resync your migration, please contact support.';

/** "Resync Migration": starts the import again, which fetches only what is still missing. */
export function ResyncButton({
  hostedId,
  onResynced,
  label = 'Resync Migration',
}: {
  hostedId: number;
  onResynced: (h: HostedPodcastPayload) => void;
  label?: string;
}) {
  const [busy, setBusy] = useState(false);
  const resync = async () => {
    setBusy(true);
    try {
      const res = await api<{ data: HostedPodcastPayload }>(`/api/podcasts/hosted/${hostedId}/migrate`, { method: 'POST', body: {} });
      onResynced(res.data);
    } catch {
      toast.error(RESYNC_FAILED_TOAST);
      setBusy(false);
    }
  };
  return (
    <button type="button" className="cp-button cp-button--primary" onClick={resync} disabled={busy}>
      {busy ? 'Resyncing…' : label}
    </button>
  );
}

/** The summary of a finished migration: what Cuepoint serves, what was left out and why, the files that did not move. */
export function MigrationSummary({ report }: { report: Report }) {
  const sentence = failedFilesSentence(report);
  const missing = withoutAudioSentence(report);
  const served = servedEpisodes(report);
  const { files } = report;
  const notImported = missing ? (
    <p className="cp-muted cp-small" data-testid="migration-not-imported">
      {missing}
    </p>
  ) : null;
  if (!sentence) {
    return (
      <div data-testid="migration-report">
        <p className="hosting-moved">
          <Icon name="check-circle" size={18} /> {served} episode{served === 1 ? '' : 's'} and all {files.total} file{files.total === 1 ? '' : 's'} (audio,
          artwork, transcripts and chapters) are served by Cuepoint.
        </p>
        {notImported}
      </div>
    );
  }
  return (
    <div className="hosting-error hosting-report" role="alert" data-testid="migration-report">
      <p>
        <strong>{sentence}</strong>
      </p>
      <p>
        {files.copied} of {files.total} files moved: Cuepoint serves the audio of {served} of {report.episodes} episode{report.episodes === 1 ? '' : 's'}. The
        episodes below still play from your old host: resync to fetch them again before you redirect your feed or close your old account.
      </p>
      {notImported}
      <ul className="hosting-failed-files">
        {report.failed.map((f) => (
          <li key={`${f.kind}:${f.url}`}>
            <span>
              {fileKindLabel(f.kind)} of {f.episode ? `“${f.episode}”` : 'the show'}
            </span>
            <span className="cp-muted">{f.error}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
