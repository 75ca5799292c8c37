/**
 * The RAC global report (awrgrpt) as text, written to FORMATS.md 3.6 for the AWR importer's
 * tests, with the variations the description leaves open, and the same report's HTML form. No
 * real text global report was seen (FORMATS.md: "19c seen", the layout described, no sample):
 *
 *   (blank line)
 *   WORKLOAD REPOSITORY REPORT (RAC)
 *   Database Summary, '~' rule, a two-level heading (Database, Snapshot Ids, Number of Instances,
 *     Number of Hosts, Report Total (minutes)) over Id Name Unique Name Role Edition RAC CDB
 *     Block Size | Begin End | In Report Total | In Report Total | DB time Elapsed time, dashed
 *     column rules, one data row;
 *   Database Instances Included In Report, '~' rule, "-> Listed in order of instance number, I#",
 *     I# Instance Host Startup Begin Snap Time End Snap Time Release Elapsed Time(min) DB time(min)
 *     Up Time(hrs) Avg Active Sessions Platform, a row per instance, times as 17-Feb-20 09:17,
 *     host and platform cut to their columns;
 *   per-instance sections with the report's identity on their title line ("DB/Inst: ORCL/orcl1
 *     Snaps: 101-102"), an I# column, a '~' rule and Sum / Avg / Min / Max / Std rows.
 * Nothing here is a real database's report.
 */

export interface RacInstance {
  num: number;
  name: string;
  host: string;
  /** DD-Mon-YY HH24:MI */
  startup: string;
  dbTimeMin: number;
  cpuS: number;
}

export interface RacReport {
  dbId: string;
  dbName: string;
  uniqueName: string;
  release: string;
  platform: string;
  beginSnap: number;
  /** DD-Mon-YY HH24:MI */
  beginTime: string;
  endTime: string;
  elapsedMin: number;
  instances: RacInstance[];
  /** Instances of the database, reported or not. */
  totalInstances: number;
}

export interface RacTextLayout {
  /** A dashed rule under the Database Summary's group headings (Database, Snapshot Ids...). */
  groupRule: boolean;
  /** The Number of Hosts pair of columns. */
  hostsColumns: boolean;
  /** Column headings of more than one word over two lines ("Block" over "Size"). */
  wrapHeadings: boolean;
  /** The '~' rule under each title. */
  titleRules: boolean;
  crlf: boolean;
  /** Spaces before every table line. */
  indent: number;
}

export const RAC_REPORT: RacReport = {
  dbId: '1234567890', dbName: 'ORCL', uniqueName: 'orcl', release: '19.0.0.0.0', platform: 'Linux x86 64-bit',
  beginSnap: 101, beginTime: '17-Feb-20 09:17', endTime: '17-Feb-20 09:27', elapsedMin: 10.02, totalInstances: 2,
  instances: [
    { num: 1, name: 'orcl1', host: 'dbnode01.example.com', startup: '17-Feb-20 08:02', dbTimeMin: 406.2, cpuS: 9120.4 },
    { num: 2, name: 'orcl2', host: 'dbnode02.example.com', startup: '17-Feb-20 08:03', dbTimeMin: 406.2, cpuS: 8804.9 },
  ],
};

/** FORMATS.md 3.6 as written: group headings over their rule, one line of column headings. */
export const PLAIN_LAYOUT: RacTextLayout = { groupRule: true, hostsColumns: true, wrapHeadings: false, titleRules: true, crlf: false, indent: 0 };
/** Column headings over two lines, tables indented, no '~' rules, CRLF. */
export const WRAPPED_LAYOUT: RacTextLayout = { groupRule: true, hostsColumns: true, wrapHeadings: true, titleRules: false, crlf: true, indent: 15 };

interface Col {
  /** Heading words; wrapped: split over two lines at the last space. */
  head: string;
  width: number;
  right?: boolean;
}

const fmt = (v: number, d = 2): string => v.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });

