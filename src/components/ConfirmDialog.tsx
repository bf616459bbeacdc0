import { useEffect, useId, useState, type ReactNode } from 'react';
import { DIALOG_WIDTH_CONFIRMATION } from '../lib/constants';
import { canConfirm, confirmWordLabel, CONFIRM_WORD_PLACEHOLDER } from '../lib/rules/confirm-word';
import { Dialog } from './Dialog';
import '../styles/kit.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** The question or consequences. */
  children?: ReactNode;
  /** When set, Confirm stays disabled until this exact word is typed (e.g. 'MIGRATION'). */
  word?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  /** Disables both buttons, e.g. while the request runs. A promise returned by onConfirm does the same. */
  busy?: boolean;
  onConfirm: () => void | Promise<unknown>;
  onCancel: () => void;
}

/** The confirmation dialog (620 px): Cancel / Confirm, optionally guarded by a typed word (core §5). */
export function ConfirmDialog({
  open,
  title,
  children,
  word,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const inputId = useId();
  const messageId = useId();

  useEffect(() => {
    if (open) setTyped('');
  }, [open]);

  const disabled = busy || pending;
  const allowed = canConfirm(word, typed);

  async function confirm() {
    if (!allowed || disabled) return;
    const result = onConfirm();
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      setPending(true);
      try {
        await result;
      } finally {
        setPending(false);
      }
    }
  }

  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!disabled) onCancel();
      }}
      title={title}
      width={DIALOG_WIDTH_CONFIRMATION}
      describedBy={children ? messageId : undefined}
      footer={
        <>
          <button type="button" className="cp-button" onClick={onCancel} disabled={disabled}>
            {cancelLabel}
          </button>
          <button
            type="submit"
            form={`${inputId}-form`}
            className={danger ? 'cp-button cp-button--danger' : 'cp-button cp-button--primary'}
            disabled={!allowed || disabled}
            aria-busy={disabled || undefined}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <form
        id={`${inputId}-form`}
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
      >
        {children ? <div id={messageId}>{children}</div> : null}
        {word ? (
          <div className="cp-field cp-mt-md">
            <label htmlFor={inputId}>{confirmWordLabel(word)}</label>
            <input
              id={inputId}
              className="cp-input"
              type="text"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              placeholder={CONFIRM_WORD_PLACEHOLDER}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              disabled={disabled}
            />
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}

export default ConfirmDialog;
