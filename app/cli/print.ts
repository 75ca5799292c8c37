/** Human-readable CLI output: aligned columns, units in the headers. */
import type { CompareResult, ConfidenceInterval, PeriodRecord, RunRecord, StudySummary, Verdict } from '../contract/records.js';
import { formatCoverage } from '../core/compare/median-interval.js';
import { DEFAULT_PAIRING_KEYS, workloadLabel, workloadParams } from '../core/compare/pairing.js';
import { describeMetric } from '../core/metrics/dictionary.js';
import { formatNumber } from '../core/metrics/number-format.js';
import { defaultMetrics } from '../core/metrics/default-metrics.js';
import { pairValidityText, runValidityText } from '../core/validity/compare-validity.js';

/**
 * Characters a terminal acts on rather than prints: C0 controls (ESC starts the sequences that
 * set a window's title or clear the screen, BEL rings), DEL, C1 controls (U+009B is a CSI on
 * its own), and the Unicode marks that reorder or break lines (bidi overrides and isolates,
 * U+2028/U+2029). A name or label from a file or a study file may hold any of them.
 */
const TERMINAL_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** In a table cell, tabs and line breaks too: a name must not break the columns or add a line. */
const CELL_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/**
 * Shown as its JSON escape (ESC is `\u001b`): visible, and in `--json` output (where
 * JSON.stringify leaves DEL, C1 and the Unicode marks raw) the escape of the same character, so
 * the document parses to the same strings.
 */
const escaped = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Text for a terminal: every control character neutralised (shown as its escape) except line breaks and tabs. */
export function terminalText(text: string): string {
  return text.replace(TERMINAL_CONTROLS, escaped);
}

/** A cell longer than this is cut (a 50 MB name would make every row of a listing 50 MB wide). */
const MAX_CELL_CHARS = 500;

/** A table cell: controls neutralised, line breaks and tabs too, and cut to MAX_CELL_CHARS. */
export function terminalCell(text: string): string {
  const cut = text.length > MAX_CELL_CHARS ? `${text.slice(0, MAX_CELL_CHARS)}… [cut: ${text.length.toLocaleString('en-US')} characters]` : text;
  return cut.replace(CELL_CONTROLS, escaped);
}

type Write = typeof process.stdout.write;
const unguarded = new Map<NodeJS.WriteStream, Write>();

/**
 * From here until the returned function is called, everything written to stdout and stderr
 * has its control characters neutralised: every listing, message and error of every command,
 * whoever wrote the line. PerfDelta's own colours and progress line go through writeRaw.
 */
export function guardTerminal(): () => void {
  const streams = [process.stdout, process.stderr];
  for (const stream of streams) {
    if (unguarded.has(stream)) continue;
    const write = stream.write;
    unguarded.set(stream, write);
    stream.write = function guarded(this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]): boolean {
      return (write as (...a: unknown[]) => boolean).call(this, typeof chunk === 'string' ? terminalText(chunk) : chunk, ...rest);
    } as Write;
  }
  return () => {
    for (const stream of streams) {
      const write = unguarded.get(stream);
      if (write) stream.write = write;
      unguarded.delete(stream);
    }
  };
}

/** Writes text PerfDelta made itself (colour codes, the progress line's carriage return), past the guard: its names must be neutralised already. */
export function writeRaw(stream: NodeJS.WriteStream, text: string): void {
  (unguarded.get(stream) ?? stream.write).call(stream, text);
}

/** `paint(row, column, padded text)`: colour for a cell (the verdict column), added after padding so columns stay aligned. */
function table(rows: string[][], paint?: (row: number, col: number, text: string) => string): string {
  const cells = rows.map((r) => r.map(terminalCell));
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  return cells.map((r, ri) => r.map((c, i) => {
    const cell = i === r.length - 1 ? c : c.padEnd(widths[i]!);
    return paint ? paint(ri, i, cell) : cell;
  }).join('  ')).join('\n') + '\n';
}

/** ANSI colours on a terminal only (never in a pipe or with NO_COLOR): green better, red worse, dim tie. */
const COLOURS: Record<Verdict, string> = { better: '\x1b[32m', worse: '\x1b[31m', tie: '\x1b[2m', neutral: '' };
const useColour = (): boolean => Boolean(process.stdout.isTTY) && !process.env['NO_COLOR'];
const coloured = (verdict: Verdict, text: string): string => (useColour() && COLOURS[verdict] ? `${COLOURS[verdict]}${text}\x1b[0m` : text);

