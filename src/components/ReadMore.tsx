import { useEffect, useId, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { READ_MORE_COLLAPSED_HEIGHT, READ_MORE_LIMIT } from '../lib/constants';
import { needsReadMore, readMoreText, htmlToText } from '../lib/format/text';
import '../styles/kit.css';

export interface ReadMoreProps {
  children: ReactNode;
  /** Collapsed max-height in px; default 92 (core §9). */
  collapsedHeight?: number;
  moreLabel?: string;
  lessLabel?: string;
  className?: string;
}

/**
 * A block collapsed to 92 px with a 'Read more' / 'Read less' toggle. The toggle shows only
 * when the content is taller than the collapsed height (measured in the browser).
 */
export function ReadMore({
  children,
  collapsedHeight = READ_MORE_COLLAPSED_HEIGHT,
  moreLabel = 'Read more',
  lessLabel = 'Read less',
  className,
}: ReadMoreProps) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const measure = () => setOverflows(el.scrollHeight > collapsedHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [collapsedHeight]);

  const collapsed = !expanded;
  return (
    <div className={className ? `cp-read-more ${className}` : 'cp-read-more'}>
      <div
        id={id}
        ref={ref}
        className={collapsed && overflows ? 'cp-read-more__content cp-read-more__content--collapsed' : 'cp-read-more__content'}
        // Clipped only once measured, so server-rendered text is never hidden without a toggle.
        style={{ '--cp-read-more-height': `${collapsedHeight}px` } as CSSProperties}
      >
        {children}
      </div>
      {overflows ? (
        <button
          type="button"
          className="cp-button cp-button--link cp-read-more__toggle"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? lessLabel : moreLabel}
        </button>
      ) : null}
    </div>
  );
}

export interface ReadMoreTextProps {
  /** HTML or text; tags are stripped. */
  html: string;
  /** Characters shown before 'Read more'; default 135 (core §5). */
  limit?: number;
  moreLabel?: string;
  lessLabel?: string;
  className?: string;
}

/** Plain-text preview: tags stripped, cut past 135 characters with '…', and a toggle to the full text. */
export function ReadMoreText({ html, limit = READ_MORE_LIMIT, moreLabel = 'Read more', lessLabel = 'Read less', className }: ReadMoreTextProps) {
  const [expanded, setExpanded] = useState(false);
  const long = needsReadMore(html, limit);
  return (
    <p className={className}>
      {expanded || !long ? htmlToText(html) : readMoreText(html, limit)}
      {long ? (
        <>
          {' '}
          <button type="button" className="cp-button cp-button--link" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
            {expanded ? lessLabel : moreLabel}
          </button>
        </>
      ) : null}
    </p>
  );
}

export default ReadMore;
