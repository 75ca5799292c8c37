/**
 * sar text reports (Linux sysstat, and Solaris/AIX/HP-UX sar):
 *
 *   Linux 4.4.0-1083-aws (ip-10-0-0-97)  05/21/2019   _x86_64_  (8 CPU)
 *   06:42:09 PM     CPU     %user     %nice   %system   %iowait    %steal     %idle
 *   06:42:39 PM     all     99.85      0.00      0.00      0.00      0.15      0.00
 *   Average:        all     81.96      0.00      0.00      0.00     17.99      0.04
 *
 *   SunOS sol10 5.10 Generic_137111-07 sun4u    08/24/2011
 *   07:21:54 scall/s sread/s swrit/s  fork/s  exec/s rchar/s wchar/s
 *   07:21:59    2792      28      22    1.35    0.00    5584   92823
 *   Average     3387     133      35    4.85    2.54  241730   59699
 *
 * Unix sar with several reports (sar -A) stacks their headers under one time and prints each
 * interval as one block, the first report's row after the time and the others' rows untimed
 * below it, a device per row; the Average block at the end has the same shape:
 *
 *   00:00:00    %usr    %sys    %wio   %idle
 *               device        %busy   avque   r+w/s  blks/s  avwait  avserv
 *               runq-sz %runocc swpq-sz %swpocc
 *   00:10:00       1       1       0      98
 *               sd0               3     0.1       5      80     0.0     4.2
 *                  1.0       1
 *
 * Each row goes to the first report of the stack, from the last one placed, whose shape it has
 * (sectionOf): its count of fields, and the table sizes' used/size fractions (FORMATS.md 6.2). A
 * report with nothing to report prints no row, so a report's rows never land in another's (the
 * run queue's "1.0 1 0.0 0" is not a CPU row). The Average block goes the same way, whether it
 * prints "Average" before each report's row or before the first only. Two reports of one field
 * count with only silent reports between them (msg/s sema/s, freemem freeswap) cannot be told
 * apart by order and count: the first is taken, and the comparison of sar's Average with the
 * rows' mean names the disagreement. The banner may follow a wrapper script's lines; those are
 * named and left out.
 *
 * Which reports are read and how their columns map: sar-sections.ts. Rows carry only a clock
 * time; the date is the banner's, and a time earlier than the row before is the next day. Each
 * report (sar -u -d prints all CPU rows, then all disk rows) starts again at the first time, so
 * a header earlier than the rows before it starts a new clock. A header's time is when sampling
 * began; each row's time is the end of its interval.
 *
 * Run metrics come from sar's own Average rows, which cover every interval sar recorded (a
 * file may show fewer): when they disagree with the rows shown, the importer says so. Without
 * Average rows (a cut file) the means of the rows are used.
 */
import { decodeText } from '../text.js';
import type { Diagnostic, Importer, ParsedRun, ParseResult } from '../types.js';
import { DayClock, parseClock, parseNumericDate, UTC_ASSUMED, type CalendarDate } from './clock.js';
import { SYSSTAT_BANNER } from './iostat-text.js';
import { meansTable, objectMeans, rollUpDevices, type Means } from './run-summary.js';
import { headerWords, readHeader, rowObject, RUN_OBJECTS, type Section } from './sar-sections.js';
import { medianIntervalS, SeriesSet } from './series-set.js';
import { splitLines } from './text-lines.js';

/** uname-style banner of the Unix sar: "SunOS <host> <release> <version> <machine>  <date>". */
const UNIX_BANNER = /^(SunOS|AIX|HP-UX)\s+(\S+)\s+(\S+)\s+.*?\s(\d{1,2}\/\d{1,2}\/\d{2,4})\s*$/;
const TIME = /^(\d{1,2}:\d{2}:\d{2}(?:\s*[AaPp][Mm])?)(?:\s+(.*))?$/;
/** "Average:" (Linux), "Average" (Solaris), or a translated word with a colon ("Moyenne :"). */
const AVERAGE = /^(?:Average|Summary|[^\s\d:]+\s?:)\s+(.*)$/;
const NUMBER = /^-?\d+(?:[.,]\d+)?$/;

interface Banner {
  os: string;
  host: string | null;
  date: CalendarDate | null;
  cpus: number | null;
}

function readBanner(line: string): Banner | null {
  const linux = SYSSTAT_BANNER.exec(line);
  if (linux) return { os: `${linux[1]} ${linux[2]}`, host: linux[3] || null, date: parseNumericDate(linux[4]!), cpus: linux[6] ? Number(linux[6]) : null };
  const unix = UNIX_BANNER.exec(line);
  if (unix) return { os: `${unix[1]} ${unix[3]}`, host: unix[2]!, date: parseNumericDate(unix[4]!), cpus: null };
  return null;
}

