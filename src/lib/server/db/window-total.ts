/**
 * A list page's total: its statement carries `count(*) over ()` on every row, but a page past the end
 * has no row to carry it, so `countAll` counts then (an empty first page is simply 0).
 */
export async function windowTotal(rows: { total: number | string }[], page: number, countAll: () => Promise<number>): Promise<number> {
  if (rows[0]) return Number(rows[0].total);
  return page > 1 ? countAll() : 0;
}
