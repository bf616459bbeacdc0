/** The feed's message dialog: one message to the podcasters of the chosen proposals, posted in each proposal's workroom. */
import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { FieldError } from '../../components/FieldError';
import { api } from '../../lib/api';
import { toast } from '../../lib/stores/toasts';
import { fieldsOr, useForm } from '../shared/use-form';

interface Props {
  campaignId: number;
  /** The proposals to write to; null while closed. */
  packageIds: number[] | null;
  /** The podcast named in the title when there is one recipient. */
  podcastTitle: string;
  onClose: () => void;
  onSent: () => void;
}

export default function MessageDialog({ campaignId, packageIds, podcastTitle, onClose, onSent }: Props) {
  const [message, setMessage] = useState('');
  const form = useForm({ fallback: 'Could not send the message.' });
  const { errors } = form;

  async function send() {
    if (!packageIds) return;
    await form.run(
      async () => {
        await api(`/api/campaigns/${campaignId}/discussions`, { method: 'POST', body: { package_ids: packageIds, content: message } });
        toast.success(packageIds.length === 1 ? 'Message sent.' : `Message sent to ${packageIds.length} podcasters.`);
        setMessage('');
        onSent();
      },
      { report: fieldsOr(form, toast.error) },
    );
  }

  return (
    <Dialog
      open={packageIds !== null}
      onClose={onClose}
      title={packageIds && packageIds.length > 1 ? `Message ${packageIds.length} podcasters` : `Message ${podcastTitle}`}
      footer={
        <>
          <button type="button" className="cp-button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="cp-button cp-button--primary" onClick={() => void send()}>
            Send
          </button>
        </>
      }
    >
      <div className="cp-field">
        <label htmlFor="feed-message">Message</label>
        <textarea
          id="feed-message"
          className="cp-input"
          rows={5}
          value={message}
          maxLength={10000}
          onChange={(e) => setMessage(e.target.value)}
          aria-describedby="feed-message-error"
        />
        <FieldError errors={errors} field="content" id="feed-message-error" />
        <p className="cp-small cp-muted cp-m-0">Each podcaster gets it in the proposal’s workroom.</p>
      </div>
    </Dialog>
  );
}
