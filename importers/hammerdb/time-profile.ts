/**
 * HammerDB's transaction time profiles (FORMATS.md 5.3), turned into per-transaction rows and
 * metrics `<proc>.lat_avg_ms`, `.lat_p50_ms`, `.lat_p95_ms`, `.lat_p99_ms`, `.lat_max_ms`, `.calls`.
 *
 * - v3.x / v4.0 etprof: every 10 s each profiled Vuser prints a `|PERCENTILES <from> to <to>`
 *   block of `|neword|MIN-391|P50%-685|...|SAMPLES-3603` lines in µs (Tcl `clock clicks`), and
 *   at the end a `|PROCNAME | EXCLUSIVETOT| %| CALLNUM| AVGPERCALL| CUMULTOT|` table.
 * - v4.1+ xtprof: a report of `>>>>> VIRTUAL USER n` blocks and a `>>>>> SUMMARY OF k ACTIVE
 *   VIRTUAL USERS` block, each `>>>>> PROC: NEWORD` followed by `CALLS: n MIN: x.xxxms ...` and
 *   `P99: ...ms ... SD: x RATIO: x%`. The fields are tab-separated in the source but arrive run
 *   together in real files ('CALLS: 41234MIN: 2.409ms'), so fields are found by their labels.
 */

export interface TransactionRow {
  source: 'etprof-percentiles' | 'etprof-totals' | 'xtprof' | 'jobs-timing';
  /** The Vuser that measured it; null for an xtprof SUMMARY row. */
  vu: number | null;
  proc: string;
  /** etprof percentile interval, local time as printed. */
  from?: string;
  to?: string;
  calls?: number;
  min_ms?: number;
  avg_ms?: number;
  max_ms?: number;
  total_ms?: number;
  p25_ms?: number;
  p50_ms?: number;
  p75_ms?: number;
  p95_ms?: number;
  p99_ms?: number;
  /** Standard deviation as printed, in `sd_unit`. */
  sd?: number;
  sd_unit?: 'ms' | 'clock clicks';
  ratio_pct?: number;
  elapsed_ms?: number;
  exclusive_total_ms?: number;
  exclusive_pct?: number;
  cumulative_ms?: number;
}

/** The five TPROC-C transactions; other profiled procedures (gettimestamp, ...) stay in the table. */
export const TPCC_PROCS = ['neword', 'payment', 'delivery', 'slev', 'ostat'] as const;

const US_TO_MS = 1e-3;

const PERCENTILES_HEADER = /^\|PERCENTILES\s+(.+?)\s+to\s+(.+?)\s*$/;
const PERCENTILES_ROW = /^\|([^|]+)\|MIN-([\d.]+)\|P50%-([\d.]+)\|P95%-([\d.]+)\|P99%-([\d.]+)\|MAX-([\d.]+)\|SAMPLES-(\d+)/;
// etprof pads with spaces to fixed widths; copies found in the wild have them collapsed.
const TOTALS_ROW = /^\|\s*([^|\s][^|]*?)\s*\|\s*(\d+)\s*\|\s*([\d.]+)%\s*\|\s*(\d+)\s*\|\s*(\d+)\s*\|\s*([^|]*?)\s*\|\s*$/;
const XT_VU = /^>>>>> VIRTUAL USER (\d+) : ELAPSED TIME : ([\d.]+)ms/;
const XT_SUMMARY = /^>>>>> SUMMARY OF (\d+) ACTIVE VIRTUAL USERS : MEDIAN ELAPSED TIME : ([\d.]+)ms/;
const XT_PROC = /^>>>>> PROC: (\S+)/;
const XT_FIELD = /([A-Z][A-Z0-9]*):\s*(-?\d+(?:\.\d+)?)(ms|%)?/g;

const XT_FIELDS: Record<string, keyof TransactionRow> = {
  CALLS: 'calls', MIN: 'min_ms', AVG: 'avg_ms', MAX: 'max_ms', TOTAL: 'total_ms',
  P99: 'p99_ms', P95: 'p95_ms', P75: 'p75_ms', P50: 'p50_ms', P25: 'p25_ms', RATIO: 'ratio_pct',
};