/**
 * Figures of a row into metrics (a short row of a partial report has fewer); Unix disk response
 * time is avwait + avserv. `step` is one unit of the last digit printed, in the metric's unit:
 * sar rounds its Average to the digits it prints (Solaris prints CPU shares as whole percents).
 */
function rowValues(section: Section, figures: string[]): Array<{ metric: string; unit: string; value: number; step: number }> {
  const out: Array<{ metric: string; unit: string; value: number; step: number }> = [];
  section.specs.forEach((spec, i) => {
    const figure = figures[i];
    if (!spec || figure === undefined) return;
    const decimals = /[.,](\d+)$/.exec(figure)?.[1]?.length ?? 0;
    out.push({ metric: spec.metric, unit: spec.unit, value: Number(figure.replace(',', '.')) * spec.factor, step: 10 ** -decimals * spec.factor });
  });
  const wait = out.find((v) => v.metric === 'wait_avg_ms');
  const serv = out.find((v) => v.metric === 'svctm_ms');
  if (wait && serv) out.push({ metric: 'total.lat_avg_ms', unit: 'ms', value: wait.value + serv.value, step: wait.step + serv.step });
  return out;
}

/** A used/size fraction of a table-size report (sar -v "98/30000"; HP-UX prints N/A where it keeps none). */
const FRACTION = /^\d+\/\d+$/;

/**
 * Whether a row can be one of a section's, by its count of fields and their shape: a keyed
 * report's rows start with a name and carry a figure per column; other reports' rows are
 * figures only, one per column (or the first pairs of them, for a partial report); the table
 * sizes' rows hold used/size fractions, and no other report's do. A row never goes to a report
 * it does not fit (FORMATS.md 6.2).
 */
function fits(section: Section, words: readonly string[]): boolean {
  if (section.hasKey) return words.length === section.columns.length + 1 && !NUMBER.test(words[0]!);
  // Figures only; HP-UX writes N/A for a table size it does not keep (-v text-sz).
  if (words.some((w) => /[A-Za-z]/.test(w) && w !== 'N/A')) return false;
  if (section.sizes !== words.some((w) => FRACTION.test(w))) return false;
  if (words.length === section.columns.length) return true;
  return section.partial && words.length > 0 && words.length < section.columns.length && words.length % 2 === 0;
}

/**
 * The section a row of a header group belongs to. Unix sar with several options (sar -A) stacks
 * the reports' headers, then prints each interval as one block: the first report's row after
 * the time, the others' rows below it, untimed, in the headers' order, a keyed report (devices)
 * one row per object. A row goes to the first section from `from` on that it fits.
 */
function sectionOf(stack: readonly Section[], from: number, words: readonly string[]): number {
  if (stack.length === 1) return 0;
  for (let j = from; j < stack.length; j++) if (fits(stack[j]!, words)) return j;
  return -1;
}