/** A number in its unit exactly as the workbench and the PDF print it (one rule: number-format.ts). */
const fmtIn = (v: number | undefined, unit: string): string => (v === undefined ? '' : formatNumber(v, unit, 'en-US'));


export function printStudies(studies: StudySummary[]): void {
  if (studies.length === 0) {
    process.stdout.write('no studies yet: perfdelta import --study NAME --config LABEL FILE...\n');
    return;
  }
  process.stdout.write(table([['SLUG', 'NAME', 'RUNS', 'CONFIGURATIONS'], ...studies.map((s) => [s.slug, s.name, String(s.runs), s.configs.join(', ')])]));
}

export function printRuns(runs: RunRecord[]): void {
  if (runs.length === 0) {
    process.stdout.write('no runs\n');
    return;
  }
  // Each run's own tool's primary metrics (the dictionary's): fio's completion latency where the
  // run has clat, sysbench's TPS and p95, HammerDB's NOPM, AWR's active sessions and DB time.
  const figures = (r: RunRecord): string => defaultMetrics([r]).map(({ metric }) => {
    const unit = describeMetric(metric)?.unit ?? '';
    return `${metric} ${fmtIn(r.metrics[metric], unit)}${unit ? ` ${unit}` : ''}`;
  }).join('; ');
  // An excluded run is listed with its reason: it counts in no comparison. What a tool said about
  // whether a result stands (95 of 100 users failed) is listed beside its figures.
  const excluded = runs.some((r) => r.excluded);
  const validity = runs.some((r) => (r.validity ?? []).length > 0);
  process.stdout.write(table([
    ['ID', 'STUDY', 'CONFIG', 'TOOL', 'WORKLOAD', 'FIGURES', ...(validity ? ['VALIDITY'] : []), 'FILE', ...(excluded ? ['EXCLUDED (REASON)'] : [])],
    ...runs.map((r) => [
      String(r.id), r.study, r.config, r.tool, workloadLabel(workloadParams(r, DEFAULT_PAIRING_KEYS)), figures(r), ...(validity ? [runValidityText(r) ?? ''] : []), r.source.file,
      ...(excluded ? [r.excluded?.reason ?? ''] : []),
    ]),
  ]));
}

export function printPeriods(periods: PeriodRecord[]): void {
  if (periods.length === 0) {
    process.stdout.write('no periods: perfdelta periods --study S --define NAME --spec "daily 08:30-15:30 on 2017-09-08, 09-13"\n');
    return;
  }
  for (const p of periods) {
    process.stdout.write(`${p.name}: ${p.spec} [${p.zone}]\n`);
    for (const r of p.ranges) process.stdout.write(`  ${r.start ?? '(open)'} .. ${r.end ?? '(open)'} UTC\n`);
  }
}

/** "[98, 102] 96.88%": the interval of the median with the probability that it holds it. */
const ci = (c: ConfidenceInterval | null, unit: string): string => (c ? `[${fmtIn(c.low, unit)}, ${fmtIn(c.high, unit)}] ${formatCoverage(c.coverage)}` : '');

