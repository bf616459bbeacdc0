import { useEffect, useId, useRef, type CSSProperties, type ReactNode } from 'react';
import { DIALOG_WIDTH_DEFAULT } from '../lib/constants';
import { Icon } from './Icon';
import { Toaster } from './Toaster';
import '../styles/kit.css';

export interface DialogProps {
  /** Controlled: the dialog shows as a modal while true. */
  open: boolean;
  /** Called on Esc, the close button, a backdrop click (when dismissible) or a form with method="dialog". */
  onClose: () => void;
  /** Heading text; it labels the dialog. */
  title: ReactNode;
  /** Max width in px: 600 default, 620 confirmation, 700 startup popup (core §9). Never wider than the screen. */
  width?: number;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  children?: ReactNode;
  /** When false, Esc and backdrop clicks do not close it and no close button shows. Default true. */
  dismissible?: boolean;
  className?: string;
  /** Extra id(s) for aria-describedby. */
  describedBy?: string;
}

/**
 * A modal dialog on the native <dialog> element: `showModal()` makes the rest of the page
 * inert (focus stays inside), Esc closes, focus returns to the opener on close.
 */
export function Dialog({ open, onClose, title, width = DIALOG_WIDTH_DEFAULT, footer, children, dismissible = true, className, describedBy }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  useEffect(() => {
    const el = ref.current;
    return () => {
      if (el?.open) el.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={className ? `cp-dialog ${className}` : 'cp-dialog'}
      style={{ '--cp-dialog-width': `${width}px` } as CSSProperties}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(e) => {
        // Esc: keep React in charge of `open`.
        e.preventDefault();
        if (dismissible) onCloseRef.current();
      }}
      onClose={() => {
        if (open) onCloseRef.current();
      }}
      onClick={(e) => {
        if (dismissible && e.target === e.currentTarget) onCloseRef.current();
      }}
    >
      {open ? (
        <div className="cp-dialog__inner">
          <header className="cp-dialog__header">
            <h2 className="cp-dialog__title" id={titleId}>
              {title}
            </h2>
            {dismissible ? (
              <button type="button" className="cp-icon-button" aria-label="Close" onClick={() => onCloseRef.current()}>
                <Icon name="close" size={20} />
              </button>
            ) : null}
          </header>
          <div className="cp-dialog__body">{children}</div>
          {footer ? <footer className="cp-dialog__footer">{footer}</footer> : null}
          <Toaster placement="dialog" />
        </div>
      ) : null}
    </dialog>
  );
}

export default Dialog;