/** Collects the profile lines of one run, whatever Vuser printed them. */
export class TimeProfile {
  readonly rows: TransactionRow[] = [];
  /** "SUMMARY OF k ACTIVE VIRTUAL USERS" of an xtprof report. */
  activeVus: number | null = null;
  private readonly interval = new Map<number, { from: string; to: string }>();
  private readonly totals = new Map<string, TransactionRow>();
  private xtBlock: { vu: number | null; elapsedMs: number } | null = null;
  private xtRow: TransactionRow | null = null;

  /** Takes one message (the "Vuser n:" prefix removed); true when it was a profile line. */
  feed(vu: number | null, message: string): boolean {
    const key = vu ?? 0;
    let m = PERCENTILES_HEADER.exec(message);
    if (m) {
      this.interval.set(key, { from: m[1]!, to: m[2]! });
      return true;
    }
    m = PERCENTILES_ROW.exec(message);
    if (m) {
      const at = this.interval.get(key);
      this.rows.push({
        source: 'etprof-percentiles', vu, proc: m[1]!.trim(), from: at?.from, to: at?.to,
        min_ms: Number(m[2]) * US_TO_MS, p50_ms: Number(m[3]) * US_TO_MS, p95_ms: Number(m[4]) * US_TO_MS,
        p99_ms: Number(m[5]) * US_TO_MS, max_ms: Number(m[6]) * US_TO_MS, calls: Number(m[7]),
      });
      return true;
    }
    m = TOTALS_ROW.exec(message);
    if (m) {
      const cumulative = /^(?:\(\*\))?(\d+)$/.exec(m[6]!);
      const row: TransactionRow = {
        source: 'etprof-totals', vu, proc: m[1]!, exclusive_total_ms: Number(m[2]) * US_TO_MS,
        exclusive_pct: Number(m[3]), calls: Number(m[4]), avg_ms: Number(m[5]) * US_TO_MS,
        cumulative_ms: cumulative ? Number(cumulative[1]) * US_TO_MS : undefined,
      };
      // The table may be printed more than once; the last one is the whole run.
      const id = `${key}|${row.proc}`;
      const previous = this.totals.get(id);
      if (previous) this.rows.splice(this.rows.indexOf(previous), 1);
      this.totals.set(id, row);
      this.rows.push(row);
      return true;
    }
    if (/^\|PROCNAME\s*\|/.test(message) || /^\+-+\+/.test(message)) return true;
    return this.feedXtprof(message.trim());
  }

  private feedXtprof(line: string): boolean {
    let m = XT_VU.exec(line);
    if (m) {
      this.xtBlock = { vu: Number(m[1]), elapsedMs: Number(m[2]) };
      this.xtRow = null;
      return true;
    }
    m = XT_SUMMARY.exec(line);
    if (m) {
      this.activeVus = Number(m[1]);
      this.xtBlock = { vu: null, elapsedMs: Number(m[2]) };
      this.xtRow = null;
      return true;
    }
    m = XT_PROC.exec(line);
    if (m && this.xtBlock) {
      this.xtRow = { source: 'xtprof', vu: this.xtBlock.vu, proc: m[1]!, elapsed_ms: this.xtBlock.elapsedMs };
      this.rows.push(this.xtRow);
      return true;
    }
    if (this.xtRow && /^(CALLS|P99):/.test(line)) {
      for (const f of line.matchAll(XT_FIELD)) {
        const [, label, value, unit] = f;
        if (label === 'SD') {
          // FORMATS.md 5.3: v4.1–v5.0 print SD with no unit, the sigma of raw `clock clicks`;
          // v6.0 scales it and prints "ms". The suffix, not a guessed version, decides.
          this.xtRow.sd = Number(value);
          this.xtRow.sd_unit = unit === 'ms' ? 'ms' : 'clock clicks';
          continue;
        }
        const field = XT_FIELDS[label!];
        if (field) (this.xtRow as unknown as Record<string, number>)[field] = Number(value);
      }
      return true;
    }
    return false;
  }

  get isEmpty(): boolean {
    return this.rows.length === 0;
  }

