import { useCallback, useRef, useState } from 'react';
import { api, ApiError } from '../../lib/api';
import { setSupportUnread } from '../../lib/stores/support';
import { type ConversationPayload, type ConversationWithMessages, mergeSupportMessages, type SupportMessagePayload } from '../../lib/support-types';
import { useSupportEvents } from './use-support-events';

/**
 * The user's side of the support chat: their latest conversation with the team, loaded when the
 * widget first opens, kept live over realtime, read while the widget is open, and the message to send.
 * Writing after the team closed a conversation starts a new one.
 */
export function useSupportChat(userId: number, open: boolean) {
  const [conversation, setConversation] = useState<ConversationWithMessages | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const openRef = useRef(open);
  openRef.current = open;
  const current = useRef<ConversationWithMessages | null>(null);
  current.current = conversation;
  const loadedRef = useRef(false);
  loadedRef.current = loaded;

  const markRead = useCallback(async (id: number) => {
    if (document.visibilityState !== 'visible') return;
    const res = await api<{ data: ConversationPayload; meta: { unread: number } }>(`/api/support/conversations/${id}/read`, { method: 'POST' });
    setSupportUnread(res.meta.unread);
  }, []);

  const fetchConversation = useCallback(
    async (id: number) => {
      const res = await api<{ data: ConversationWithMessages }>(`/api/support/conversations/${id}`);
      setConversation(res.data);
      if (openRef.current && res.data.unread > 0) await markRead(id);
    },
    [markRead],
  );

  /** Loads the latest conversation (once, or again after a reconnect). */
  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const list = await api<{ data: ConversationPayload[]; meta: { unread: number } }>('/api/support/conversations', { query: { per_page: 1 } });
      setSupportUnread(list.meta.unread);
      const latest = list.data[0];
      if (latest) await fetchConversation(latest.id);
      setLoaded(true);
    } catch (e) {
      setLoadError(e instanceof ApiError ? e.message : 'The chat could not be loaded. Check your connection and try again.');
    }
  }, [fetchConversation]);

  useSupportEvents(userId, {
    onMessage: (e) => {
      // Until the widget is first opened only the badge follows (useSupportEvents sets it).
      if (!loadedRef.current) return;
      const shown = current.current;
      if (shown && shown.id !== e.conversation.id && shown.status === 'open') return;
      if (e.message.content === null || !shown || shown.id !== e.conversation.id) {
        void fetchConversation(e.conversation.id).catch(() => undefined);
        return;
      }
      setConversation({ ...shown, ...e.conversation, messages: mergeSupportMessages(shown.messages, [e.message]) });
      if (openRef.current && e.message.from_support) void markRead(shown.id).catch(() => undefined);
    },
    onConversation: (e) => {
      const shown = current.current;
      if (shown && shown.id === e.conversation.id) setConversation({ ...shown, status: e.conversation.status });
    },
    onReconnect: () => {
      if (loaded) void load();
    },
  });

  /** Sends a message: into the open conversation, or as the first message of a new one. Answers an error text or null. */
  const send = useCallback(async (text: string): Promise<string | null> => {
    setSending(true);
    try {
      const shown = current.current;
      if (!shown || shown.status === 'closed') {
        const res = await api<{ data: ConversationWithMessages }>('/api/support/conversations', { method: 'POST', body: { message: text } });
        setConversation(res.data);
      } else {
        const res = await api<{ data: SupportMessagePayload }>(`/api/support/conversations/${shown.id}/messages`, { method: 'POST', body: { content: text } });
        setConversation((cur) => (cur ? { ...cur, messages: mergeSupportMessages(cur.messages, [res.data]) } : cur));
      }
      return null;
    } catch (e) {
      return e instanceof ApiError ? (e.field('message') ?? e.field('content') ?? e.message) : 'Your message could not be sent. Please try again.';
    } finally {
      setSending(false);
    }
  }, []);

  return { conversation, loaded, loadError, sending, load, send, markRead };
}
