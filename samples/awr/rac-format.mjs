// Formatting for samples/awr/rac.mjs: numbers as AWR prints them, fixed-width text tables, AWR
// HTML tables, and the log-normal wait distribution behind each event's histogram.
export const num = (v, d = 0) => v.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
export const pad = (s, w, right) => (right ? String(s).padStart(w) : String(s).padEnd(w));
export const cut = (s, w) => String(s).slice(0, w);

/** 12.2+ average waits carry their unit: 487.32us, 1.06ms, 60.00 s. */
export function avgText(ms) {
  if (ms < 1) return `${(ms * 1000).toFixed(2)}us`;
  if (ms < 10000) return `${ms.toFixed(2)}ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

// ---- the distribution behind each event's histogram: log-normal around its average ----------
export function erf(x) {
  // Abramowitz and Stegun 7.1.26: |error| < 1.5e-7, plenty for shares printed to 0.1%.
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return x >= 0 ? y : -y;
}
export const SIGMA = 0.75;
/** Share of waits under `ms` for an event averaging `avgMs`. */
export const under = (ms, avgMs) => (ms <= 0 ? 0 : 0.5 * (1 + erf((Math.log(ms) - (Math.log(avgMs) - (SIGMA * SIGMA) / 2)) / (SIGMA * Math.SQRT2))));

/** Percent of waits in each bucket [bounds[i-1], bounds[i]) and past the last: AWR's cells (blank for none, ".0" for a trace). */
export function shares(bounds, avgMs) {
  const out = [];
  let prev = 0;
  for (const b of bounds) {
    const u = under(b, avgMs);
    out.push((u - prev) * 100);
    prev = u;
  }
  out.push((1 - prev) * 100);
  return out.map((p) => (p < 0.005 ? '' : p < 0.05 ? '.0' : p.toFixed(1)));
}


// ---- text helpers ---------------------------------------------------------------------------
/** A fixed-width table: headings (lines per column), a dashed rule, rows. */
export function textTable(cols, rows) {
  const depth = Math.max(...cols.map((c) => c.head.length));
  const lines = [];
  for (let i = 0; i < depth; i++) {
    lines.push(cols.map((c) => {
      const h = c.head[i - (depth - c.head.length)] ?? '';
      return pad(h, c.w, c.right);
    }).join(' ').trimEnd());
  }
  lines.push(cols.map((c) => '-'.repeat(c.w)).join(' '));
  for (const r of rows) lines.push(cols.map((c, i) => pad(c.right ? r[i] : cut(r[i], c.w), c.w, c.right)).join(' ').trimEnd());
  return lines.join('\n');
}

export const TERM = `${' '.repeat(26)}${'-'.repeat(54)}`;
export const underline = (title) => `${title}\n${'~'.repeat(title.length)}`;

export function esc(s) {
  return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An AWR HTML table: heading rows of <th> (colspans), then data rows. */
export function htmlTable(summary, headRows, rows, firstEmpty = false) {
  const head = headRows.map((r, i) => `<tr>${firstEmpty && i === 0 ? '<td>&#160;</td>' : ''}${r.map((c) => `<th class="awrbg"${c.span ? ` colspan=" ${c.span}"` : ' scope="col"'}>${esc(c.t ?? c)}</th>`).join('')}</tr>`).join('\n');
  const body = rows.map((r, i) => `<tr>${r.map((v) => `<td${/^[-\d.,*]/.test(v) ? ' align="right"' : ''} class='${i % 2 ? 'awrnc' : 'awrc'}'>${v === '' ? '&#160;' : esc(v)}</td>`).join('')}</tr>`).join('\n');
  return `<table border="0" class="tdiff" summary="${esc(summary)}">${head}\n${body}\n</table><p />`;
}

/**
 * The RAC global report's first two text tables: the database summary and the instances in the
 * report. `instances`: { num, name, host, startup, dbTime (s) }; snapshot times as AWR prints them.
 */
export function globalSummaryText(db, snaps, elapsedS, instances) {
  const dbTime = instances.reduce((a, i) => a + i.dbTime, 0);
  return `${underline('Database Summary')}
${textTable([
    { head: ['Database', 'Id'], w: 11, right: true }, { head: ['', 'Name'], w: 9 }, { head: ['', 'Unique Name'], w: 11 }, { head: ['', 'Role'], w: 8 },
    { head: ['', 'Edition'], w: 7 }, { head: ['', 'RAC'], w: 3 }, { head: ['', 'CDB'], w: 3 }, { head: ['Block', 'Size'], w: 6, right: true },
    { head: ['Snapshot Ids', 'Begin'], w: 12, right: true }, { head: ['', 'End'], w: 6, right: true },
    { head: ['Instances', 'In Report'], w: 9, right: true }, { head: ['', 'Total'], w: 5, right: true },
    { head: ['Report Total', 'DB time'], w: 12, right: true }, { head: ['(minutes)', 'Elapsed time'], w: 12, right: true },
  ], [[db.id, db.name, db.name, 'PRIMARY', 'EE', 'YES', 'NO', '8192', String(snaps.begin), String(snaps.end), String(instances.length), String(instances.length), num(dbTime / 60, 2), (elapsedS / 60).toFixed(2)]])}

${underline('Database Instances Included In Report')}
-> Listed in order of instance number, I#

${textTable([
    { head: ['I#'], w: 4, right: true }, { head: ['Instance'], w: 9 }, { head: ['Host'], w: 10 }, { head: ['Startup'], w: 15 },
    { head: ['Begin Snap Time'], w: 15 }, { head: ['End Snap Time'], w: 15 }, { head: ['Release'], w: 10 },
    { head: ['Elapsed', 'Time(min)'], w: 9, right: true }, { head: ['DB time', '(min)'], w: 9, right: true }, { head: ['Up Time', '(hrs)'], w: 7, right: true },
    { head: ['Avg Active', 'Sessions'], w: 10, right: true }, { head: ['Platform'], w: 16 },
  ], instances.map((i) => [String(i.num), i.name, i.host, i.startup, snaps.beginTime.slice(0, 15), snaps.endTime.slice(0, 15), db.release,
    (elapsedS / 60).toFixed(2), num(i.dbTime / 60, 2), '12.33', (i.dbTime / elapsedS).toFixed(2), db.platform]))}`;
}

/** A 19c instance report's first blocks: the database, the instance, the host. */
export function instanceHeaderText(db, inst, cpus) {
  return `WORKLOAD REPOSITORY report for

DB Name         DB Id    Unique Name DB Role          Edition Release    RAC CDB
------------ ----------- ----------- ---------------- ------- ---------- --- ---
${pad(db.name, 12)} ${pad(db.id, 11, true)} ${pad(db.name, 11)} PRIMARY          EE      ${db.release} YES NO

Instance     Inst Num Startup Time
------------ -------- ---------------
${pad(inst.name, 12)} ${pad(inst.num, 8, true)} ${inst.startup}

Host Name        Platform                         CPUs Cores Sockets Memory(GB)
---------------- -------------------------------- ---- ----- ------- ----------
${pad(inst.host, 16)} ${pad(db.platform, 32)} ${pad(cpus, 4, true)}     8       1     125.80`;
}
