// Rows and how they print. A row: { group, name, value, unit, target?, met? } (met: true, false or
// undefined when the row has no target). Every benchmark module's bench() answers a list of them.

const fmt = (value, unit) => {
  if (typeof value !== 'number' || !Number.isFinite(value)) return String(value ?? '—');
  const digits = unit === 'ms' || unit === '×' || Math.abs(value) < 10 ? 1 : 0;
  return `${value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}${unit && unit !== 'count' ? ` ${unit}` : ''}`;
};

/** A markdown table of rows. */
export function markdownTable(rows) {
  const lines = ['| group | figure | value | target | met |', '|---|---|---:|---|:---:|'];
  for (const r of rows)
    lines.push(`| ${r.group} | ${r.name} | ${fmt(r.value, r.unit)} | ${r.target ?? ''} | ${r.met === undefined ? '' : r.met ? 'yes' : '**no**'} |`);
  return [lines.join('\n'), notes(rows)].filter(Boolean).join('\n\n');
}

/** Prints rows as a plain table for the terminal (aligned columns). */
export function plainTable(rows) {
  const cells = rows.map((r) => [r.group, r.name, fmt(r.value, r.unit), r.target ?? '', r.met === undefined ? '' : r.met ? 'ok' : 'MISSED']);
  const widths = [0, 1, 2, 3].map((i) => Math.max(...cells.map((c) => c[i].length)));
  const table = cells.map((c) => [c[0].padEnd(widths[0]), c[1].padEnd(widths[1]), c[2].padStart(widths[2]), c[3].padEnd(widths[3]), c[4]].join('  ').trimEnd());
  return [table.join('\n'), notes(rows)].filter(Boolean).join('\n\n');
}

/** Rows may carry a longer `note`, printed under the table. */
function notes(rows) {
  return rows
    .filter((r) => r.note)
    .map((r) => `${r.name}: ${r.note}`)
    .join('\n');
}
