import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { COLLAPSE_ANIMATION_MS } from '../lib/constants';
import '../styles/kit.css';

export interface CollapsibleProps {
  /** Controlled: open or closed. Point the trigger's aria-controls at `id` and set its aria-expanded. */
  open: boolean;
  children: ReactNode;
  id?: string;
  /** Animation length in ms; default 600 (core §9). */
  duration?: number;
  className?: string;
}

/** A block that animates its height open and closed in 600 ms; closed content is inert (not focusable or read). */
export function Collapsible({ open, children, id, duration = COLLAPSE_ANIMATION_MS, className }: CollapsibleProps) {
  const ref = useRef<HTMLDivElement>(null);
  // The first render sets the height; later changes animate it from here, outside React's style diffing.
  const initialHeight = useRef(open ? undefined : '0px');
  const mounted = useRef(false);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    if (!mounted.current) {
      mounted.current = true;
      return undefined;
    }
    const full = `${el.scrollHeight}px`;
    el.style.height = open ? '0px' : full;
    void el.offsetHeight; // flush, so the next change transitions
    el.style.height = open ? full : '0px';
    const timer = setTimeout(() => {
      if (open) el.style.height = ''; // back to auto, so content can grow
    }, duration);
    return () => clearTimeout(timer);
  }, [open, duration]);

  return (
    <div
      id={id}
      ref={ref}
      className={className ? `cp-collapsible ${className}` : 'cp-collapsible'}
      style={{ height: initialHeight.current, transitionDuration: `${duration}ms` }}
      inert={!open}
      data-state={open ? 'open' : 'closed'}
    >
      {children}
    </div>
  );
}

export default Collapsible;
