import { useStore } from '@nanostores/react';
import { useLayoutEffect } from 'react';
import { $dialogToasters, $toasts, dismissToast, type Toast } from '../lib/stores/toasts';
import { Icon } from './Icon';
import '../styles/kit.css';

function ToastItem({ item }: { item: Toast }) {
  return (
    <div className={`cp-toast cp-toast--${item.kind}`} role={item.kind === 'error' ? 'alert' : 'status'}>
      <Icon name={item.kind === 'error' ? 'error' : 'check-circle'} size={20} />
      <div className="cp-toast__body">
        {item.title ? <strong className="cp-toast__title">{item.title}</strong> : null}
        {item.text}
      </div>
      <button type="button" className="cp-icon-button" aria-label="Dismiss" onClick={() => dismissToast(item.id)}>
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}

export interface ToasterProps {
  /** 'page' (default): the one stack of the page. 'dialog': the copy a modal Dialog renders inside itself. */
  placement?: 'page' | 'dialog';
}

/**
 * The toast stack, bottom left. Mount once per page (in the shell, `client:load`);
 * show toasts from anywhere with `toast.success(text)` / `toast.error(text)`.
 * Open Dialogs render their own copy, because a modal dialog covers and inerts the page.
 */
export function Toaster({ placement = 'page' }: ToasterProps) {
  const all = useStore($toasts);
  const dialogs = useStore($dialogToasters);
  // Counted before paint, so a toast is never on screen (or read out) twice: in the dialog and under it.
  useLayoutEffect(() => {
    if (placement !== 'dialog') return;
    $dialogToasters.set($dialogToasters.get() + 1);
    return () => $dialogToasters.set($dialogToasters.get() - 1);
  }, [placement]);
  const toasts = placement === 'page' && dialogs > 0 ? [] : all;
  return (
    <section className={`cp-toaster cp-toaster--${placement}`} aria-label="Notifications" aria-live="polite" aria-relevant="additions">
      {toasts.map((t) => (
        <ToastItem key={t.id} item={t} />
      ))}
    </section>
  );
}

export default Toaster;
