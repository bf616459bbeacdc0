import { useCallback, useEffect, useRef, useState } from 'react';
import { Icon } from '../../components/Icon';
import { api, ApiError } from '../../lib/api';
import { setSupportUnread } from '../../lib/stores/support';
import { type ConversationPayload, type ConversationWithMessages, mergeSupportMessages, type SupportMessagePayload } from '../../lib/support-types';
import { toast } from '../../lib/stores/toasts';
import { useStickToBottom } from '../shared/use-stick-to-bottom';
import { SupportComposer } from './SupportComposer';
import { type InboxFilter, SupportInboxList } from './SupportInboxList';
import { SupportThread } from './SupportThread';
import { useSupportEvents } from './use-support-events';

interface Props {
  adminId: number;
  initialList: ConversationPayload[];
  initialFilter: InboxFilter;
  initialSelected: ConversationWithMessages | null;
}

/** The team's support inbox (/admin/support): conversations on the left, the selected one with its user's details and the answer box. */
export default function SupportInbox({ adminId, initialList, initialFilter, initialSelected }: Props) {
  const [items, setItems] = useState(initialList);
  const [filter, setFilter] = useState<InboxFilter>(initialFilter);
  const [search, setSearch] = useState('');
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState(initialSelected);
  const [sending, setSending] = useState(false);
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  const { scrollerRef, contentRef, scrollToEnd, newBelow, jumpToEnd } = useStickToBottom<HTMLDivElement, HTMLOListElement>();

  const reload = useCallback(async (f: InboxFilter, s: string) => {
    setLoading(true);
    try {
      const res = await api<{ data: ConversationPayload[]; meta: { unread: number } }>('/api/support/conversations', {
        query: { status: f, search: s, per_page: 50 },
      });
      setItems(res.data);
      setSupportUnread(res.meta.unread);
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'The conversations could not be loaded.');
    } finally {
      setLoading(false);
    }
  }, []);

  // The first list came with the page; later filters and searches fetch (searches debounced).
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const t = setTimeout(() => void reload(filter, search), search ? 300 : 0);
    return () => clearTimeout(t);
  }, [filter, search, reload]);

  const read = useCallback(async (id: number) => {
    if (document.visibilityState !== 'visible') return;
    const res = await api<{ meta: { unread: number } }>(`/api/support/conversations/${id}/read`, { method: 'POST' });
    setSupportUnread(res.meta.unread);
    setItems((cur) => cur.map((c) => (c.id === id ? { ...c, unread: 0 } : c)));
  }, []);

  const open = useCallback(
    async (id: number) => {
      try {
        const res = await api<{ data: ConversationWithMessages }>(`/api/support/conversations/${id}`);
        setSelected(res.data);
        history.replaceState(null, '', `/admin/support?conversation=${id}`);
        if (res.data.unread > 0) await read(id);
        scrollToEnd(true);
      } catch (e) {
        toast.error(e instanceof ApiError ? e.message : 'The conversation could not be opened.');
      }
    },
    [read, scrollToEnd],
  );

  useEffect(() => {
    if (initialSelected?.unread) void read(initialSelected.id).catch(() => undefined);
    scrollToEnd(true);
  }, [initialSelected, read, scrollToEnd]);

  useSupportEvents(adminId, {
    onMessage: (e) => {
      const isSelected = selectedRef.current?.id === e.conversation.id;
      setItems((cur) => {
        const found = cur.find((c) => c.id === e.conversation.id);
        const unread = isSelected || e.message.from_support ? 0 : (found?.unread ?? 0) + 1;
        const next: ConversationPayload = { ...e.conversation, unread, last_message: e.message };
        return [next, ...cur.filter((c) => c.id !== e.conversation.id)];
      });
      if (!isSelected) return;
      if (e.message.content === null) void open(e.conversation.id);
      else {
        setSelected((cur) => (cur ? { ...cur, ...e.conversation, messages: mergeSupportMessages(cur.messages, [e.message]) } : cur));
        scrollToEnd(e.message.user_id === adminId);
        if (!e.message.from_support) void read(e.conversation.id).catch(() => undefined);
      }
    },
    onConversation: (e) => {
      setItems((cur) => cur.map((c) => (c.id === e.conversation.id ? { ...c, status: e.conversation.status } : c)));
      setSelected((cur) => (cur && cur.id === e.conversation.id ? { ...cur, status: e.conversation.status } : cur));
    },
    onReconnect: () => void reload(filter, search),
  });

  const reply = async (text: string): Promise<string | null> => {
    if (!selected) return null;
    setSending(true);
    try {
      const res = await api<{ data: SupportMessagePayload }>(`/api/support/conversations/${selected.id}/messages`, { method: 'POST', body: { content: text } });
      setSelected((cur) => (cur ? { ...cur, messages: mergeSupportMessages(cur.messages, [res.data]) } : cur));
      scrollToEnd(true);
      return null;
    } catch (e) {
      return e instanceof ApiError ? (e.field('content') ?? e.message) : 'Your answer could not be sent. Please try again.';
    } finally {
      setSending(false);
    }
  };

  const setStatus = async (status: 'open' | 'closed') => {
    if (!selected) return;
    try {
      await api(`/api/support/conversations/${selected.id}`, { method: 'PUT', body: { status } });
      setSelected({ ...selected, status });
      setItems((cur) => cur.map((c) => (c.id === selected.id ? { ...c, status } : c)));
      toast.success(status === 'closed' ? 'Marked as solved.' : 'Conversation reopened.');
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'The conversation could not be updated.');
    }
  };

  const who = selected?.identity;
  return (
    <div className={`inbox${selected ? ' inbox--open' : ''}`}>
      <SupportInboxList
        items={items}
        selectedId={selected?.id ?? null}
        filter={filter}
        search={search}
        loading={loading}
        onFilter={setFilter}
        onSearch={setSearch}
        onSelect={(id) => void open(id)}
      />
      <section className="inbox-pane" aria-label={who ? `Conversation with ${who.name}` : 'Conversation'}>
        {!selected || !who ? (
          <p className="inbox-pane__empty">Choose a conversation to read and answer it.</p>
        ) : (
          <>
            <header className="inbox-pane__head">
              <button
                type="button"
                className="cp-button cp-button--link inbox-pane__back"
                onClick={() => {
                  setSelected(null);
                  history.replaceState(null, '', '/admin/support');
                }}
              >
                <Icon name="chevron-left" size={16} /> Conversations
              </button>
              {who.avatar ? (
                <img className="avatar" src={who.avatar} alt="" width={40} height={40} />
              ) : (
                <span className="avatar avatar--initial" aria-hidden="true">
                  {who.name.charAt(0).toUpperCase()}
                </span>
              )}
              <div className="inbox-pane__who">
                <h2>{who.name}</h2>
                <p>
                  {who.email} · {who.is_podcaster ? 'Podcaster' : 'Brand'}
                </p>
              </div>
              {selected.status === 'open' ? (
                <button type="button" className="cp-button" onClick={() => void setStatus('closed')}>
                  Mark solved
                </button>
              ) : (
                <button type="button" className="cp-button" onClick={() => void setStatus('open')}>
                  Reopen
                </button>
              )}
            </header>
            <div className="inbox-pane__scroll" ref={scrollerRef}>
              <SupportThread ref={contentRef} messages={selected.messages} asSupport />
              {newBelow && (
                <button type="button" className="cp-button support-chat__jump" onClick={jumpToEnd}>
                  <Icon name="chevron-down" size={16} /> New messages
                </button>
              )}
            </div>
            <SupportComposer
              key={selected.id}
              label={`Answer ${who.name}`}
              placeholder={`Answer ${who.name.split(' ')[0]}…`}
              sending={sending}
              onSend={reply}
            />
          </>
        )}
      </section>
    </div>
  );
}
