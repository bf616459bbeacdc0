import { type FormEvent, useId, useState } from 'react';
import { Icon } from '../../components/Icon';

interface Props {
  label: string;
  placeholder: string;
  sending: boolean;
  /** Sends the text; answers an error to show, or null when it went. */
  onSend: (text: string) => Promise<string | null>;
  autoFocus?: boolean;
}

/** The support chat's message box: Enter sends, Shift+Enter starts a new line. */
export function SupportComposer({ label, placeholder, sending, onSend, autoFocus }: Props) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const value = text.trim();
    if (!value) {
      setError('Write a message first.');
      return;
    }
    if (sending) return;
    const failed = await onSend(value);
    setError(failed);
    if (!failed) setText('');
  };

  return (
    <form className="support-composer" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={id} className="cp-sr-only">
        {label}
      </label>
      <textarea
        id={id}
        className="cp-input support-composer__input"
        rows={2}
        maxLength={4000}
        value={text}
        placeholder={placeholder}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
        // biome-ignore lint/a11y/noAutofocus: the chat opens to write in it
        autoFocus={autoFocus}
        onChange={(e) => {
          setText(e.target.value);
          if (error) setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void submit();
          }
        }}
      />
      <div className="support-composer__bar">
        {error ? (
          <p id={`${id}-error`} className="cp-field-error" role="alert">
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="support-composer__hint">
            Enter to send · Shift+Enter for a new line
          </p>
        )}
        <button type="submit" className="cp-button cp-button--primary" disabled={sending} aria-busy={sending || undefined}>
          <Icon name="send" size={16} /> Send
        </button>
      </div>
    </form>
  );
}