/** A fixed-width table: optional group headings (with their rule), column headings, the dashed column rule, rows. */
function table(cols: Col[], rows: string[][], layout: RacTextLayout, groups: Array<{ title: string; span: number }> = []): string[] {
  const pad = ' '.repeat(layout.indent);
  const out: string[] = [];
  const cell = (text: string, c: Col): string => (c.right ? text.slice(0, c.width).padStart(c.width) : text.slice(0, c.width).padEnd(c.width));
  if (groups.length > 0) {
    let at = 0;
    const titles: string[] = [];
    const rules: string[] = [];
    for (const g of groups) {
      const width = cols.slice(at, at + g.span).reduce((n, c) => n + c.width, 0) + g.span - 1;
      const left = Math.max(0, Math.floor((width - g.title.length) / 2));
      titles.push((' '.repeat(left) + g.title).padEnd(width).slice(0, Math.max(width, g.title.length)));
      rules.push('-'.repeat(width));
      at += g.span;
    }
    out.push(pad + titles.join(' ').trimEnd());
    if (layout.groupRule) out.push(pad + rules.join(' '));
  }
  const heads = cols.map((c) => {
    const i = c.head.lastIndexOf(' ');
    return layout.wrapHeadings && i > 0 ? [c.head.slice(0, i), c.head.slice(i + 1)] : ['', c.head];
  });
  if (heads.some((h) => h[0] !== '')) out.push(pad + cols.map((c, i) => cell(heads[i]![0]!, c)).join(' ').trimEnd());
  out.push(pad + cols.map((c, i) => cell(heads[i]![1]!, c)).join(' ').trimEnd());
  out.push(pad + cols.map((c) => '-'.repeat(c.width)).join(' '));
  for (const r of rows) out.push(pad + cols.map((c, i) => cell(r[i] ?? '', c)).join(' ').trimEnd());
  return out;
}

