/** Laravel's paginator envelope, the shape of every paginated list of the API (ARCHITECTURE.md: "lists paginated with meta and links"). */
export interface Paginated<T> {
  data: T[];
  meta: {
    current_page: number;
    last_page: number;
    per_page: number;
    total: number;
    from: number | null;
    to: number | null;
    path: string;
    next_cursor?: string | null;
  };
  links: { first: string; last: string; prev: string | null; next: string | null };
}

/** Wraps one page of items (page `page` of `perPage` among `total`) with its meta and the links to its neighbours. */
export function paginate<T>(data: T[], total: number, page: number, perPage: number, path: string, query: Record<string, string> = {}): Paginated<T> {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const url = (p: number) => `${path}?${new URLSearchParams({ ...query, page: String(p) })}`;
  const from = data.length ? (page - 1) * perPage + 1 : null;
  return {
    data,
    meta: { current_page: page, last_page: lastPage, per_page: perPage, total, from, to: from === null ? null : from + data.length - 1, path },
    links: { first: url(1), last: url(lastPage), prev: page > 1 ? url(page - 1) : null, next: page < lastPage ? url(page + 1) : null },
  };
}
