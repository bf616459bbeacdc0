import { useEffect, useRef } from 'react';
import { onReconnect, realtime } from '../../lib/realtime-client';
import { setSupportUnread } from '../../lib/stores/support';
import type { SupportConversationEvent, SupportMessageEvent } from '../../lib/support-types';

interface Handlers {
  onMessage?: (e: SupportMessageEvent) => void;
  onConversation?: (e: SupportConversationEvent) => void;
  /** After a reconnect: fetch what was missed. */
  onReconnect?: () => void;
}

/**
 * Listens for the support chat's events on the user's private channel (the one the shell joins) and
 * keeps the support badge current; the handlers see every event too.
 */
export function useSupportEvents(userId: number, handlers: Handlers): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    let stopped = false;
    const off = onReconnect(() => ref.current.onReconnect?.());
    const message = (e: SupportMessageEvent) => {
      setSupportUnread(e.unread_total);
      ref.current.onMessage?.(e);
    };
    const conversation = (e: SupportConversationEvent) => {
      setSupportUnread(e.unread_total);
      ref.current.onConversation?.(e);
    };
    void realtime()
      .then((echo) => {
        if (stopped) return;
        echo.private(`users.${userId}`).listen('.support.message.created', message).listen('.support.conversation.updated', conversation);
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
      off();
      void realtime()
        .then((echo) => {
          echo.private(`users.${userId}`).stopListening('.support.message.created', message).stopListening('.support.conversation.updated', conversation);
        })
        .catch(() => undefined);
    };
  }, [userId]);
}
