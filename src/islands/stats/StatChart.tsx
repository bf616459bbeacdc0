/**
 * One stat chart: a titled figure with the chart (Chart.js, loaded on first use), its legend, an empty
 * state when there is nothing to draw, and the same numbers as a table for screen readers and keyboards.
 * The canvas is drawn only in the browser; the server renders the frame at its final size (no layout shift).
 */
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import type { ChartSpec } from './chart-spec';

const ChartCanvas = lazy(() => import('./ChartCanvas'));

export interface ChartTable {
  columns: string[];
  rows: Array<Array<string | number>>;
  /** The totals row (its first cell is its name), the figure a card beside the chart shows. */
  total?: Array<string | number>;
}

interface Props {
  title: string;
  spec: ChartSpec;
  table: ChartTable;
  /** What the empty chart says (where the numbers will come from). */
  empty: string;
  isEmpty: boolean;
  /** One sentence shown under the title and read with the table, e.g. "1,204 listens from Mar 3 to Apr 1". */
  summary: string;
  note?: string;
  wide?: boolean;
}

const cell = (v: string | number) => (typeof v === 'number' ? v.toLocaleString('en-US') : v);

export default function StatChart({ title, spec, table, empty, isEmpty, summary, note, wide }: Props) {
  const id = useId();
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  return (
    <figure className={`st-chart${wide ? ' st-chart--wide' : ''}`} aria-labelledby={`${id}-title`} data-chart={title}>
      <figcaption className="st-chart__head">
        <h3 id={`${id}-title`} className="st-chart__title">
          {title}
        </h3>
        {isEmpty ? null : <p className="st-chart__sub">{summary}</p>}
        {note ? <p className="st-chart__note">{note}</p> : null}
      </figcaption>
      {isEmpty ? (
        <p className="st-chart__empty" data-testid="chart-empty">
          {empty}
        </p>
      ) : (
        <>
          <div className="st-chart__canvas">
            {inBrowser ? (
              <Suspense fallback={<div className="st-chart__loading" aria-hidden="true" />}>
                <ChartCanvas spec={spec} label={`${title}: ${summary}`} />
              </Suspense>
            ) : (
              <div className="st-chart__loading" aria-hidden="true" />
            )}
          </div>
          <details className="st-chart__data">
            <summary>Show the numbers of {title}</summary>
            <div className="st-chart__scroll">
              <table className="st-table">
                <caption className="cp-sr-only">
                  {title}: {summary}
                </caption>
                <thead>
                  <tr>
                    {table.columns.map((c, i) => (
                      <th key={c} scope="col" className={i > 0 ? 'num' : undefined}>
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((r) => (
                    <tr key={String(r[0])}>
                      {r.map((v, i) =>
                        i === 0 ? (
                          <th key={table.columns[i]} scope="row">
                            {cell(v)}
                          </th>
                        ) : (
                          <td key={table.columns[i]} className="num">
                            {cell(v)}
                          </td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
                {table.total ? (
                  <tfoot>
                    <tr>
                      {table.total.map((v, i) =>
                        i === 0 ? (
                          <th key={table.columns[i]} scope="row">
                            {cell(v)}
                          </th>
                        ) : (
                          <td key={table.columns[i]} className="num">
                            {cell(v)}
                          </td>
                        ),
                      )}
                    </tr>
                  </tfoot>
                ) : null}
              </table>
            </div>
          </details>
        </>
      )}
    </figure>
  );
}
