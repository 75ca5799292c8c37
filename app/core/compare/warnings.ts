/**
 * Sanity warnings attached to a comparison: what makes a ratio less trustworthy than it looks.
 * Each names the runs it concerns, so the user can look at them.
 */
import type { CompareWarning, RunRecord } from '../../contract/records.js';
import { describeMetric } from '../metrics/dictionary.js';

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