/** The global report's text: its two header tables and two per-instance sections. */
export function racGlobalText(r: RacReport, layout: RacTextLayout): string {
  const out: string[] = ['', 'WORKLOAD REPOSITORY REPORT (RAC)', ''];
  const title = (t: string, identity = false): void => {
    out.push(identity ? `${t.padEnd(40)}DB/Inst: ${r.dbName}/${r.instances[0]!.name}  Snaps: ${r.beginSnap}-${r.beginSnap + 1}` : t);
    if (layout.titleRules) out.push('~'.repeat(t.length));
  };
  const dbTimeMin = r.instances.reduce((n, i) => n + i.dbTimeMin, 0);
  const n = String(r.instances.length);
  title('Database Summary');
  const summaryCols: Col[] = [
    { head: 'Id', width: 11, right: true }, { head: 'Name', width: 9 }, { head: 'Unique Name', width: 11 }, { head: 'Role', width: 8 }, { head: 'Edition', width: 7 },
    { head: 'RAC', width: 3 }, { head: 'CDB', width: 3 }, { head: 'Block Size', width: 10, right: true },
    { head: 'Begin', width: 8, right: true }, { head: 'End', width: 8, right: true },
    { head: 'In Report', width: 9, right: true }, { head: 'Total', width: 8, right: true },
    ...(layout.hostsColumns ? [{ head: 'In Report', width: 9, right: true }, { head: 'Total', width: 8, right: true }] : []),
    { head: 'DB time', width: 12, right: true }, { head: 'Elapsed time', width: 12, right: true },
  ];
  const groups = [
    { title: 'Database', span: 8 }, { title: 'Snapshot Ids', span: 2 }, { title: 'Number of Instances', span: 2 },
    ...(layout.hostsColumns ? [{ title: 'Number of Hosts', span: 2 }] : []), { title: 'Report Total (minutes)', span: 2 },
  ];
  out.push(...table(summaryCols, [[
    r.dbId, r.dbName, r.uniqueName, 'PRIMARY', 'EE', 'YES', 'NO', '8192', String(r.beginSnap), String(r.beginSnap + 1), n, String(r.totalInstances),
    ...(layout.hostsColumns ? [n, String(r.totalInstances)] : []), fmt(dbTimeMin), fmt(r.elapsedMin),
  ]], layout, groups));
  out.push('');
  title('Database Instances Included In Report');
  out.push('-> Listed in order of instance number, I#', '');
  out.push(...table([
    { head: 'I#', width: 4, right: true }, { head: 'Instance', width: 9 }, { head: 'Host', width: 10 }, { head: 'Startup', width: 15 },
    { head: 'Begin Snap Time', width: 15 }, { head: 'End Snap Time', width: 15 }, { head: 'Release', width: 10 },
    { head: 'Elapsed Time(min)', width: 9, right: true }, { head: 'DB time(min)', width: 9, right: true }, { head: 'Up Time(hrs)', width: 7, right: true },
    { head: 'Avg Active Sessions', width: 10, right: true }, { head: 'Platform', width: 15 },
  ], r.instances.map((i) => [
    String(i.num), i.name, i.host, i.startup, r.beginTime, r.endTime, r.release, fmt(r.elapsedMin), fmt(i.dbTimeMin), '1.42', fmt(i.dbTimeMin / r.elapsedMin), r.platform,
  ]), layout));
  out.push('');
  const totals = (values: number[][]): string[][] => {
    const cols = values[0]!.map((_, c) => values.map((v) => v[c]!));
    const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
    const std = (xs: number[]): number => Math.sqrt(xs.reduce((a, x) => a + (x - mean(xs)) ** 2, 0) / Math.max(1, xs.length - 1));
    return [['Sum', ...cols.map((x) => fmt(x.reduce((a, b) => a + b, 0)))], ['Avg', ...cols.map((x) => fmt(mean(x)))], ['Min', ...cols.map((x) => fmt(Math.min(...x)))], ['Max', ...cols.map((x) => fmt(Math.max(...x)))], ['Std', ...cols.map((x) => fmt(std(x)))]];
  };
  title('Time Model', true);
  const time = r.instances.map((i) => [i.dbTimeMin * 60, i.cpuS, i.cpuS * 0.1]);
  out.push(...table([{ head: 'I#', width: 4, right: true }, { head: 'DB time (s)', width: 12, right: true }, { head: 'DB CPU (s)', width: 11, right: true }, { head: 'bg time (s)', width: 11, right: true }],
    [...r.instances.map((i, k) => [String(i.num), ...time[k]!.map((v) => fmt(v))]), ...totals(time)], layout));
  out.push('');
  title('OS Statistics By Instance', true);
  const os = r.instances.map(() => [16, 8, 1, 128 * 1024]);
  out.push(...table([{ head: 'I#', width: 4, right: true }, { head: '#CPUs', width: 5, right: true }, { head: '#Cores', width: 6, right: true }, { head: '#Sckts', width: 6, right: true }, { head: 'Memory (M)', width: 12, right: true }],
    [...r.instances.map((i, k) => [String(i.num), ...os[k]!.map((v) => String(v))]), ...totals(os)], layout));
  out.push('', `${' '.repeat(26)}${'-'.repeat(54)}`, '', 'End of Report', '');
  return out.join(layout.crlf ? '\r\n' : '\n');
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function htmlTable(summary: string, heads: Array<Array<string | { t: string; span: number }>>, rows: string[][]): string {
  const head = heads.map((r) => `<tr>${r.map((c) => (typeof c === 'string' ? `<th class="awrbg" scope="col">${esc(c)}</th>` : `<th class="awrbg" colspan="${c.span}">${esc(c.t)}</th>`)).join('')}</tr>`).join('\n');
  const body = rows.map((r, i) => `<tr>${r.map((v) => `<td class='${i % 2 ? 'awrnc' : 'awrc'}'>${v === '' ? '&#160;' : esc(v)}</td>`).join('')}</tr>`).join('\n');
  return `<table border="0" class="tdiff" summary="${esc(summary)}">${head}\n${body}\n</table><p />`;
}

/** The same report as awrgrpt writes it in HTML (the layout of the real 12.2 global report's header tables). */
export function racGlobalHtml(r: RacReport): string {
  const dbTimeMin = r.instances.reduce((n, i) => n + i.dbTimeMin, 0);
  const n = String(r.instances.length);
  return `<html lang="en"><head><title>AWR RAC Report for DB: ${esc(r.dbName)}, Snaps: ${r.beginSnap}-${r.beginSnap + 1}</title></head><body class="awr">
<h1 class="awr">
WORKLOAD REPOSITORY REPORT (RAC)
</h1>
<p />Database Summary<p />
${htmlTable('Database Summary', [[{ t: 'Database', span: 8 }, { t: 'Snapshot Ids', span: 2 }, { t: 'Number of Instances', span: 2 }, { t: 'Number of Hosts', span: 2 }, { t: 'Report Total (minutes)', span: 2 }],
    ['Id', 'Name', 'Unique Name', 'Role', 'Edition', 'RAC', 'CDB', 'Block Size', 'Begin', 'End', 'In Report', 'Total', 'In Report', 'Total', 'DB time', 'Elapsed time']],
  [[r.dbId, r.dbName, r.uniqueName, 'PRIMARY', 'EE', 'YES', 'NO', '8192', String(r.beginSnap), String(r.beginSnap + 1), n, String(r.totalInstances), n, String(r.totalInstances), fmt(dbTimeMin), fmt(r.elapsedMin)]])}
<p />Database Instances Included In Report<p />
${htmlTable('Database Instances Included In Report. . Listed in order of instance number, I#',
    [['I#', 'Instance', 'Host', 'Startup', 'Begin Snap Time', 'End Snap Time', 'Release', 'Elapsed Time(min)', 'DB time(min)', 'Up Time(hrs)', 'Avg Active Sessions', 'Platform']],
    r.instances.map((i) => [String(i.num), i.name, i.host, i.startup, r.beginTime, r.endTime, r.release, fmt(r.elapsedMin), fmt(i.dbTimeMin), '1.42', fmt(i.dbTimeMin / r.elapsedMin), r.platform]))}
<h3 class="awr">Time Model</h3>
${htmlTable('Time Model', [['I#', 'DB time (s)', 'DB CPU (s)', 'bg time (s)']], r.instances.map((i) => [String(i.num), fmt(i.dbTimeMin * 60), fmt(i.cpuS), fmt(i.cpuS * 0.1)]))}
<p />End of Report
</body></html>
`;
}