export function parseSarText(text: string): ParseResult {
  const warnings: Diagnostic[] = [];
  const { lines, unterminated } = splitLines(text);
  if (unterminated) warnings.push(unterminated);
  let banner: Banner | null = null;
  /** The reports of the current header group: one (Linux, or one Unix option), or several stacked (Unix sar -A). */
  let stack: Section[] = [];
  /** Where in the stack the next untimed row may belong. */
  let pos = 0;
  /** The last non-blank line was a header: an untimed header under it stacks on it. */
  let afterHeader = false;
  let clock: DayClock | null = null;
  let lastSeconds = -1;
  let lastMs: number | null = null;
  let startMs: number | null = null;
  const set = new SeriesSet();
  /** sar's Average rows: object → metric → value. */
  const averages: Means = new Map();
  /** One unit of the last digit each Average figure was printed with: object → metric → step. */
  const averageSteps: Means = new Map();
  const kinds = new Map<string, Section['kind']>();
  const skipped = new Set<string>();
  let bad = 0;
  let firstBad = 0;
  let beforeBanner = 0;
  let restarts = 0;
  let configuration: string | null = null;
  /** Solaris continues an Average block with untimed rows, one per device (and, stacked, one per report). */
  let inAverage = false;

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') {
      // A stacked block may hold a blank row (an unoccupied queue): only a time or an Average starts the next.
      if (stack.length <= 1) inAverage = false;
      continue;
    }
    if (!banner && (banner = readBanner(line))) continue;
    // Linux prints "10:15:00 LINUX RESTART", Solaris "10:15:00 unix restarts".
    if (/LINUX RESTART|\bunix restarts$/.test(line)) {
      restarts++;
      continue;
    }
    // AIX: "System configuration: lcpu=16 ent=2.00 mode=Uncapped" under the banner.
    const config = /^System configuration:\s*(.*)$/.exec(line);
    if (config) {
      configuration = config[1]!;
      continue;
    }
    const timed = TIME.exec(line);
    const average = timed ? null : AVERAGE.exec(line);
    // The closing block's first "Average" starts at the stack's first report; a later one (Solaris
    // prints it before each report's row) goes on from the report last placed, as untimed rows do.
    const averageStarts = average !== null && !inAverage;
    if (timed) inAverage = false;
    else if (average) inAverage = true;
    const words = (timed ? timed[2] ?? '' : average ? average[1]! : line).split(/\s+/).filter((w) => w !== '');
    const header = timed || (afterHeader && !average && headerWords(words)) ? readHeader(words) : null;
    if (header && !timed) {
      stack.push(header);
      if (!header.kind) skipped.add(header.header);
      continue;
    }
    if (header) {
      const seconds = parseClock(timed![1]!)!;
      // Another report, or one that goes back in time, starts on the banner's date again; the
      // same header repeated further on (after a restart) keeps the clock and its day count.
      if (!clock || stack[0]?.header !== header.header || seconds < lastSeconds) clock = banner?.date ? new DayClock(banner.date) : null;
      lastSeconds = seconds;
      stack = [header];
      pos = 0;
      afterHeader = true;
      if (!header.kind) skipped.add(header.header);
      const ms = clock?.at(seconds) ?? null;
      if (ms !== null && (startMs === null || ms < startMs)) startMs = ms;
      continue;
    }
    afterHeader = false;
    if (stack.length === 0) {
      if (!banner) beforeBanner++;
      else if (bad++ === 0) firstBad = i + 1;
      continue;
    }
    // The header some reports repeat on their Average block.
    if (average && headerWords(words) && readHeader(words)) continue;
    const at = sectionOf(stack, timed || averageStarts ? 0 : pos, words);
    if (at < 0) {
      if (bad++ === 0) firstBad = i + 1;
      continue;
    }
    const section = stack[at]!;
    pos = section.hasKey ? at : at + 1;
    // Reports this importer does not read (named in the warnings), after their rows are placed.
    if (!section.kind) continue;
    const key = section.hasKey ? words[0] ?? null : null;
    const figures = section.hasKey ? words.slice(1) : words;
    const short = section.partial && figures.length < section.columns.length && figures.length > 0;
    if ((figures.length !== section.columns.length && !short) || !figures.every((f) => NUMBER.test(f))) {
      if (bad++ === 0) firstBad = i + 1;
      continue;
    }
    const object = rowObject(section, key);
    kinds.set(object, section.kind);
    const values = rowValues(section, figures);
    if (inAverage) {
      const m = averages.get(object) ?? {};
      const steps = averageSteps.get(object) ?? {};
      for (const v of values) {
        m[v.metric] = v.value;
        steps[v.metric] = v.step;
      }
      averages.set(object, m);
      averageSteps.set(object, steps);
      continue;
    }
    // Solaris prints a device's further rows of one interval, and a stacked block's other
    // reports, without the time.
    let ms: number | null = lastMs;
    if (timed) {
      const seconds = parseClock(timed[1]!)!;
      lastSeconds = seconds;
      ms = clock ? clock.at(seconds) : null;
    }
    if (ms === null) continue;
    lastMs = ms;
    for (const v of values) set.add(object, v.metric, v.unit, ms, v.value);
  }

  if (!banner?.date && set.size === 0 && (averages.size > 0 || kinds.size > 0)) {
    return { runs: [], warnings, errors: [{ message: 'the sar banner (with its date) is missing: row times cannot be placed' }] };
  }
  if (set.size === 0 && averages.size === 0) {
    const what = skipped.size > 0 ? `only reports this importer does not read (${[...skipped].join('; ')})` : 'no sar report rows';
    return { runs: [], warnings, errors: [{ message: `${what}: nothing to import` }] };
  }
  if (beforeBanner > 0) warnings.push({ message: `${beforeBanner} line(s) before the sar banner are not sar output (a wrapper script's lines?) and were left out`, line: 1 });
  if (bad > 0) warnings.push({ message: `${bad} line(s) that are not rows of the report above them were left out (file cut off?)`, line: firstBad });
  if (restarts > 0) warnings.push({ message: `the host restarted ${restarts} time(s) during the capture (LINUX RESTART, unix restarts): counters start again there` });
  if (skipped.size > 0) warnings.push({ message: `reports not imported: ${[...skipped].join('; ')}` });
  if (set.outOfOrder > 0) warnings.push({ message: `${set.outOfOrder} sample(s) whose time does not move forward were left out` });
  if (set.size > 0) warnings.push({ message: UTC_ASSUMED });

  const series = set.build();
  const rowMeans = objectMeans(series);
  let summary: Means = averages;
  if (averages.size === 0) {
    warnings.push({ message: 'no Average rows (file cut off?): run metrics are the means of the rows' });
    summary = rowMeans;
  } else {
    const differs = compareAverages(averages, rowMeans, averageSteps);
    if (differs) warnings.push({ message: `sar's Average row differs from the mean of the rows in this file (${differs}): sar averages every interval it recorded, so this file may be an excerpt; run metrics use sar's Average` });
  }
  const ofKind = (k: Section['kind']): string[] => [...kinds].filter(([, v]) => v === k).map(([o]) => o);
  const disks = ofKind('disk');
  const rolled = rollUpDevices(new Map(disks.map((d) => [d, summary.get(d) ?? {}])));
  // Each report's object has metrics of its own names (sar-sections.ts): none overwrites another's.
  const metrics: Record<string, number> = { ...rolled.metrics };
  for (const o of RUN_OBJECTS) Object.assign(metrics, summary.get(o) ?? {});
  const nets = ofKind('net').filter((n) => n !== 'lo');
  for (const m of ['net_recv_mib_s', 'net_send_mib_s']) {
    const xs = nets.map((n) => summary.get(n)?.[m]).filter((v): v is number => v !== undefined);
    if (xs.length > 0) metrics[m] = xs.reduce((a, b) => a + b, 0);
  }
  const host = banner?.host ?? null;
  const span = series.length > 0 ? Math.max(...series.map((s) => s.times[s.times.length - 1] ?? -Infinity)) : null;
  const interval = medianIntervalS(series);
  const params: Record<string, number> = {};
  if (banner?.cpus) params['cpus'] = banner.cpus;
  if (interval !== null) params['interval_s'] = interval;
  const run: ParsedRun = {
    name: `sar ${host ?? ''}`.trim(),
    tool: 'sar',
    toolVersion: null,
    host,
    startMs,
    endMs: span,
    params,
    metrics,
    tables: {
      sar: { os: banner?.os ?? null, ...(configuration !== null ? { configuration } : {}), reports_not_imported: [...skipped], run_metrics_from: averages.size > 0 ? 'Average rows' : 'row means' },
      devices: meansTable(summary, disks),
      aggregation: { devices_summed: rolled.summed, devices_excluded: rolled.excluded },
    },
    series,
    warnings: [],
    errors: [],
  };
  return { runs: [run], warnings, errors: [] };
}

