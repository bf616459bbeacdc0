/** The workroom composer: rich text with inline images, attachments, Ctrl+Enter to send, and the typing whisper. */
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { Icon } from '../../components/Icon';
import { api, ApiError } from '../../lib/api';
import { TYPING_WHISPER_INTERVAL_MS } from '../../lib/constants';
import { waitForUploads } from '../../lib/rules/uploads';
import type { FilePayload } from '../../lib/types';
import type { WorkroomMessage } from '../../lib/workroom-types';
import RichTextEditor from '../editor/LazyRichTextEditor';
import Uploader, { type UploaderHandle } from '../uploader/LazyUploader';

/** What the composer's uploader accepts: documents, audio and images. */
const ATTACHMENT_TYPES = ['pdf', 'mp3', 'mp4', 'm4a', 'wav', 'png', 'jpeg'] as const;

/** True when the editor holds nothing visible (an empty paragraph). */
function isBlankEditorHtml(html: string): boolean {
  return !/<img\b/i.test(html) && html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') === '';
}

export interface ComposerProps {
  discussionId: number;
  me: { id: number; name: string };
  /** Tells the others this user is typing. */
  whisper: (payload: Record<string, unknown>) => void;
  onSent: (message: WorkroomMessage) => void;
  /** Shows "Submit ad for review" (a podcaster with a funded job waiting for its ad). */
  onSubmitAd?: () => void;
  /** Who is typing ("Maya is typing…"), shown in the composer's bar in place of the hint. */
  typing?: string;
}

export function Composer({ discussionId, me, whisper, onSent, onSubmitAd, typing = '' }: ComposerProps) {
  // The editor's HTML (remounted through its key after a send) and the uploaded attachments.
  const [editorKey, setEditorKey] = useState(0);
  const [files, setFiles] = useState<FilePayload[]>([]);
  const [attaching, setAttaching] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const uploaderRef = useRef<UploaderHandle>(null);
  const uploadsBusy = useRef({ uploader: false, inline: false });
  const textRef = useRef('');
  const filesRef = useRef<FilePayload[]>([]);
  filesRef.current = files;
  const lastWhisper = useRef(0);

  const onType = (value: string) => {
    textRef.current = value;
    const now = Date.now();
    // A whisper every 1.2 s while typing; the other side clears it 1.3 s after the last.
    if (value && now - lastWhisper.current >= TYPING_WHISPER_INTERVAL_MS) {
      lastWhisper.current = now;
      whisper({ user_id: me.id, name: me.name });
    }
  };

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending) return;
    setSending(true);
    setError(null);
    try {
      // Attachments and inline images still uploading are waited for (polled), then sent by id.
      await waitForUploads(() => uploadsBusy.current.uploader || uploadsBusy.current.inline);
      const sentText = textRef.current;
      const sentFiles = filesRef.current;
      if (isBlankEditorHtml(sentText) && sentFiles.length === 0) {
        setError('Write a message or attach a file.');
        return;
      }
      const body = { content: isBlankEditorHtml(sentText) ? '' : sentText, content_files_ids: sentFiles.map((f) => f.id) };
      const res = await api<{ data: WorkroomMessage }>(`/api/discussions/${discussionId}/messages`, { method: 'POST', body });
      // Whatever was typed or attached while the message was on its way stays in the composer.
      if (textRef.current === sentText) {
        textRef.current = '';
        setEditorKey((k) => k + 1);
      }
      if (filesRef.current === sentFiles && sentFiles.length) {
        uploaderRef.current?.clear();
        setAttaching(false);
      }
      lastWhisper.current = 0;
      onSent(res.data);
    } catch (e) {
      setError(e instanceof ApiError ? (e.field('content') ?? e.field('content_files_ids') ?? e.message) : 'Your message could not be sent. Please try again.');
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    // Enter starts a new paragraph in rich text; Ctrl+Enter (Cmd+Enter on a Mac) sends.
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  return (
    <form className="composer" onSubmit={(e) => void send(e)} onKeyDown={onKeyDown} aria-describedby={error ? 'composer-error' : 'composer-hint'}>
      {/* Who is typing: a status always in the page, shown just above the composer (over the thread's edge) only while someone is. */}
      <p className="composer__typing" role="status" aria-live="polite">
        {typing}
      </p>
      <RichTextEditor
        key={editorKey}
        label="Message"
        placeholder="Write a message…"
        attach
        onChange={onType}
        onUploadingChange={(u) => (uploadsBusy.current.inline = u)}
        onAttach={(picked) => {
          setAttaching(true);
          uploaderRef.current?.addFiles(picked);
        }}
      />
      <div hidden={!attaching && files.length === 0}>
        <Uploader
          ref={uploaderRef}
          compact
          label="Attachments"
          allowedTypes={ATTACHMENT_TYPES}
          onChange={setFiles}
          onProcessingChange={(p) => (uploadsBusy.current.uploader = p)}
        />
      </div>
      {/* Beside the editor, as in a chat: the ad submission and Send, with the shortcut under them. */}
      <div className="composer__bar">
        {onSubmitAd && (
          <button type="button" className="cp-button composer__submit-ad" onClick={onSubmitAd}>
            <Icon name="upload" size={18} />
            <span className="composer__submit-ad-label">Submit ad for review</span>
          </button>
        )}
        <button type="submit" className="cp-button cp-button--primary" disabled={sending}>
          {sending ? 'Sending…' : 'Send'}
        </button>
        <span id="composer-hint" className="composer__hint">
          Ctrl+Enter to send
        </span>
      </div>
      {error && (
        <p id="composer-error" className="cp-field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
