/**
 * A list page's total: its statement carries `count(*) over ()` on every row, but a page past the end
 * has no row to carry it, so `countAll` counts then (an empty first page is simply 0).
 */
export async function windowTotal(rows: { total: number | string }[], page: number, countAll: () => Promise<number>): Promise<number> {
  if (rows[0]) return Number(rows[0].total);
  return page > 1 ? countAll() : 0;
}

/**
 * The most rows a directory counts (the admin's users and podcasts): past it, the page says "more than" and
 * Next still follows the cursor. A count costs a row per row counted (each podcast joined to its owner): at
 * 10,000 it was 10–35 ms at SCALE=1, most of the page's time there; at 1,000 (50 pages of 20) about a tenth.
 */
export const COUNT_CAP = 1_000;

/**
 * A list's total counted up to `cap`: `countRows(limit)` counts the rows of the list's query limited to
 * `limit` (cap + 1 is asked, to know whether there are more), so a list of a hundred thousand rows is never
 * read whole to be counted.
 */
export async function countUpTo(countRows: (limit: number) => Promise<number>, cap = COUNT_CAP): Promise<{ total: number; more: boolean }> {
  const n = await countRows(cap + 1);
  return { total: Math.min(n, cap), more: n > cap };
}
