/**
 * Sanity warnings attached to a comparison: what makes a ratio less trustworthy than it looks.
 * Each names the runs it concerns, so the user can look at them.
 */
import type { CompareWarning, RunRecord } from '../../contract/records.js';
import { describeMetric, metricLabel } from '../metrics/dictionary.js';

const MIN_RUNTIME_S = 60;
export const DEFAULT_CACHE_BYTES = 1024 ** 3;

const ids = (runs: readonly RunRecord[]): number[] => [...new Set(runs.map((r) => r.id))].sort((a, b) => a - b);

function differing(label: string, code: string, key: (r: RunRecord) => string | null, base: RunRecord[], cand: RunRecord[]): CompareWarning | null {
  const b = new Set(base.map(key).filter((v): v is string => v !== null));
  const c = new Set(cand.map(key).filter((v): v is string => v !== null));
  if (b.size === 0 || c.size === 0) return null;
  const same = b.size === c.size && [...b].every((v) => c.has(v));
  if (same) return null;
  return {
    code,
    message: `${label} differs between the sides (baseline: ${[...b].join(', ')}; candidate: ${[...c].join(', ')})`,
    detail: `baseline: ${[...b].join(', ')}; candidate: ${[...c].join(', ')}`,
    runs: ids([...base, ...cand]),
  };
}

/**
 * Settings a tool's output prints that change what its figures mean (issue 40): HammerDB's
 * raiseerror (an error ends the user, or is printed and the user carries on), allwarehouse,
 * timeprofile and the isolation level; rate caps (fio's rate_*, sysbench's --rate) and fio's
 * verify. Runs that differ in one are said to, between the sides and within a side's repetitions.
 */
export const SETTINGS = ['raiseerror', 'allwarehouse', 'timeprofile', 'isolation', 'rate', 'rate_iops', 'rate_iops_min', 'rate_bytes_s', 'rate_min_bytes_s', 'rate_process', 'verify'] as const;

/** The database engine a run measured, where its tool says (HammerDB's `db`). */
const engineOf = (r: RunRecord): string | null => {
  const v = r.params['db'] ?? r.params['db_driver'] ?? r.params['database'];
  return v === undefined ? null : String(v);
};

/**
 * A metric each engine (or tool) counts its own way, compared across engines (tools): HammerDB's
 * TPM of MySQL against PostgreSQL's says nothing; its NOPM does. A table's runs name no tool.
 */
function specificMetricWarnings(runs: readonly RunRecord[], metrics: readonly string[]): CompareWarning[] {
  const out: CompareWarning[] = [];
  for (const metric of metrics) {
    const info = describeMetric(metric);
    const spec = info?.specific;
    if (!info || !spec) continue;
    const measured = runs.filter((r) => r.metrics[metric] !== undefined && r.tool !== 'spreadsheet');
    const keyOf = (r: RunRecord): string | null => (spec.to === 'engine' ? engineOf(r) : r.tool);
    const kinds = [...new Set(measured.map(keyOf).filter((k): k is string => k !== null))];
    if (kinds.length < 2) continue;
    const label = metricLabel(info, 'en');
    const instead = spec.instead ? describeMetric(spec.instead) : null;
    const across = spec.to === 'engine' ? 'database engines' : 'tools';
    out.push({
      code: 'metric-not-comparable',
      message: `${label} (${metric}) is not comparable across ${across} (${kinds.join(', ')}): ${spec.why}${instead ? `; compare ${instead.unit} (${instead.name})` : ''}`,
      detail: `${metric}: ${kinds.join(', ')}${instead ? `; compare ${instead.name}` : ''}`,
      runs: ids(measured.filter((r) => keyOf(r) !== null)),
    });
  }
  return out;
}

/**
 * Runs folded into one workload's repetitions that differ in a setting (attempts with
 * raiseerror false and true): their median mixes two things, said with the runs behind it.
 */
