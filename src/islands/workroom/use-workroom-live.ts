/**
 * The live side of a workroom thread: new, edited and seen messages over realtime, presence, the typing
 * whisper, read receipts, and catching up on what a dropped connection or a sleeping tab missed.
 */
import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api';
import { TYPING_CLEAR_MS } from '../../lib/constants';
import { onReconnect, realtime } from '../../lib/realtime-client';
import { setUnreadWorkrooms } from '../../lib/stores/realtime';
import { mergeMessages, type WorkroomMessage } from '../../lib/workroom-types';

interface LiveOptions {
  discussionId: number;
  me: { id: number };
  messages: WorkroomMessage[];
  setMessages: Dispatch<SetStateAction<WorkroomMessage[]>>;
  /** Scrolls to the newest message (forced: even when the reader scrolled up). */
  scrollToEnd: (force?: boolean) => void;
}

export function useWorkroomLive({ discussionId, me, messages, setMessages, scrollToEnd }: LiveOptions) {
  const [typing, setTyping] = useState<Record<number, string>>({});
  const [present, setPresent] = useState<number[]>([]);
  const typingTimers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const whisperRef = useRef<((payload: Record<string, unknown>) => void) | null>(null);
  const latestId = useRef(messages.at(-1)?.id ?? 0);

  useEffect(() => {
    latestId.current = messages.at(-1)?.id ?? latestId.current;
  }, [messages]);

  const markViewed = useCallback(() => {
    if (document.visibilityState !== 'visible') return;
    void api<{ data: { unread_workrooms: number } }>(`/api/discussions/${discussionId}/messages-view`, { method: 'POST', body: {} })
      .then((res) => setUnreadWorkrooms(res.data.unread_workrooms))
      .catch(() => undefined);
  }, [discussionId]);

  /** Fetches every message after the newest one shown: what a dropped connection missed. */
  const catchUp = useCallback(async () => {
    const res = await api<{ data: WorkroomMessage[] }>(`/api/discussions/${discussionId}/messages`, { query: { after: latestId.current } });
    if (res.data.length) {
      setMessages((cur) => mergeMessages(cur, res.data));
      scrollToEnd();
      markViewed();
    }
  }, [discussionId, markViewed, scrollToEnd, setMessages]);

  useEffect(() => {
    scrollToEnd(true);
    markViewed();
    const onVisible = () => markViewed();
    const onOnline = () => void catchUp().catch(() => undefined);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onOnline);
    const offReconnect = onReconnect(() => void catchUp().catch(() => undefined));
    let stopped = false;
    const timers = typingTimers.current;
    void realtime()
      .then((echo) => {
        if (stopped) return;
        echo
          .private(`workrooms.${discussionId}`)
          // Whatever was posted between the page's render and this subscription is fetched once it holds.
          .subscribed(() => void catchUp().catch(() => undefined))
          .listen('.message.created', (m: WorkroomMessage) => {
            setMessages((cur) => mergeMessages(cur, [m]));
            if (m.user_id !== null) {
              // Their message ends their typing.
              setTyping(({ [m.user_id!]: _gone, ...rest }) => rest);
            }
            scrollToEnd(m.user_id === me.id);
            if (m.user_id !== me.id) markViewed();
          })
          .listen('.message.updated', (m: WorkroomMessage) => setMessages((cur) => mergeMessages(cur, [m])))
          .listen('.message.viewed', (e: { user_id: number; message_ids: number[] }) =>
            setMessages((cur) =>
              cur.map((m) =>
                e.message_ids.includes(m.id) && !m.views.some((v) => v.user_id === e.user_id)
                  ? { ...m, views: [...m.views, { user_id: e.user_id, views: 1 }] }
                  : m,
              ),
            ),
          );
        const presence = echo
          .join(`workrooms.${discussionId}`)
          .here((members: { id: number }[]) => setPresent(members.map((m) => Number(m.id))))
          .joining((m: { id: number }) => setPresent((cur) => [...new Set([...cur, Number(m.id)])]))
          .leaving((m: { id: number }) => setPresent((cur) => cur.filter((id) => id !== Number(m.id))))
          .listenForWhisper('typing', (e: { user_id: number; name: string }) => {
            if (e.user_id === me.id) return;
            setTyping((cur) => ({ ...cur, [e.user_id]: e.name }));
            clearTimeout(timers.get(e.user_id));
            timers.set(
              e.user_id,
              setTimeout(() => setTyping(({ [e.user_id]: _gone, ...rest }) => rest), TYPING_CLEAR_MS),
            );
          });
        whisperRef.current = (payload) => presence.whisper('typing', payload);
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
      offReconnect();
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onOnline);
      for (const t of timers.values()) clearTimeout(t);
      void realtime().then((echo) => {
        echo.leave(`workrooms.${discussionId}`);
      });
    };
  }, [discussionId, me.id, catchUp, markViewed, scrollToEnd, setMessages]);

  /** Tells the others this user is typing. */
  const whisper = useCallback((payload: Record<string, unknown>) => whisperRef.current?.(payload), []);

  return { present, typingNames: Object.values(typing), whisper, catchUp };
}
