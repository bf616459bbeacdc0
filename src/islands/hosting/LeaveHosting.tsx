/**
 * Leaving Cuepoint hosting (Feed Settings, #leave): the show's feed on its new host, confirmed with a
 * typed word; the Cuepoint feed then answers 301 there and names it in itunes:new-feed-url. A move
 * can be taken back while the show is still here. While files are still on the old host or the onboarding
 * is unfinished the move is refused with what stays behind named; the podcaster may then tick "leave anyway".
 */
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FieldError } from '../../components/FieldError';
import { api, ApiError } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/stores/toasts';
import type { HostedPodcastPayload } from '../../lib/types';
import { FailureBlock } from './form-errors';
import { useForm } from '../shared/use-form';

export default function LeaveHosting({ hostedId, movedTo, movedAt }: { hostedId: number; movedTo: string | null; movedAt: string | null }) {
  const [moved, setMoved] = useState<{ url: string; at: string | null } | null>(movedTo ? { url: movedTo, at: movedAt } : null);
  const [url, setUrl] = useState('');
  const [confirming, setConfirming] = useState<'leave' | 'stay' | null>(null);
  const request = useForm();
  /** The refusal naming what would stay behind, once the server gave it; then "leave anyway" can be ticked. */
  const [blocked, setBlocked] = useState<string | null>(null);
  const [leaveAnyway, setLeaveAnyway] = useState(false);

  const send = async (moved_to: string | null) => {
    await request.run(async () => {
      const body = moved_to && blocked && leaveAnyway ? { moved_to, leave_anyway: true } : { moved_to };
      try {
        const res = await api<{ data: HostedPodcastPayload }>(`/api/podcasts/hosted/${hostedId}`, { method: 'PATCH', body });
        setBlocked(null);
        setLeaveAnyway(false);
        const s = res.data.settings;
        setMoved(typeof s.moved_to === 'string' ? { url: s.moved_to, at: typeof s.moved_at === 'string' ? s.moved_at : null } : null);
        toast.success(moved_to ? 'Your feed now redirects to your new host.' : 'Your Cuepoint feed is live again.');
      } catch (err) {
        const refusal = err instanceof ApiError && err.status === 422 ? err.field('moved_to') : undefined;
        if (refusal?.startsWith('You cannot leave yet')) setBlocked(refusal);
        throw err;
      }
    });
    setConfirming(null);
  };

  return (
    <section id="leave" className="hosting-card hosting-leave" aria-labelledby="leave-title">
      <h2 id="leave-title" className="hosting-title">
        Move your show to another host
      </h2>
      {moved ? (
        <>
          <p data-testid="moved-to">
            Your show has moved to <a href={moved.url}>{moved.url}</a>
            {moved.at ? ` (since ${formatDate(moved.at)})` : ''}. Your Cuepoint feed answers with a permanent redirect there and names it as the new feed URL,
            so podcast apps and directories follow. Your audio stays available here for listeners whose apps have not refreshed yet.
          </p>
          <button type="button" className="cp-button" onClick={() => setConfirming('stay')}>
            Take back the move
          </button>
        </>
      ) : (
        <form
          ref={request.formRef}
          className="hosting-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setConfirming('leave');
          }}
        >
          <p>
            Moving on? Import your show on your new host first, then enter its new feed address here. Your Cuepoint feed will redirect to it (HTTP 301 and{' '}
            <code>itunes:new-feed-url</code>), which is how every podcast app and directory follows a show. The agreement gives you 30 days after termination to
            redirect or retrieve your media.
          </p>
          <div className="cp-field">
            <label htmlFor="moved-to">Your new feed address</label>
            <input id="moved-to" name="moved_to" className="cp-input" type="url" placeholder="https://" value={url} onChange={(e) => setUrl(e.target.value)} />
            {/* The refusal naming what stays behind is shown once, in the block above "Leave anyway". */}
            {!blocked && <FieldError errors={request.errors} field="moved_to" />}
          </div>
          <FailureBlock message={request.message} />
          {blocked && (
            <div className="cp-field">
              <label className="hosting-check">
                <input type="checkbox" checked={leaveAnyway} onChange={(e) => setLeaveAnyway(e.target.checked)} data-testid="leave-anyway" /> Leave anyway: I
                understand that what is named above stays behind.
              </label>
            </div>
          )}
          <div className="hosting-actions">
            <button type="submit" className="cp-button cp-button--danger" disabled={!url.trim()}>
              Redirect my feed
            </button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'stay' ? 'Serve your feed from Cuepoint again?' : 'Redirect your feed to your new host?'}
        word={confirming === 'leave' ? 'MOVE' : undefined}
        danger={confirming === 'leave'}
        confirmLabel={confirming === 'stay' ? 'Serve it here again' : 'Redirect my feed'}
        onConfirm={() => send(confirming === 'leave' ? url.trim() : null)}
        onCancel={() => setConfirming(null)}
      >
        {confirming === 'leave' ? (
          <p>
            Podcast apps that follow the redirect move your subscribers to <strong>{url.trim()}</strong> and stop reading your Cuepoint feed.
          </p>
        ) : (
          <p>The redirect stops and your Cuepoint feed serves your episodes again. Apps that already moved stay with your other host.</p>
        )}
      </ConfirmDialog>
    </section>
  );
}
