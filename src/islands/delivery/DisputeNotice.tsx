import { useState } from 'react';
import { FieldError } from '../../components/FieldError';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/format/dates';
import { toast } from '../../lib/stores/toasts';
import type { DeliveryJobPayload } from '../../lib/delivery-types';
import { messagesAsField, useForm } from '../shared/use-form';

/** An open dispute, for both sides: the brand's reason, the podcaster's side (which the podcaster can write here), and who decides. */
export function DisputeNotice({ job, podcaster, onDone }: { job: DeliveryJobPayload; podcaster: boolean; onDone: () => void }) {
  const dispute = job.dispute!;
  const [response, setResponse] = useState('');
  const form = useForm();
  const { errors, pending: busy } = form;
  const send = async () => {
    await form.run(
      async () => {
        await api(`/api/disputes/${dispute.id}/response`, { body: { response } });
        toast.success('Your side is sent to the admin and the brand.');
        setResponse('');
        onDone();
      },
      { report: (f) => form.fail(messagesAsField(f, 'form', 'Something went wrong. Please try again.')) },
    );
  };
  const id = `dispute-response-${job.id}`;
  return (
    <div className="delivery__dispute" role="status">
      <p className="delivery__note">
        <strong>Disputed on {formatDate(dispute.created_at)}.</strong> The brand: “{dispute.reason}”
      </p>
      {dispute.response ? (
        <p className="delivery__note">The podcaster: “{dispute.response}”</p>
      ) : podcaster ? (
        <div className="cp-field">
          <label htmlFor={id}>Your side, for the admin</label>
          <textarea id={id} className="cp-input" rows={3} value={response} onChange={(e) => setResponse(e.target.value)} />
          <FieldError errors={errors} field="response" />
          <FieldError errors={errors} field="form" />
          <div>
            <button type="button" className="cp-button" disabled={busy || !response.trim()} onClick={() => void send()}>
              Send your side
            </button>
          </div>
        </div>
      ) : null}
      <p className="delivery__meta">A Cuepoint admin reviews the evidence and both sides’ words, then releases the fee or refunds the brand.</p>
    </div>
  );
}
