/**
 * The configurations a drop of files holds, proposed before anything is written (issue 39): 28
 * fio JSON files of four cloud volumes × seven block sizes, the volume only in each file's name
 * and fio's `filename`, are four configurations of seven runs, not one configuration with four
 * "repetitions" per block size. The same analysis as a study's repetition check: the runs are
 * grouped by workload (the pairing keys), and what tells the runs of a group apart
 * (`whatTellsApart`) is a configuration when it is something the files were set up with: the
 * device or host they ran on, a parameter the tool was given, or a token of their names.
 * What is not: the day they ran, a repetition's number or time stamp in the name (`run1`,
 * `rep-2`, `20240105T1000`), a value seen once (a measured time). Three runs of one workload on
 * one device split by none of these: repetitions, nothing proposed.
 */
import type { DropConfigurations, Discriminator, ParamValue } from '../../contract/records.js';
import { workloadKey, workloadParams } from '../compare/pairing.js';
import { paramsFromPath } from '../import/path-params.js';
import { CLOSED_LOOP_TOOLS } from './design.js';
import { whatTellsApart, type RunFacts } from './discriminators.js';

/** One staged run as the proposal sees it: its file (staged id and path), tool and parameters. */
export interface DropRun {
  file: string;
  path: string;
  tool: string;
  params: Readonly<Record<string, ParamValue>>;
  host?: string | null;
  start?: string | null;
}

