/**
 * Whether two reports hold the same results: the same run definitions with the same figures.
 * A vdbench output folder prints one run several times (flatfile, summary, totals, logfile), and
 * those copies must be folded into one set of runs; but two different outputs copied into one
 * folder (or two `summary.html` uploaded into one configuration) must never be, so nothing is
 * folded on a name or a folder alone (issue 18: a second output's runs were silently dropped).
 */
import type { ParamValue, ParsedRun } from '../../../importers/types.js';

/** The run-definition name a run stands for ("rd1", "rd_4k_RR"). */
export function rdName(run: Pick<ParsedRun, 'name' | 'params'>): string {
  return String(run.params['rd'] ?? run.name);
}

/**
 * Params that say which slice of a run a report shows (a host, an SD, an FSD) rather than the
 * workload: a per-host report and the summary share the run definition, not these.
 */
const SUBJECT_KEYS = new Set(['host', 'sd', 'wd', 'fsd', 'fwd', 'slave']);

/**
 * Host CPU columns: vdbench samples them per report (a flatfile's 1.729 is the summary's 1.71
 * of the same run), so they tell no two results apart and are not compared.
 */
const UNCOMPARED = /^cpu_/;

/** Digits after the point as the number prints: the precision its report wrote it with. */
function decimals(v: number): number {
  const s = String(v);
  if (/e/i.test(s)) return 20;
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

/**
 * Two figures of one run printed by two reports. The same printer (summary, totals and logfile
 * print the same columns alike) prints the same digits: equal. The flatfile prints more digits
 * than the interval reports: equal within one unit of the last digit the coarser printed
 * (vdbench truncates some columns: 15489.6667 ops/s is 15489 in the summary, and rounds
 * others: 0.0999 ms is 0.1). A whole number may be a "1.000" whose zeros the number lost, so
 * it is held to 1% (or the finer figure's last digit) rather than to a whole unit.
 */
export function sameFigure(a: number, b: number, samePrinter: boolean): boolean {
  if (!Number.isFinite(a) || !Number.isFinite(b)) return Object.is(a, b);
  if (samePrinter) return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  const [coarse, fine] = decimals(a) <= decimals(b) ? [a, b] : [b, a];
  let unit = 10 ** -decimals(coarse);
  if (Number.isInteger(coarse) && coarse !== 0) unit = Math.min(unit, Math.max(0.01 * Math.abs(coarse), 10 ** -decimals(fine)));
  return Math.abs(a - b) <= unit * (1 + 1e-9) + 1e-12;
}

const show = (v: ParamValue | number): string => (typeof v === 'number' ? String(Math.round(v * 1e4) / 1e4) : String(v));

/** The params both runs state (the subject of a slice aside) that differ, as "iorate max / 100". */
function paramDifference(a: ParsedRun, b: ParsedRun): string | null {
  for (const [k, v] of Object.entries(a.params)) {
    if (SUBJECT_KEYS.has(k) || !(k in b.params)) continue;
    if (b.params[k] !== v) return `${k} ${show(v)} here, ${show(b.params[k]!)} there`;
  }
  return null;
}

/** The first figure both runs hold that differs, or null; and how many were compared. */
function figureDifference(a: ParsedRun, b: ParsedRun): { differs: string | null; compared: number } {
  let compared = 0;
  const samePrinter = a.tables['report'] === b.tables['report'];
  for (const [k, v] of Object.entries(a.metrics)) {
    const w = b.metrics[k];
    if (w === undefined || UNCOMPARED.test(k)) continue;
    compared++;
    if (!sameFigure(v, w, samePrinter)) return { differs: `${k} ${show(v)} here, ${show(w)} there`, compared };
  }
  return { differs: null, compared };
}

export type ResultsComparison =
  /** `matches[i]`: the index in `b` of the run `a[i]` holds the same result as. */
  | { same: true; matches: number[]; figures: number }
  | { same: false; why: string };

/**
 * Whether every run of `a` is a run of `b`: the same run definition (name and the parameters
 * both state) and the same figures (every one both hold; at least one). `a` may hold fewer runs
 * than `b` (a totals file cut short), never one `b` lacks: folding it would lose that run.
 * With `figures: false`, the run definitions alone (a per-host or per-SD slice of `b`'s runs,
 * whose figures are its share of the total).
 */
export function compareResults(a: readonly ParsedRun[], b: readonly ParsedRun[], options: { figures?: boolean } = {}): ResultsComparison {
  const figures = options.figures ?? true;
  if (a.length === 0) return { same: false, why: 'it holds no runs' };
  const taken = new Set<number>();
  const matches: number[] = [];
  let compared = 0;
  for (const run of a) {
    let why = `no run definition ${rdName(run)}`;
    let found = -1;
    for (let j = 0; j < b.length && found < 0; j++) {
      const other = b[j]!;
      if (taken.has(j) || rdName(other) !== rdName(run)) continue;
      const params = paramDifference(run, other);
      if (params) {
        why = `${rdName(run)}: ${params}`;
        continue;
      }
      if (!figures) {
        found = j;
        continue;
      }
      const f = figureDifference(run, other);
      if (f.differs) why = `${rdName(run)}: ${f.differs}`;
      else if (f.compared === 0) why = `${rdName(run)}: no figures in common`;
      else {
        found = j;
        compared += f.compared;
      }
    }
    if (found < 0) return { same: false, why };
    taken.add(found);
    matches.push(found);
  }
  return { same: true, matches, figures: compared };
}