/**
 * The first figures where sar's Average and the rows' mean disagree by more than rounding: 2%,
 * or one unit of the digit sar printed (its Average and each row are rounded to it).
 */
function compareAverages(averages: Means, rows: Means, steps: Means): string | null {
  const out: string[] = [];
  for (const [object, avg] of averages) {
    for (const [metric, a] of Object.entries(avg)) {
      const m = rows.get(object)?.[metric];
      const step = steps.get(object)?.[metric] ?? 0;
      if (m === undefined || Math.abs(a - m) <= Math.max(0.05, 0.02 * Math.abs(m), step * 1.000001)) continue;
      out.push(`${object} ${metric}: ${+a.toFixed(3)} vs ${+m.toFixed(3)}`);
    }
  }
  return out.length > 0 ? out.slice(0, 3).join(', ') + (out.length > 3 ? `, and ${out.length - 3} more` : '') : null;
}

export const sarImporter: Importer = {
  id: 'sar',
  version: '1.2.0',
  tool: 'sar',
  title: 'sar text report (sysstat; Solaris, AIX, HP-UX)',

  detect(head: string): boolean {
    const lines = head.split(/\r?\n|\r/).map((l) => l.trim()).filter((l) => l !== '');
    // The banner, first or behind a wrapper script's lines ("connect_db ..... OK!"): what makes
    // the file sar's is the body under it, not what comes first.
    const at = lines.slice(0, 50).findIndex((l) => readBanner(l) !== null);
    if (at < 0) return false;
    // A header row: a time, then words ending in a column name (iostat never starts a line with a time).
    return lines.slice(at + 1, at + 20).some((l) => {
      const m = TIME.exec(l);
      if (m === null || m[2] === undefined) return false;
      const words = m[2].split(/\s+/);
      const section = readHeader(words);
      return section !== null && (at === 0 || (headerWords(words) && section.kind !== null));
    });
  },

  parse({ bytes }): ParseResult {
    return parseSarText(decodeText(bytes).text);
  },
};