export function printCompare(result: CompareResult): void {
  const against = result.candidates.join(', ');
  process.stdout.write(`${result.study}: ${against} against ${result.baseline} (speedup > 1 = candidate better)\n`);
  process.stdout.write(`${result.convention_note}\n`);
  if (result.aggregation) process.stdout.write(`Aggregation: ${result.aggregation}\n`);
  if (result.workload_filter) process.stdout.write(`${result.workload_filter}\n`);
  for (const side of result.periods ?? []) {
    const unit = describeMetric(side.metric)?.unit ?? '';
    for (const ps of [side.baseline, ...side.candidates]) {
      const days = ps.days.map((d) => `${d.day} ${fmtIn(d.value, unit)}`).join(', ');
      process.stdout.write(`  ${ps.period.name} (${ps.period.spec}, ${ps.period.zone}): ${side.metric} = ${fmtIn(ps.value ?? undefined, unit)} ${unit} over ${ps.samples} samples; days: ${days}\n`);
    }
  }
  process.stdout.write('\n');
  for (const candidate of result.candidates) {
    for (const metric of result.metrics) {
      const pairs = result.pairs.filter((p) => p.metric === metric && p.candidate_label === candidate);
      if (pairs.length === 0) continue;
      const unit = pairs[0]!.unit;
      const significance = pairs.some((p) => p.p_value !== null);
      const validity = pairs.some((p) => (p.validity ?? []).length > 0);
      process.stdout.write(`${pairs[0]!.metric_label} (${metric})\n`);
      // The verdict column says in words what the colour says: better, worse, tie, or neutral (a volume).
      // Past the terminal guard: the cells are neutralised by table(), the colours are ours.
      writeRaw(process.stdout, table([
        [result.kind === 'periods' ? 'OBJECT' : 'WORKLOAD', `${result.baseline} (${unit})`, `${candidate} (${unit})`, 'SPEEDUP', 'CHANGE', 'VERDICT', 'AS WORDED', 'n',
          ...(significance ? ['p', `MEDIAN INTERVAL ${result.baseline}`, `MEDIAN INTERVAL ${candidate}`] : []), ...(validity ? ['VALIDITY'] : [])],
        ...pairs.map((p) => [
          p.workload, fmtIn(p.baseline, unit), fmtIn(p.candidate, unit), `${p.speedup_text}${p.mark ? ' ' + p.mark : ''}`,
          p.change_text, p.verdict, p.text, `${p.n_baseline}/${p.n_candidate}`,
          ...(significance ? [p.p_value === null ? '' : p.p_value.toPrecision(2), ci(p.ci_baseline, unit), ci(p.ci_candidate, unit)] : []),
          ...(validity ? [pairValidityText(p) ?? ''] : []),
        ]),
      ], (row, col, text) => (row > 0 && (col === 5 || col === 6) ? coloured(pairs[row - 1]!.verdict, text) : text)));
      const r = result.rollup.find((x) => x.candidate === candidate && x.metric === metric);
      if (describeMetric(metric)?.volume) {
        process.stdout.write(`${metric}: a volume of work: its change is stated, no speedup, neither better nor worse\n\n`);
      } else if (r) {
        const g = r.geomean_speedup === null ? '–' : `${r.geomean_speedup.toFixed(2)}x`;
        const band = r.untested_better + r.untested_worse > 0 ? `: by the band alone ${r.untested_better} better, ${r.untested_worse} worse` : '';
        const untested = r.untested > 0 ? `; ${r.untested} with too few ${result.kind === 'periods' ? 'days' : 'runs'} for a test, untested and counted as ties${band}` : '';
        const withheld = r.withheld ? `; ${r.withheld} run${r.withheld === 1 ? '' : 's'} left out, ${r.withheld === 1 ? 'its result does' : 'their results do'} not stand (perfdelta runs include counts ${r.withheld === 1 ? 'it' : 'them'} in)` : '';
        process.stdout.write(`${metric}: geometric mean speedup ${g} over ${r.pairs} ${result.kind === 'periods' ? 'objects' : 'workloads'}; ${r.wins} better, ${r.losses} worse, ${r.ties} ties (band ±${result.tie_band_pct}%; better or worse only when p < 0.05${untested})${withheld}\n\n`);
      }
    }
  }
  for (const u of result.unmatched) {
    const ran = u.configs && u.configs.length > 0 ? u.configs.join(', ') : u.side === 'baseline' ? result.baseline : u.candidate;
    process.stdout.write(`unpaired: ${u.workload} ran in ${ran} only (runs ${u.runs.join(', ')})\n`);
  }
  for (const w of result.warnings) process.stdout.write(`warning [${w.code}]: ${w.message}${w.runs.length ? ` (runs ${w.runs.join(', ')})` : ''}\n`);
  // Last, where a terminal leaves the eye: the key to pair without, and the command that does it.
  const p = result.proposal;
  if (p) {
    const keys = p.pairing_keys.join(',');
    process.stdout.write(`\nproposal: ${p.message}\n  this comparison: add --pair-by ${keys}\n  every comparison of the study: perfdelta settings --study ${JSON.stringify(result.study)} --pair-by ${keys}\n`);
  }
}