  /** Per-transaction metrics for the five TPROC-C transactions, and what had to be approximated. */
  metrics(): { metrics: Record<string, number>; warnings: string[] } {
    const metrics: Record<string, number> = {};
    const warnings: string[] = [];
    const of = (source: TransactionRow['source'], proc: string): TransactionRow[] =>
      this.rows.filter((r) => r.source === source && r.proc.toLowerCase() === proc);
    let approximated = false;
    let unsummarised = false;
    for (const proc of TPCC_PROCS) {
      const set = (name: string, v: number | undefined): void => {
        if (v !== undefined && Number.isFinite(v)) metrics[`${proc}.${name}`] = v;
      };
      const xt = of('xtprof', proc);
      if (xt.length > 0) {
        const summary = xt.find((r) => r.vu === null);
        if (summary) {
          set('calls', summary.calls);
          set('lat_avg_ms', summary.avg_ms);
          set('lat_max_ms', summary.max_ms);
          set('lat_p50_ms', summary.p50_ms);
          set('lat_p95_ms', summary.p95_ms);
          set('lat_p99_ms', summary.p99_ms);
        } else {
          unsummarised = true;
          combineWithoutPercentiles(xt, set);
        }
        continue;
      }
      const intervals = of('etprof-percentiles', proc);
      const totals = of('etprof-totals', proc);
      if (totals.length > 0) combineWithoutPercentiles(totals, set);
      if (intervals.length > 0) {
        const samples = intervals.reduce((s, r) => s + (r.calls ?? 0), 0);
        if (totals.length === 0) set('calls', samples);
        set('lat_max_ms', Math.max(...intervals.map((r) => r.max_ms ?? 0)));
        if (samples > 0) {
          // etprof prints percentiles per 10-second interval only; a whole-run percentile cannot
          // be rebuilt from them, so this is the SAMPLES-weighted mean of the interval values.
          const weighted = (k: 'p50_ms' | 'p95_ms' | 'p99_ms'): number =>
            intervals.reduce((s, r) => s + (r[k] ?? 0) * (r.calls ?? 0), 0) / samples;
          set('lat_p50_ms', weighted('p50_ms'));
          set('lat_p95_ms', weighted('p95_ms'));
          set('lat_p99_ms', weighted('p99_ms'));
          approximated = true;
        }
      }
    }
    if (approximated) {
      // v3.x profiles one virtual user only (`$timeprofile eq "true" && $myposition eq 2`,
      // src/generic/gentpcc.tcl), so these figures are that user's, not the whole system's.
      const vus = [...new Set(this.rows.filter((r) => r.source !== 'xtprof').map((r) => r.vu))].join(', ');
      warnings.push(`per-transaction latencies are from the etprof profile of Vuser ${vus} only; p50/p95/p99 are the SAMPLES-weighted means of its 10-second interval percentiles (etprof prints no whole-run percentile), max the largest interval MAX, mean and calls the PROCNAME totals (exclusive time)`);
    }
    if (unsummarised) {
      warnings.push('the time profile report has no SUMMARY block (partial report?): calls are summed, mean latency weighted by calls, max is the largest; percentiles cannot be combined and are left out');
    }
    return { metrics, warnings };
  }
}

/** Calls add up, means weight by calls, maxima take the largest; percentiles do not combine. */
function combineWithoutPercentiles(rows: TransactionRow[], set: (name: string, v: number | undefined) => void): void {
  const calls = rows.reduce((s, r) => s + (r.calls ?? 0), 0);
  set('calls', calls);
  if (calls > 0 && rows.every((r) => r.avg_ms !== undefined)) {
    set('lat_avg_ms', rows.reduce((s, r) => s + (r.avg_ms ?? 0) * (r.calls ?? 0), 0) / calls);
  }
  const maxima = rows.map((r) => r.max_ms).filter((v): v is number => v !== undefined);
  if (maxima.length > 0) set('lat_max_ms', Math.max(...maxima));
  if (rows.length === 1) {
    set('lat_p50_ms', rows[0]!.p50_ms);
    set('lat_p95_ms', rows[0]!.p95_ms);
    set('lat_p99_ms', rows[0]!.p99_ms);
  }
}