/** A repetition's index or a time stamp, not a configuration: `3`, `run2`, `rep-10`, `iter_1`, `2024-01-05`, `20240105T1000`. */
const INDEX_LIKE = /^(?:(?:run|rep|repeat|repetition|iter|iteration|try|trial|pass|round|sample|attempt|r|t|n|i|x|#)[-_ ]?)?\d+$/i;
const TIME_LIKE = /\d{4}-\d{2}-\d{2}|\d{8,}|\d{1,2}[:h]\d{2}|^\d+T\d+$/;

const base = (p: string): string => p.replace(/\\/g, '/').split('/').filter(Boolean).pop() ?? p;

/** Is this discriminator a way the files were set up, rather than when or which time they ran? */
function isConfiguration(d: Discriminator, splitRuns: number): boolean {
  if (d.kind === 'day') return false;
  if (d.kind === 'path') {
    if (d.values.every((v) => INDEX_LIKE.test(v) || TIME_LIKE.test(v))) return false;
    // A token different in every file across several workloads names the file, not its setup.
    if (d.splits >= 2 && d.values.length >= splitRuns) return false;
  }
  return true;
}

/**
 * The configurations proposed for staged runs, or null when nothing tells runs of one workload
 * apart (true repetitions, one file, one run per workload). `keys`: the pairing keys (the
 * study's, else the defaults); `pathRules`: parameters read from the paths (the study's and the
 * sheet's), which make workloads rather than configurations.
 */
export function dropConfigurations(runs: readonly DropRun[], keys: readonly string[], pathRules: DropPathRule[] = []): DropConfigurations | null {
  // Only load generators' runs repeat a workload (a monitor's samples or an AWR report do not).
  // A rule's parameter pairs runs as the study's keys do (savePathParams adds it to them).
  const pairing = [...keys, ...pathRules.map((r) => r.param).filter((p) => !keys.includes(p))];
  const candidates = runs.map((r, id) => ({ ...r, id, params: { ...r.params, ...paramsFromPath(r.path, pathRules) } })).filter((r) => CLOSED_LOOP_TOOLS.has(r.tool));
  const groups = new Map<string, number[]>();
  for (const r of candidates) {
    const key = `${r.tool}\u0000${workloadKey(workloadParams(r, pairing), pairing)}`;
    groups.set(key, [...(groups.get(key) ?? []), r.id]);
  }
  const several = [...groups.values()].filter((g) => g.length >= 2);
  if (several.length === 0) return null;
  const facts: RunFacts[] = candidates.map((r) => ({ id: r.id, file: r.path, params: r.params, host: r.host ?? null, start: r.start ?? null }));
  const tells = whatTellsApart(facts, several);
  const splitRuns = (d: Discriminator): number => d.runs.length;
  // A token read in some groups only (its context differs from group to group) would cut the
  // drop into the files it reads and the rest: only a token every file has tells configurations.
  const readsEvery = (d: Discriminator): boolean => d.kind !== 'path' || (d.rule !== undefined && candidates.every((r) => paramsFromPath(r.path, [d.rule!])[d.rule!.param] !== undefined));
  const telling = tells.filter((d) => d.splits > 0 && isConfiguration(d, splitRuns(d)) && readsEvery(d));
  // Folders that differ beside a file-name token that differs (a server's folder of
  // sysbench.ro.short.N.res and sysbench.ro.long.N.res): the folders are the configurations, as
  // the user laid them out, and the token a workload's shape the analysis proposes as a parameter.
  const folderToken = (d: Discriminator): boolean => d.kind === 'path' && d.rule !== undefined && d.rule.pattern.endsWith('/');
  const by = telling.some(folderToken) ? telling.filter((d) => d.kind !== 'path' || folderToken(d)) : telling;
  if (by.length === 0) return null;

  // Each run's values of what tells the files apart; runs with the same values are one configuration.
  const valueOf = (d: Discriminator, r: (typeof candidates)[number]): string => {
    if (d.kind === 'host') return r.host ?? '';
    if (d.kind === 'path') return d.rule ? String(paramsFromPath(r.path, [d.rule])[d.rule.param] ?? '') : '';
    return r.params[d.param] === undefined ? '' : String(r.params[d.param]);
  };
  const parts = new Map<string, { values: string[]; runs: Array<(typeof candidates)[number]> }>();
  for (const r of candidates) {
    const values = by.map((d) => valueOf(d, r));
    const key = values.join('\u0000');
    const part = parts.get(key) ?? { values, runs: [] };
    part.runs.push(r);
    parts.set(key, part);
  }
  if (parts.size < 2) return null;

  // A file whose runs fall in two configurations (one fio JSON, two jobs on two devices) cannot be
  // split by file: it stays with the one label the user types.
  const partsOfFile = new Map<string, Set<string>>();
  for (const [key, p] of parts) for (const r of p.runs) partsOfFile.set(r.file, (partsOfFile.get(r.file) ?? new Set()).add(key));
  const mixed = [...partsOfFile].filter(([, ks]) => ks.size > 1).map(([f]) => f);

  // The label: the file-name token where there is one (a person's name for the volume, "io2-16000"),
  // else the device's last path segment ("nvme1n1"), else the values together.
  const labelOf = (values: string[]): string => {
    const token = by.findIndex((d) => d.kind === 'path');
    if (token >= 0 && values[token]) return values[token]!;
    const named = values.map((v, i) => (by[i]!.ran_on ? base(v) : v)).filter((v) => v !== '');
    return named.join(' · ') || '—';
  };
  const made = [...parts.values()].map((p) => ({ label: labelOf(p.values), values: Object.fromEntries(by.map((d, i) => [d.param, p.values[i]!])), files: [...new Set(p.runs.map((r) => r.file))].filter((f) => !mixed.includes(f)), runs: p.runs.length }));
  // Two parts with one label (a token that does not go one to one with the device): name them by every value.
  if (new Set(made.map((m) => m.label)).size < made.length) {
    for (const m of made) m.label = Object.values(m.values).map((v) => base(v)).filter(Boolean).join(' · ') || '—';
  }
  made.sort((a, b) => a.label.localeCompare(b.label, 'en', { numeric: true, sensitivity: 'base' }));
  return {
    by: by.map((d) => ({ kind: d.kind as 'param' | 'host' | 'path', param: d.param, values: d.values, ran_on: d.ran_on })),
    groups: made.filter((m) => m.files.length > 0),
    mixed,
  };
}

export type DropPathRule = { pattern: string; param: string };
