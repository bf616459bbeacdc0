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

// What bench/RESULTS.md keeps of a run, so it stays one page: rows that explain another figure (how a
// measurement was set up, the warm-up, the instrument's own cost) are left to the terminal, and a group of
// one row per screen becomes one row saying how many screens met their target and which did not.
const DETAIL = [
  /in the product p50/,
  /^connections held$/,
  /^events published/,
  /^warm-up \(the/,
  /^client thread CPU/,
  /^reader CPU per message/,
  /^writer CPU per event/,
  /^ran as a script/,
];

/** The rows bench/RESULTS.md shows of a run (see above). */
export function resultRows(rows) {
  const out = [];
  const perScreen = new Map();
  for (const r of rows) {
    if (DETAIL.some((d) => d.test(r.name))) continue;
    if (!/per screen/.test(r.group)) {
      out.push(r);
      continue;
    }
    if (!perScreen.has(r.group)) {
      perScreen.set(r.group, []);
      out.push({ group: r.group, perScreen: true });
    }
    perScreen.get(r.group).push(r);
  }
  return out.map((r) => {
    if (!r.perScreen) return r;
    const screens = perScreen.get(r.group).filter((s) => !s.name.startsWith('screens not reached'));
    const targeted = screens.filter((s) => s.met !== undefined);
    const missed = targeted.filter((s) => !s.met);
    const numbers = screens.map((s) => s.value).filter((v) => typeof v === 'number');
    const most = numbers.length ? `, at most ${Math.max(...numbers)}` : '';
    return {
      group: r.group,
      name: `${screens.length} screens${most}${targeted.length ? `; ${targeted.length} with a target (${targeted[0].target})` : ''}`,
      value: targeted.length ? `${targeted.length - missed.length}/${targeted.length} met` : `${screens.length} measured`,
      unit: '',
      ...(targeted.length ? { target: 'all', met: missed.length === 0 } : {}),
      ...(missed.length ? { note: `missed: ${missed.map((s) => `${s.name} ${s.value}`).join(', ')}` } : {}),
    };
  });
}
