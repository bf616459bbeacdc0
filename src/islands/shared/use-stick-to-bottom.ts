import { useCallback, useEffect, useRef, useState } from 'react';

/** How close to the bottom (px) still counts as reading the newest message. */
const NEAR_BOTTOM_PX = 48;

/**
 * Keeps a chat's scroller on its newest message while the reader is at the bottom, including when
 * content grows after it renders (images, audio players, a message from the other side). A reader who
 * scrolled up stays where they are; `newBelow` then says something arrived under them.
 */
export function useStickToBottom<S extends HTMLElement, C extends HTMLElement>() {
  const scrollerRef = useRef<S>(null);
  const contentRef = useRef<C>(null);
  const pinned = useRef(true);
  const [newBelow, setNewBelow] = useState(false);

  const toEnd = useCallback(() => {
    const el = scrollerRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  useEffect(() => {
    const el = scrollerRef.current;
    if (!el) return;
    const onScroll = () => {
      pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_BOTTOM_PX;
      if (pinned.current) setNewBelow(false);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    const observer = new ResizeObserver(() => {
      if (pinned.current) toEnd();
    });
    observer.observe(el);
    if (contentRef.current) observer.observe(contentRef.current);
    return () => {
      el.removeEventListener('scroll', onScroll);
      observer.disconnect();
    };
  }, [toEnd]);

  /**
   * After new content: follow it when the reader is at the bottom (or `force`, for the reader's own
   * message and the first render); otherwise flag it with `newBelow`.
   */
  const scrollToEnd = useCallback(
    (force = false) => {
      if (force) pinned.current = true;
      requestAnimationFrame(() => {
        if (pinned.current) toEnd();
        else setNewBelow(true);
      });
    },
    [toEnd],
  );

  /** The 'new messages' button: back to the newest. */
  const jumpToEnd = useCallback(() => {
    pinned.current = true;
    setNewBelow(false);
    toEnd();
  }, [toEnd]);

  return { scrollerRef, contentRef, scrollToEnd, newBelow, jumpToEnd };
}
