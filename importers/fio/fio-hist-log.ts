/**
 * fio histogram logs (log_hist_msec): `time_ms, ddir, bs, bin0, bin1, ...` with per-interval
 * bucket counts (FORMATS.md 1.3). The bin count tells the version, and with it the unit:
 * 1856 >> coarseness bins in fio 3 (ns), 1216 >> coarseness in fio 2 (µs). Each row becomes
 * a point of a percentile-over-time series; the sum of all rows is the run's distribution.
 */
import type { Importer, LatencyBins, ParsedRun, ParsedSeries, ParseResult } from '../types.js';
import { LADDER, LADDER_NAMES, latencyBins, percentilesFromBins, platIdxToVal } from './latency-bins.js';
import { logTimes } from './fio-log.js';
import { firstLineColumns, scanRows } from './log-scan.js';

const DIRS = ['read', 'write', 'trim'] as const;
const FIO3_BINS = 1856;
const FIO2_BINS = 1216;

/** Bin count -> version, unit and coarseness, or null if it is neither fio 2 nor fio 3. */
export function histLayout(bins: number): { fio: 2 | 3; toMs: number; coarseness: number } | null {
  for (let c = 0; c <= 6; c++) {
    if (FIO3_BINS >> c === bins) return { fio: 3, toMs: 1e-6, coarseness: c };
    if (FIO2_BINS >> c === bins) return { fio: 2, toMs: 1e-3, coarseness: c };
  }
  return null;
}

export const fioHistLogImporter: Importer = {
  id: 'fio-hist-log',
  version: '1.0.0',
  tool: 'fio',
  title: 'fio histogram log',

  detect(head: string): boolean {
    const first = head.split('\n', 1)[0] ?? '';
    const cols = first.split(', ');
    return cols.length >= 30 && /^\d+$/.test(cols[0]!) && /^[0-2]$/.test(cols[1]!) && cols.slice(2, 40).every((c) => /^\d+\s*$/.test(c));
  },

  parse({ bytes, name }): ParseResult {
    const columns = firstLineColumns(bytes);
    const layout = histLayout(columns - 3);
    if (!layout) {
      return { runs: [], warnings: [], errors: [{ message: `${columns - 3} histogram bins: neither fio 3 (1856 >> n) nor fio 2 (1216 >> n)`, line: 1 }] };
    }
    const scan = scanRows(bytes, columns);
    const warnings: string[] = [];
    if (scan.badLine !== null) warnings.push(`line ${scan.badLine} is not a complete histogram row: read up to it (cut off?)`);
    if (scan.rows === 0) return { runs: [], warnings: [], errors: [{ message: 'no histogram rows', line: 1 }] };

    const bins = columns - 3;
    const step = 2 ** layout.coarseness;
    // Coarse bins merge 2^c fio buckets: take the middle bucket's value.
    const binMs = Float64Array.from({ length: bins }, (_, j) => platIdxToVal(j * step + (step >> 1)) * layout.toMs);
    const total = DIRS.map(() => new Float64Array(bins));
    const points = DIRS.map(() => ({ t: [] as number[], p: LADDER.map(() => [] as number[]) }));
    const v = scan.values;
    for (let r = 0; r < scan.rows; r++) {
      const d = v[r * columns + 1]!;
      const counts = v.subarray(r * columns + 3, (r + 1) * columns);
      for (let j = 0; j < bins; j++) total[d]![j]! += counts[j]!;
      const pct = percentilesFromBins(binMs, counts, LADDER);
      if (pct[0] === null) continue; // an interval with no I/O in this direction
      points[d]!.t.push(v[r * columns]!);
      pct.forEach((x, k) => points[d]!.p[k]!.push(x!));
    }

    const stem = (name.split(/[\\/]/).pop() ?? name).replace(/_clat_hist(\.\d+)?\.log(\.fz)?$/i, '').replace(/\.log$/i, '');
    const series: ParsedSeries[] = [];
    const metrics: Record<string, number> = {};
    const distribution: Record<string, LatencyBins> = {};
    DIRS.forEach((dir, d) => {
      if (points[d]!.t.length === 0) return;
      LADDER.forEach((p, k) => {
        series.push({ object: stem, metric: `${dir}.clat_${LADDER_NAMES[p]}_ms`, unit: 'ms', times: Float64Array.from(points[d]!.t), values: Float64Array.from(points[d]!.p[k]!) });
      });
      const overall = percentilesFromBins(binMs, total[d]!, LADDER);
      LADDER.forEach((p, k) => { if (overall[k] !== null) metrics[`${dir}.clat_${LADDER_NAMES[p]}_ms`] = overall[k]!; });
      const bins = latencyBins(binMs, total[d]!, 1);
      if (bins) distribution[dir] = bins;
    });

    const run: ParsedRun = {
      name: stem,
      tool: 'fio',
      toolVersion: layout.fio === 3 ? 'fio-3.x' : 'fio-2.x',
      host: null,
      startMs: null,
      endMs: null,
      params: {},
      metrics,
      tables: {
        log: { kind: 'clat_hist', stem, rows: scan.rows, bins, coarseness: layout.coarseness, unit_in_file: layout.fio === 3 ? 'ns' : 'µs', ...logTimes(series[0]?.times[0]) },
        latency_bins: distribution,
      },
      series,
      warnings: [...warnings, 'percentiles computed from histogram buckets: each within one bucket width (~1/128) of the exact value'],
      errors: [],
    };
    return { runs: [run], warnings: [], errors: [] };
  },
};
