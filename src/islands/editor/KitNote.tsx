/** The kit page's editor demo: write, format, wait for inline uploads (polled every 100 ms), and send to the server. */
import { useRef, useState } from 'react';
import { api, ApiError } from '../../lib/api';
import { waitForUploads } from '../../lib/rules/uploads';
import { toast } from '../../lib/stores/toasts';
import { RichTextEditor } from './RichTextEditor';

export interface KitNoteProps {
  initial: string;
  max?: number;
}

export function KitNote({ initial, max = 500 }: KitNoteProps) {
  const html = useRef(initial);
  const uploading = useRef(false);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  const send = async () => {
    setSending(true);
    try {
      await waitForUploads(() => uploading.current);
      const res = await api<{ data: { content: string } }>('/api/dev/kit-note', { method: 'PUT', body: { content: html.current } });
      setSent(res.data.content);
      toast.success('Note sent.');
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'The note could not be sent.');
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="kit-note">
      <RichTextEditor
        label="Note"
        value={initial}
        max={max}
        attach
        placeholder="Write a note to the brand…"
        onChange={(v) => (html.current = v)}
        onUploadingChange={(u) => (uploading.current = u)}
        onAttach={(files) => toast.success(`${files.length} file${files.length === 1 ? '' : 's'} to attach`)}
      />
      <div className="kit-note__actions">
        <button type="button" className="cp-button cp-button--primary" disabled={sending} onClick={() => void send()}>
          {sending ? 'Sending…' : 'Send'}
        </button>
      </div>
      <p className="cp-sr-only" role="status">
        {sent !== null ? 'Note sent.' : ''}
      </p>
    </div>
  );
}

export default KitNote;
