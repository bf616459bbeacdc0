import { formatDate } from '../../lib/format/dates';
import type { EvidencePayload } from '../../lib/delivery-evidence';

/** What Cuepoint heard in an episode, as both sides read it: the sentence, where to play it from, every airing, the score and when. */
export function Evidence({ evidence, compact = false, label }: { evidence: EvidencePayload; compact?: boolean; label?: string }) {
  const e = evidence;
  const more = e.airings.length > 1 ? e.airings : [];
  return (
    <div className="delivery__evidence" data-testid="proof-evidence">
      <p className="delivery__note">
        {label ? <strong>{label} </strong> : null}
        {e.episode.title ? (
          <>
            <strong>{e.episode.title}</strong>
            {e.episode.published_at ? `, published ${formatDate(e.episode.published_at)}` : ''}
            {e.source === 'feed' ? ' (found in the feed)' : ''}.{' '}
          </>
        ) : null}
        {e.heard}
        {e.play_url && e.start ? (
          <>
            {' '}
            <a href={e.play_url} target="_blank" rel="noopener">
              Play from {e.start}
            </a>
          </>
        ) : null}
      </p>
      {more.length > 0 && (
        <ul className="delivery__airings" aria-label="Airings">
          {more.map((a) => (
            <li key={a.start_ms}>
              {a.play_url ? (
                <a href={a.play_url} target="_blank" rel="noopener">
                  {a.start}
                </a>
              ) : (
                a.start
              )}{' '}
              {a.complete ? 'complete' : `part of the ad (${Math.round(a.matched_ms / 1000)} s)`}
            </li>
          ))}
        </ul>
      )}
      {!compact && e.checked_at && e.status !== 'pending' && (
        <p className="delivery__meta">
          Checked {formatDate(e.checked_at)}
          {e.score !== null && e.matched_ms ? ` · match score ${e.score.toFixed(2)}` : ''}
        </p>
      )}
    </div>
  );
}
