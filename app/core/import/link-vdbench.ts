/**
 * A vdbench output folder reports the same run definitions several times: flatfile.html (the
 * column form, preferred), summary.html (with the interval lines), totals.html, logfile.html,
 * per-host and per-SD reports. Importing all of them would count each result several times, as
 * if repeated. Per folder one report gives the runs: the flatfile, else the interval report
 * with the most intervals that is not per host; the others are kept as files and say where
 * their results went; a histogram report joins the run of the same run definition as a table.
 */
import path from 'node:path';
import type { ParsedRun } from '../../../importers/types.js';

export interface VdbenchFile {
  index: number;
  path: string;
  runs: readonly ParsedRun[];
}

const report = (f: VdbenchFile): string => String(f.runs[0]?.tables['report'] ?? '');
const dir = (p: string): string => path.posix.dirname(p.replace(/\\/g, '/'));
const intervals = (f: VdbenchFile): number => f.runs.reduce((n, r) => n + r.series.reduce((m, s) => m + s.times.length, 0), 0);

/** For each vdbench file: the index of the file whose runs stand for its folder (itself if primary). */
export function vdbenchPrimaries(files: readonly VdbenchFile[]): Map<number, number> {
  const out = new Map<number, number>();
  const byDir = new Map<string, VdbenchFile[]>();
  for (const f of files) {
    const list = byDir.get(dir(f.path)) ?? [];
    list.push(f);
    byDir.set(dir(f.path), list);
  }
  for (const group of byDir.values()) {
    const results = group.filter((f) => report(f) !== 'histogram');
    const flat = results.find((f) => report(f) === 'flatfile');
    // Per-host and per-definition (sd/wd/fsd/fwd) reports are slices, never the whole result;
    // ties go to the fuller report, then to the path, so file order never decides.
    const slice = (f: VdbenchFile): boolean => f.runs.some((r) => r.host || ['sd', 'wd', 'fsd', 'fwd'].some((k) => r.params[k] !== undefined));
    const totals = results.filter((f) => !slice(f)).sort((a, b) => intervals(b) - intervals(a) || a.path.localeCompare(b.path));
    const primary = flat ?? totals[0] ?? [...results].sort((a, b) => a.path.localeCompare(b.path))[0];
    for (const f of group) out.set(f.index, primary ? primary.index : f.index);
  }
  return out;
}

/** The run-definition name a run stands for ("rd1", "rd_4k_RR"): how a histogram finds its run. */
export function rdName(run: ParsedRun): string {
  return String(run.params['rd'] ?? run.name);
}