export function foldedSettingWarnings(groups: ReadonlyArray<{ config: string; label: string; runs: readonly RunRecord[] }>): CompareWarning[] {
  const out: CompareWarning[] = [];
  for (const key of SETTINGS) {
    const hits = groups.filter((g) => new Set(g.runs.map((r) => (r.params[key] === undefined ? '(not printed)' : String(r.params[key])))).size > 1);
    if (hits.length === 0) continue;
    const detail = hits.map((g) => `"${g.config}" ${g.label}: ${[...new Set(g.runs.map((r) => (r.params[key] === undefined ? '(not printed)' : String(r.params[key]))))].join(', ')}`).join('; ');
    out.push({ code: 'settings-folded', message: `runs taken as repetitions of one workload differ in ${key}: ${detail}`, detail: `${key}: ${detail}`, runs: ids(hits.flatMap((g) => [...g.runs])) });
  }
  return out;
}

export interface PairedRuns {
  baseline: RunRecord[];
  candidate: RunRecord[];
}

export function runWarnings(paired: PairedRuns, metrics: readonly string[], cacheBytes = DEFAULT_CACHE_BYTES): CompareWarning[] {
  const all = [...paired.baseline, ...paired.candidate];
  const out: CompareWarning[] = [];

  const short = all.filter((r) => typeof r.params['runtime_s'] === 'number' && (r.params['runtime_s'] as number) < MIN_RUNTIME_S);
  if (short.length) out.push({ code: 'short-runtime', message: `runtime under ${MIN_RUNTIME_S} s: results may not have reached steady state`, runs: ids(short) });

  const failed = all.filter((r) => r.errors.length > 0);
  if (failed.length) {
    const errors = [...new Set(failed.flatMap((r) => r.errors))].join('; ');
    out.push({ code: 'run-errors', message: `runs reported errors: ${errors}`, detail: errors, runs: ids(failed) });
  }

  const engine = differing('ioengine', 'different-ioengine', (r) => (r.params['ioengine'] !== undefined ? String(r.params['ioengine']) : null), paired.baseline, paired.candidate);
  const direct = differing('direct I/O', 'different-direct', (r) => (r.params['direct'] !== undefined ? String(r.params['direct']) : null), paired.baseline, paired.candidate);
  const version = differing('tool version', 'different-tool-version', (r) => r.tool_version, paired.baseline, paired.candidate);
  for (const w of [engine, direct, version]) if (w) out.push(w);
  for (const key of SETTINGS) {
    const w = differing(key, 'different-setting', (r) => (r.params[key] !== undefined ? String(r.params[key]) : null), paired.baseline, paired.candidate);
    if (w) out.push(w);
  }
  out.push(...specificMetricWarnings(all, metrics));

  if (all.some((r) => r.tool === 'hammerdb') && metrics.includes('tpm') && version) {
    out.push({ code: 'tpm-across-versions', message: 'TPM is not comparable across HammerDB versions: compare NOPM', runs: version.runs });
  }

  for (const metric of metrics) {
    const info = describeMetric(metric);
    if (!info || !/lat/.test(info.quantity)) continue;
    // Missing where the same tool measured it for other runs (fio with gtod_reduce), not for
    // tools that never report it (HammerDB's result lines carry no latency).
    const measuredBy = new Set(all.filter((r) => r.metrics[metric] !== undefined).map((r) => r.tool));
    const missing = all.filter((r) => r.metrics[metric] === undefined && measuredBy.has(r.tool));
    if (missing.length) out.push({ code: 'latency-missing', message: `${metric} is missing (fio with gtod_reduce, or a tool that does not measure it)`, detail: metric, runs: ids(missing) });
  }

  const small = all.filter((r) => {
    const size = r.params['size_bytes'];
    if (typeof size !== 'number') return false;
    const jobs = typeof r.params['numjobs'] === 'number' ? (r.params['numjobs'] as number) : 1;
    return size * jobs <= cacheBytes;
  });
  if (small.length) {
    out.push({
      code: 'working-set-in-cache',
      message: `the working set (size × jobs) is at most ${(cacheBytes / 1024 ** 3).toFixed(1)} GiB and may fit in a cache: the figures may measure the cache, not the storage`,
      detail: `size × jobs ≤ ${(cacheBytes / 1024 ** 3).toFixed(1)} GiB`,
      runs: ids(small),
    });
  }
  return out;
}
