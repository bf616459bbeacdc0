import { useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api';

export interface HelpHit {
  slug: string;
  title: string;
  section: string;
  excerpt: string;
}

const DEBOUNCE_MS = 250;

/**
 * Help search answered in place: searches as you type (debounced), keeps `?q=` in the address without
 * a navigation, announces the count to assistive technology, and moves through results with the arrows.
 * The server renders the same results for a `?q=` link, passed in as `initial`.
 */
export default function HelpSearch({ initialQuery, initial }: { initialQuery: string; initial: HelpHit[] | null }) {
  const [q, setQ] = useState(initialQuery);
  const [shown, setShown] = useState<{ q: string; hits: HelpHit[] } | null>(initial ? { q: initialQuery, hits: initial } : null);
  const [failed, setFailed] = useState(false);
  const links = useRef<(HTMLAnchorElement | null)[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const latest = useRef(0);
  const answered = useRef(initial ? initialQuery.trim() : '');
  // Search (or Enter) answers at once; typing waits for a pause.
  const [submitted, setSubmitted] = useState(0);
  const immediate = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: submitted changes when Search is pressed, which is when to search at once
  useEffect(() => {
    const query = q.trim();
    const url = new URL(window.location.href);
    if ((url.searchParams.get('q') ?? '') !== query) {
      if (query) url.searchParams.set('q', query);
      else url.searchParams.delete('q');
      window.history.replaceState(window.history.state, '', url);
    }
    if (!query) {
      answered.current = '';
      setShown(null);
      return;
    }
    if (answered.current === query) return;
    const ticket = ++latest.current;
    const timer = window.setTimeout(
      () => {
        api<{ data: HelpHit[] }>(`/api/help/search?q=${encodeURIComponent(query)}`)
          .then((r) => {
            if (ticket !== latest.current) return;
            setFailed(false);
            answered.current = query;
            setShown({ q: query, hits: r.data });
          })
          .catch(() => ticket === latest.current && setFailed(true));
      },
      immediate.current ? 0 : DEBOUNCE_MS,
    );
    immediate.current = false;
    return () => window.clearTimeout(timer);
  }, [q, submitted]);

  function onListKey(e: React.KeyboardEvent, i: number) {
    const n = shown?.hits.length ?? 0;
    const go = (j: number) => {
      e.preventDefault();
      links.current[j]?.focus();
    };
    const toInput = () => {
      e.preventDefault();
      input.current?.focus();
    };
    if (e.key === 'ArrowDown') go(Math.min(n - 1, i + 1));
    else if (e.key === 'ArrowUp') i === 0 ? toInput() : go(i - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(n - 1);
    else if (e.key === 'Escape') toInput();
  }

  const count = shown
    ? shown.hits.length === 0
      ? `No articles match “${shown.q}”`
      : `${shown.hits.length} ${shown.hits.length === 1 ? 'article' : 'articles'} for “${shown.q}”`
    : '';

  return (
    <div className="help-live">
      <form
        className="help-search"
        role="search"
        action="/help"
        method="get"
        onSubmit={(e) => {
          e.preventDefault();
          immediate.current = true;
          setSubmitted((n) => n + 1);
        }}
      >
        <label className="cp-sr-only" htmlFor="help-q">
          Search the Help Center
        </label>
        <input
          ref={input}
          id="help-q"
          className="cp-input"
          type="search"
          name="q"
          value={q}
          maxLength={100}
          autoComplete="off"
          placeholder="Search, e.g. “change air date” or “refund”"
          // Points at the results only while they are on the page (axe: an id that exists).
          aria-controls={shown ? 'help-results' : undefined}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && shown?.hits.length) {
              e.preventDefault();
              links.current[0]?.focus();
            }
          }}
        />
        <button className="cp-button cp-button--primary" type="submit">
          Search
        </button>
      </form>
      <p className="cp-sr-only" aria-live="polite" role="status">
        {failed ? 'Search failed. Try again.' : count}
      </p>
      {shown ? (
        <section id="help-results" aria-labelledby="results-h" className="help-results">
          <h2 id="results-h">{count}</h2>
          {shown.hits.length === 0 ? (
            <p className="cp-muted">
              Try other words or browse the sections below. Still stuck? <a href="/help/contacting-the-cuepoint-team">Contact support</a> and we will help.
            </p>
          ) : (
            <ul className="help-list">
              {shown.hits.map((r, i) => (
                <li key={r.slug}>
                  <a
                    href={`/help/${r.slug}`}
                    ref={(el) => {
                      links.current[i] = el;
                    }}
                    onKeyDown={(e) => onListKey(e, i)}
                  >
                    {r.title}
                  </a>
                  <span className="help-list__section">{r.section}</span>
                  <p>{r.excerpt}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
