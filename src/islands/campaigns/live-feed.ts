/**
 * Live proposals: events on the brand's private channel through the page's shared realtime
 * connection; when the socket cannot connect, the caller falls back to polling.
 */
import { useEffect, useRef, useState } from 'react';
import { realtime } from '../../lib/realtime-client';
import type { FeedPackagePayload } from '../../lib/campaign-types';

export interface LiveHandle {
  stop(): void;
}

/** Subscribes to events on private-users.{userId}; `onFail` runs when realtime is unreachable. */
export async function listenToUser(userId: number, events: Record<string, (data: unknown) => void>, onFail: () => void): Promise<LiveHandle> {
  try {
    const echo = await realtime();
    const channel = echo.private(`users.${userId}`);
    for (const [event, handler] of Object.entries(events)) channel.listen(`.${event}`, handler);
    channel.error(() => onFail());
    const connection = echo.connector.pusher.connection;
    connection.bind('unavailable', onFail);
    connection.bind('failed', onFail);
    return {
      // The connection and channel are shared with the rest of the page: only our listeners go.
      stop: () => {
        for (const [event, handler] of Object.entries(events)) channel.stopListening(`.${event}`, handler);
        connection.unbind('unavailable', onFail);
        connection.unbind('failed', onFail);
      },
    };
  } catch {
    onFail();
    return { stop: () => undefined };
  }
}

const POLL_MS = 10_000;

interface LiveFeedOptions {
  brandUserId: number;
  campaignId: number;
  /** Reads the feed's page again. */
  refresh: () => Promise<unknown>;
  /** The proposal as the page shows it now, if it does. */
  shown: (id: number) => FeedPackagePayload | undefined;
  /** True while the brand's own action on that proposal is in flight (its answer updates the page). */
  isOwnAction: (id: number) => boolean;
  /** A proposal arrived for this campaign. */
  onNewProposal: () => void;
}

/**
 * Keeps a campaign's proposal feed live: a new proposal, or one changed elsewhere (withdrawn, edited, hired),
 * refreshes the page; without realtime it polls every 10 s. Answers what the status line says.
 */
export function useLiveFeed(options: LiveFeedOptions): 'connecting' | 'live' | 'polling' {
  const [live, setLive] = useState<'connecting' | 'live' | 'polling'>('connecting');
  const latest = useRef(options);
  latest.current = options;
  const { brandUserId, campaignId } = options;
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | null = null;
    const refresh = () => void latest.current.refresh().catch(() => undefined);
    const poll = () => {
      if (timer) return;
      setLive('polling');
      timer = setInterval(refresh, POLL_MS);
    };
    let stop = () => undefined as void;
    void listenToUser(
      brandUserId,
      {
        'package.created': (data) => {
          const d = data as { campaign_id?: number };
          if (d?.campaign_id === undefined || d.campaign_id === campaignId) {
            latest.current.onNewProposal();
            refresh();
          }
        },
        'package.updated': (data) => {
          // The brand's own actions (star, decline) already show from their answers; refresh only for a
          // change made elsewhere (withdrawn, edited, hired), so a starred proposal does not leave the tab under the cursor.
          const d = data as { id?: number; status?: string; campaign_id?: number; total_price?: number | null };
          if (d?.campaign_id !== undefined && d.campaign_id !== campaignId) return;
          if (d?.id !== undefined && latest.current.isOwnAction(d.id)) return;
          const shown = d?.id === undefined ? undefined : latest.current.shown(d.id);
          if (shown && shown.status === d?.status && (d?.total_price === undefined || d.total_price === null || shown.total_price === d.total_price)) return;
          refresh();
        },
      },
      poll,
    ).then((h) => {
      stop = h.stop;
      setLive((s) => (s === 'connecting' ? 'live' : s));
    });
    return () => {
      stop();
      if (timer) clearInterval(timer);
    };
  }, [brandUserId, campaignId]);
  return live;
}
