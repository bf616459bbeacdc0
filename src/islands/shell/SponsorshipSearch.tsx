import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../../components/Icon';
import { SEARCH_DEBOUNCE_MS } from '../../lib/constants';
import { sponsorshipSearchUrl } from '../../lib/shell-rules';

interface Props {
  /** The search term of the current URL when on /sponsorships. */
  initial: string;
  /** True on the sponsorships list, where clearing the box shows the whole list again. */
  onList: boolean;
}

/** The podcaster's sponsorship search: typing waits 700 ms, then opens /sponsorships?search=…; Enter searches at once. */
export default function SponsorshipSearch({ initial, onList }: Props) {
  const [term, setTerm] = useState(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    // Coming back from a search: keep typing where the user left off.
    if (onList && initial && inputRef.current) {
      const el = inputRef.current;
      el.focus();
      el.setSelectionRange(el.value.length, el.value.length);
    }
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [initial, onList]);

  const go = (value: string) => {
    if (timer.current) clearTimeout(timer.current);
    if (value.trim() === initial.trim() && onList) return;
    if (!value.trim() && !onList) return;
    window.location.assign(sponsorshipSearchUrl(value));
  };

  return (
    <form
      role="search"
      className="search-box"
      onSubmit={(e) => {
        e.preventDefault();
        go(term);
      }}
    >
      <label htmlFor={id} className="cp-sr-only">
        Search for sponsorship
      </label>
      <Icon name="search" size={18} className="search-box__icon" />
      <input
        ref={inputRef}
        id={id}
        type="search"
        name="search"
        className="search-box__input"
        placeholder="Search for sponsorship"
        autoComplete="off"
        value={term}
        onChange={(e) => {
          const value = e.target.value;
          setTerm(value);
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => go(value), SEARCH_DEBOUNCE_MS);
        }}
      />
    </form>
  );
}
