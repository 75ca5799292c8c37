/**
 * A workload filter: which runs of a study a comparison (or a report's tables) looks at, by
 * workload parameter. S5's COSBench files carry init, prepare and cleanup stages beside the
 * measured one; compared with the CockroachDB and HammerDB runs they add 1.00x pairs that pull
 * the geometric mean towards 1. The filter is part of the comparison's input, so the Compare
 * view, `perfdelta compare --where` and reports leave out the same runs, and it is stated
 * wherever the numbers are.
 *
 * Written as clauses separated by ";":  stage!=*init,*prepare,*cleanup   bs=4K,8K   pattern=random
 * `=` keeps runs whose parameter is one of the values, `!=` drops them; `*` matches any text. A
 * clause constrains only runs that have the parameter: a CockroachDB run has no COSBench stage
 * and stays in (a filter on stages is not a filter on tools).
 */
import type { ParamValue, RunRecord } from '../../contract/records.js';
import { formatBlockSize } from './pairing.js';

export interface WorkloadClause {
  key: string;
  /** true: drop runs whose value matches; false: keep only those. */
  exclude: boolean;
  values: string[];
}

/** Reads "stage!=*init,*cleanup; bs=4K" into clauses; a clause that cannot be read is an error naming it. */
export function parseWorkloadFilter(text: string | readonly string[] | undefined | null): WorkloadClause[] {
  if (text === undefined || text === null) return [];
  const parts = (typeof text === 'string' ? [text] : [...text]).flatMap((t) => t.split(';')).map((t) => t.trim()).filter(Boolean);
  return parts.map((part) => {
    const m = /^([A-Za-z_][A-Za-z0-9_.]*)\s*(!=|=)\s*(.+)$/.exec(part);
    if (!m) throw new Error(`workload filter "${part}": write it as PARAM=VALUE[,VALUE...] or PARAM!=VALUE[,VALUE...] (for example stage!=*init,*cleanup)`);
    const values = m[3]!.split(',').map((v) => v.trim()).filter(Boolean);
    if (values.length === 0) throw new Error(`workload filter "${part}": no value after ${m[2]}`);
    return { key: m[1]!, exclude: m[2] === '!=', values };
  });
}

function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`, 'i');
}

/** How a parameter's value may be written: as stored, and block sizes as engineers write them (4K). */
function spellings(key: string, value: ParamValue): string[] {
  const out = [String(value)];
  if (key === 'bs' && typeof value === 'number') out.push(formatBlockSize(value));
  return out;
}

function clauseKeeps(run: RunRecord, clause: WorkloadClause): boolean {
  const value = run.params[clause.key];
  if (value === undefined) return true;
  const patterns = clause.values.map(globToRegExp);
  const hit = spellings(clause.key, value).some((s) => patterns.some((p) => p.test(s)));
  return clause.exclude ? !hit : hit;
}

export function keepsRun(run: RunRecord, clauses: readonly WorkloadClause[]): boolean {
  return clauses.every((c) => clauseKeeps(run, c));
}

/** The filter as written back, normalised: "stage ≠ *init, *cleanup; bs = 4K". */
export function filterText(clauses: readonly WorkloadClause[]): string {
  return clauses.map((c) => `${c.key} ${c.exclude ? '≠' : '='} ${c.values.join(', ')}`).join('; ');
}

/** The filter stated for a page, with what it left out of the runs it was applied to. */
export function describeFilter(clauses: readonly WorkloadClause[], leftOut: number, locale: 'en' | 'zh-CN' = 'en'): string {
  const keys = [...new Set(clauses.map((c) => c.key))].join(', ');
  if (locale === 'zh-CN') return `负载筛选：${filterText(clauses)}（排除 ${leftOut} 次运行；没有 ${keys} 参数的运行保留）`;
  return `Workload filter: ${filterText(clauses)} (${leftOut} run${leftOut === 1 ? '' : 's'} left out; runs without ${keys} are kept)`;
}

/** The runs the filter keeps. */
export function applyWorkloadFilter<T extends RunRecord>(runs: readonly T[], clauses: readonly WorkloadClause[]): T[] {
  return clauses.length === 0 ? [...runs] : runs.filter((r) => keepsRun(r, clauses));
}
