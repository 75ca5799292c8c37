/**
 * mpstat text output (sysstat), all CPUs (-P ALL) or only their total:
 *
 *   Linux 6.18.44 (db1)   11/28/2026   _x86_64_   (2 CPU)
 *
 *   02:33:31 PM  CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle
 *   02:33:32 PM  all   83.50    0.00   12.00    0.00    0.00    0.00    0.00    0.00    0.00    4.50
 *   02:33:32 PM    0   78.79    0.00   15.15    0.00    0.00    0.00    0.00    0.00    0.00    6.06
 *
 *   Average:     CPU    %usr ...
 *
 * Rows carry a clock time only (12-hour under en_US, 24-hour under C and most locales): the date
 * is the banner's (row-clock in sysstat-rows.ts). The CPU report is read ("all" becomes the
 * object "cpu", CPU n "cpun", as sar's); other reports mpstat prints (-I interrupts, -n NUMA
 * nodes) are named and not read. The Average block is mpstat's own summary of the same rows.
 *
 * mpstat's header is sar -P ALL's: it is told apart by mpstat's column order (%irq and %soft
 * before %steal; sar -u ALL prints %steal first) and its "%sys" (sar -u writes "%system").
 */
import { decodeText } from '../text.js';
import type { Diagnostic, Importer, ParsedRun, ParseResult } from '../types.js';
import { UTC_ASSUMED } from './clock.js';
import { cpuColumn, CPU_METRICS } from './columns.js';
import { meansTable, objectMeans, pick } from './run-summary.js';
import { medianIntervalS, SeriesSet } from './series-set.js';
import { AVERAGE_ROW, BannerReader, figure, NUMBER, RowClock, timedLine } from './sysstat-rows.js';
import { splitLines } from './text-lines.js';

/** mpstat's CPU report header: %usr (or %user) ... %sys ... %irq %soft before %steal ... %idle. */
export function isMpstatCpuHeader(words: readonly string[]): boolean {
  // sysstat < 10 ends the row with intr/s after %idle.
  if (words[0] !== 'CPU' || !words.includes('%idle')) return false;
  const at = (c: string): number => words.indexOf(c);
  return (at('%usr') > 0 || at('%user') > 0) && at('%sys') > 0 && at('%irq') > 0 && at('%soft') > 0 && at('%irq') < at('%steal');
}

const cpuObject = (key: string): string => (key === 'all' ? 'cpu' : `cpu${key}`);

export function parseMpstat(text: string): ParseResult {
  const warnings: Diagnostic[] = [];
  const { lines, unterminated } = splitLines(text);
  if (unterminated) warnings.push(unterminated);
  const banners = new BannerReader();
  let clock: RowClock | null = null;
  let columns: string[] | null = null;
  /** The report under the current header is one this importer does not read. */
  let skipping = false;
  const skipped = new Set<string>();
  const set = new SeriesSet();
  let startMs: number | null = null;
  let endMs: number | null = null;
  let bad = 0;
  let firstBad = 0;
  let other = 0;
  let firstOther = 0;
  let headers = 0;

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    if (banners.take(line, i + 1, clock !== null)) continue;
    if (AVERAGE_ROW.test(line) && !timedLine(line)) continue;
    const timed = timedLine(line);
    if (!timed || timed.seconds === null) {
      if (other++ === 0) firstOther = i + 1;
      continue;
    }
    clock ??= new RowClock(banners.banner?.date ?? null);
    const words = timed.words;
    if (words[0] === 'CPU' || words[0] === 'NODE') {
      headers++;
      skipping = !isMpstatCpuHeader(words);
      if (skipping) skipped.add(words.join(' '));
      else columns = words.slice(1);
      // The header's time is when its interval began: the first one starts the capture.
      const ms = clock.at(timed);
      startMs ??= ms;
      continue;
    }
    if (skipping) continue;
    if (!columns) {
      if (other++ === 0) firstOther = i + 1;
      continue;
    }
    const [key, ...figures] = words;
    if (key === undefined || figures.length !== columns.length || !figures.every((f) => NUMBER.test(f)) || !(key === 'all' || /^\d+$/.test(key))) {
      if (bad++ === 0) firstBad = i + 1;
      continue;
    }
    const ms = clock.at(timed);
    endMs = ms;
    columns.forEach((c, j) => {
      const spec = cpuColumn(c);
      if (spec) set.add(cpuObject(key), spec.metric, spec.unit, ms, figure(figures[j]!) * spec.factor);
    });
  }
  if (set.size === 0) {
    const what = skipped.size > 0 ? `only reports this importer does not read (${[...skipped].join('; ')})` : headers > 0 ? 'no CPU row under the header (file cut off?)' : 'no mpstat CPU report ("<time> CPU %usr ... %idle") found';
    return { runs: [], warnings, errors: [{ message: what }] };
  }
  if (bad > 0) warnings.push({ message: `${bad} row(s) that are not rows of the CPU report above them were left out (file cut off?)`, line: firstBad });
  if (other > 0) warnings.push({ message: `${other} line(s) that are not part of an mpstat report were left out`, line: firstOther });
  if (skipped.size > 0) warnings.push({ message: `reports not imported: ${[...skipped].join('; ')}` });
  if (set.outOfOrder > 0) warnings.push({ message: `${set.outOfOrder} sample(s) whose time does not move forward were left out` });
  const statement = clock!.statement();
  const banner = banners.banner;
  if (!banner?.date) warnings.push(banners.undatedWarning());
  else warnings.push({ message: UTC_ASSUMED });

  const series = set.build();
  const means = objectMeans(series);
  const cpus = [...new Set(series.map((s) => s.object))].filter((o) => o !== 'cpu');
  const interval = medianIntervalS(series);
  const params: Record<string, number> = {};
  const cpuCount = banner?.cpus ?? (cpus.length > 0 ? cpus.length : null);
  if (cpuCount) params['cpus'] = cpuCount;
  if (interval !== null) params['interval_s'] = interval;
  const dated = banner?.date != null;
  const run: ParsedRun = {
    name: `mpstat ${banner?.host ?? ''}`.trim(),
    tool: 'mpstat',
    toolVersion: null,
    host: banner?.host ?? null,
    startMs: dated ? startMs : null,
    endMs: dated ? endMs : null,
    params,
    metrics: pick(means.get('cpu'), CPU_METRICS),
    tables: {
      mpstat: { os: banner?.os ?? null, cpus_reported: cpus.length, reports_not_imported: [...skipped] },
      cpus: meansTable(means),
      clock: statement,
    },
    series,
    warnings: [],
    errors: [],
  };
  return { runs: [run], warnings, errors: [] };
}

export const mpstatImporter: Importer = {
  id: 'mpstat',
  version: '1.0.0',
  tool: 'mpstat',
  title: 'mpstat text (sysstat)',

  detect(head: string): boolean {
    const lines = head.split(/\r?\n|\r/).map((l) => l.trim()).filter((l) => l !== '');
    return lines.slice(0, 12).some((l) => {
      const t = timedLine(l);
      return t !== null && t.seconds !== null && isMpstatCpuHeader(t.words);
    });
  },

  parse({ bytes }): ParseResult {
    return parseMpstat(decodeText(bytes).text);
  },
};
