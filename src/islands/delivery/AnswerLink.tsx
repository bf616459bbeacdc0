import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Dialog } from '../../components/Dialog';
import { FieldError } from '../../components/FieldError';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/format/dates';
import { toast } from '../../lib/stores/toasts';
import type { DeliveryJobPayload } from '../../lib/delivery-types';
import { Evidence } from './Evidence';
import { messagesAsField, useForm } from '../shared/use-form';
import { errorsOf } from './LinkEpisode';

/**
 * The brand answers a linked episode the listener could not confirm: "Confirm it aired" (a dialog that
 * names the episode, its date and what was heard, then releases the fee) or "Dispute" (with a reason:
 * a Cuepoint admin decides).
 */
export function AnswerLink({ job, onDone }: { job: DeliveryJobPayload; onDone: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [disputing, setDisputing] = useState(false);
  const [reason, setReason] = useState('');
  const form = useForm();
  const { errors, pending: busy } = form;
  const e = job.evidence;
  const episode = e?.episode.title ? `“${e.episode.title}”` : 'the linked episode';
  const date = e?.episode.published_at ? formatDate(e.episode.published_at) : null;
  const confirm = async () => {
    try {
      await api(`/api/deliverables/${job.approved_deliverable_id}/aired`, { method: 'POST' });
      toast.success('Confirmed: the ad is completed and the fee released.');
      setConfirming(false);
      onDone();
    } catch (err) {
      toast.error(errorsOf(err).form?.[0] ?? Object.values(errorsOf(err))[0]?.[0] ?? 'Something went wrong.');
    }
  };
  const dispute = async () => {
    await form.run(
      async () => {
        await api(`/api/deliverables/${job.approved_deliverable_id}/disputed`, { body: { reason } });
        toast.success('Disputed: a Cuepoint admin will review it and tell you both.');
        setDisputing(false);
        setReason('');
        onDone();
      },
      { report: (f) => form.fail(messagesAsField(f, 'form', 'Something went wrong. Please try again.')) },
    );
  };
  const reasonId = `dispute-reason-${job.id}`;
  return (
    <div className="delivery__answer">
      <p className="delivery__note">
        <strong>Did the ad air?</strong> Cuepoint did not hear a complete airing of your ad in the episode the podcaster linked.
      </p>
      {e && <Evidence evidence={e} />}
      <div className="delivery__buttons">
        <button type="button" className="cp-button" onClick={() => setDisputing(true)}>
          Dispute
        </button>
        <button type="button" className="cp-button cp-button--primary" onClick={() => setConfirming(true)}>
          Confirm it aired
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Confirm that your ad aired?"
        confirmLabel="Confirm it aired"
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      >
        <p>
          You confirm that your whole ad aired in {episode}
          {date ? `, published ${date}` : ''}.
        </p>
        {e && <p>{e.heard}</p>}
        <p>The job completes and its fee is released to the podcaster. This cannot be undone.</p>
      </ConfirmDialog>
      <Dialog
        open={disputing}
        onClose={() => setDisputing(false)}
        title="Dispute this episode"
        footer={
          <>
            <button type="button" className="cp-button" onClick={() => setDisputing(false)} disabled={busy}>
              Cancel
            </button>
            <button type="button" className="cp-button cp-button--danger" onClick={() => void dispute()} disabled={busy || reason.trim().length === 0}>
              Send the dispute
            </button>
          </>
        }
      >
        <p>
          A Cuepoint admin reads the evidence and both sides’ words, then releases the fee to the podcaster or refunds you. The podcaster can add their side
          meanwhile.
        </p>
        <div className="cp-field">
          <label htmlFor={reasonId}>Why do you dispute it?</label>
          <textarea
            id={reasonId}
            className="cp-input"
            rows={4}
            value={reason}
            onChange={(ev) => setReason(ev.target.value)}
            placeholder="What you heard, or did not hear, in the episode"
          />
          <FieldError errors={errors} field="reason" />
          <FieldError errors={errors} field="deliverable" />
          <FieldError errors={errors} field="form" />
        </div>
      </Dialog>
    </div>
  );
}
