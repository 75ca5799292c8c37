/**
 * A vdbench output folder reports the same run definitions several times: flatfile.html (the
 * column form, preferred), summary.html (with the interval lines), totals.html, logfile.html,
 * per-host and per-SD reports. Importing all of them would count each result several times, as
 * if repeated. So one report gives the runs and a copy joins them, but only after comparing
 * what the two hold (same-results.ts): two different outputs in one folder, or two uploads of a
 * `summary.html` (which carry no folder at all), each give their runs. A histogram report joins
 * the run of the same run definition as a table.
 */
import path from 'node:path';
import type { ParsedRun } from '../../../importers/types.js';
import { compareResults, rdName } from './same-results.js';

export { rdName };

export interface VdbenchFile {
  index: number;
  path: string;
  runs: readonly ParsedRun[];
}

/** Runs an earlier import of the folder stored, by the file that gave them. */
export interface StoredVdbench {
  file: string;
  runs: ReadonlyArray<{ id: number; run: ParsedRun }>;
}

/** Where a file's results come from: itself, another file of this import, or an earlier import. */
export type ResultsSource = { file: number } | { stored: StoredVdbench };

export type VdbenchRole =
  /** Its runs are imported; `note` says why it was not folded into a report beside it. */
  | { kind: 'primary'; note: string | null }
  /** A copy of another report's results (or a per-host/SD slice of them): kept as a file, joined to those runs. */
  | { kind: 'copy'; of: ResultsSource; matches: number[]; note: string }
  /** A response-time histogram: joins the run of each of its run definitions (`targets[i]` for its run i, or null). */
  | { kind: 'histogram'; targets: Array<{ of: ResultsSource; run: number } | null>; note: string | null };

export const folderOf = (p: string): string => path.posix.dirname(p.replace(/\\/g, '/'));
const report = (runs: readonly ParsedRun[]): string => String(runs[0]?.tables['report'] ?? '');
const intervals = (f: VdbenchFile): number => f.runs.reduce((n, r) => n + r.series.reduce((m, s) => m + s.times.length, 0), 0);
/** Per-host and per-definition (sd/wd/fsd/fwd) reports are slices, never the whole result. */
const isSlice = (runs: readonly ParsedRun[]): boolean => runs.some((r) => r.host || ['sd', 'wd', 'fsd', 'fwd'].some((k) => r.params[k] !== undefined));

interface Source {
  of: ResultsSource;
  label: string;
  runs: readonly ParsedRun[];
  slice: boolean;
}

/**
 * What each vdbench file of an import does, folder by folder: `stored(folder)` gives what
 * earlier imports of the study's configuration stored from that folder.
 */
export function planVdbench(files: readonly VdbenchFile[], stored: (folder: string) => StoredVdbench[]): Map<number, VdbenchRole> {
  const out = new Map<number, VdbenchRole>();
  const byDir = new Map<string, VdbenchFile[]>();
  for (const f of files) {
    const list = byDir.get(folderOf(f.path)) ?? [];
    list.push(f);
    byDir.set(folderOf(f.path), list);
  }
  for (const [folder, group] of byDir) {
    const sources: Source[] = stored(folder).map((s) => ({
      of: { stored: s }, label: `${s.file}, from an earlier import of this folder`, runs: s.runs.map((r) => r.run), slice: isSlice(s.runs.map((r) => r.run)),
    }));
    // The fullest report first (the flatfile, then the one with the most intervals), slices
    // last; ties go to the path, so file order never decides which report gives the runs.
    const rank = (f: VdbenchFile): number => (report(f.runs) === 'flatfile' ? 0 : isSlice(f.runs) ? 2 : 1);
    const results = group.filter((f) => report(f.runs) !== 'histogram')
      .sort((a, b) => rank(a) - rank(b) || intervals(b) - intervals(a) || a.path.localeCompare(b.path));
    for (const f of results) {
      const slice = isSlice(f.runs);
      const role = copyOf(f, slice, sources);
      out.set(f.index, role.kind === 'copy' ? role : { kind: 'primary', note: role.note });
      if (role.kind !== 'copy') sources.push({ of: { file: f.index }, label: f.path, runs: f.runs, slice });
    }
    for (const f of group.filter((g) => report(g.runs) === 'histogram')) out.set(f.index, histogramRole(f, sources));
  }
  return out;
}

/** The report `f` is a copy (or a slice) of, compared run by run; else why it stands on its own. */
function copyOf(f: VdbenchFile, slice: boolean, sources: readonly Source[]): Extract<VdbenchRole, { kind: 'copy' }> | { kind: 'primary'; note: string | null } {
  const differences: string[] = [];
  for (const s of sources) {
    const same = compareResults(f.runs, s.runs);
    if (same.same) {
      return { kind: 'copy', of: s.of, matches: same.matches, note: `the same results as ${s.label}, which gave the runs (the same ${plural(f.runs.length, 'run definition')}; ${plural(same.figures, 'figure')} compared, equal to the digits printed): kept as a file, no runs of its own` };
    }
    // A per-host or per-SD report of a run whose total is here: its figures are a share of it.
    if (slice && !s.slice) {
      const defs = compareResults(f.runs, s.runs, { figures: false });
      if (defs.same) return { kind: 'copy', of: s.of, matches: defs.matches, note: `a per-host or per-SD part of the results of ${s.label}, which gave the runs (the same ${plural(f.runs.length, 'run definition')}): kept as a file, no runs of its own` };
    }
    differences.push(`${s.label} (${same.why})`);
  }
  return { kind: 'primary', note: differences.length ? `other results than ${differences.join(' or ')}: imported as runs of its own` : null };
}

function histogramRole(f: VdbenchFile, sources: readonly Source[]): VdbenchRole {
  // A histogram carries no figures: its run definition (name and stated parameters) finds the run.
  const wholes = sources.filter((s) => !s.slice);
  const pool = wholes.length ? wholes : sources;
  const missing: string[] = [];
  const targets = f.runs.map((run) => {
    const hits = pool.flatMap((s) => {
      const m = compareResults([run], s.runs, { figures: false });
      return m.same ? [{ of: s.of, run: m.matches[0]!, label: s.label }] : [];
    });
    if (hits.length === 1) return hits[0]!;
    missing.push(`${rdName(run)}: ${hits.length ? `it could be the run of ${hits.map((h) => h.label).join(' or ')}` : 'no report of this folder has that run definition'}`);
    return null;
  });
  if (pool.length === 0) return { kind: 'primary', note: null };
  // A histogram none of whose runs is here is kept with runs of its own, as if alone.
  if (targets.every((t) => t === null)) return { kind: 'primary', note: `a histogram whose run definitions no results report beside it has (${missing.join('; ')}): imported as runs of its own` };
  return { kind: 'histogram', targets: targets.map((t) => (t ? { of: t.of, run: t.run } : null)), note: missing.length ? `not joined (${missing.join('; ')})` : null };
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
