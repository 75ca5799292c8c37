/**
 * TPROC-H query timings from the Vuser output (FORMATS.md 5.1, `src/<db>/<db>olap.tcl`):
 *   Vuser 1:Executing Query 14 (1 of 22)
 *   Vuser 1:query 14 completed in 7.868 seconds
 *   Vuser 1:Completed 1 query set(s) in 263 seconds
 *   Vuser 1:Geometric mean of query times returning rows (22) is 5.43452
 * Query times are seconds with ms resolution; the query-set time is whole seconds.
 *
 * "Completed N query set(s) in S seconds" is the time of set N alone: do_tpch sets
 * `start [clock seconds]` at the top of every set's loop and prints `$it + 1` with `end - start`
 * (src/<db>/<db>olap.tcl, v3.3 to v6.0). S is not the time of N sets. It covers the set's 22 timed
 * queries plus what HammerDB does not time (generating the queries, query 15's view statements);
 * both clocks are truncated to whole seconds, so S and the sum of the queries agree within 1 s
 * when nothing else took time.
 */

export interface QueryRow {
  vu: number | null;
  /** 1-based query set of this Vuser. */
  set: number;
  query: number;
  /** Position in the set ("k of 22"), when the Executing line was seen. */
  position: number | null;
  time_s: number;
}

/** One query set of one Vuser as its "Completed N query set(s) in S seconds" line closed it. */
export interface QuerySetRow {
  vu: number | null;
  set: number;
  /** The set's own time, s, as HammerDB printed it (whole seconds). */
  time_s: number;
  /** The set's timed queries, and their sum, s. */
  queries: number;
  query_time_sum_s: number;
  geomean_s: number | null;
}

interface VuState {
  set: number;
  position: number | null;
  executing: number | null;
  completedSets: number | null;
  geomeanS: number | null;
}

const EXECUTING = /^Executing Query (\d+) \((\d+) of (\d+)\)/;
const COMPLETED_QUERY = /^query (\d+) completed in ([\d.]+) seconds/;
const COMPLETED_SETS = /^Completed (\d+) query set\(s\) in ([\d.]+) seconds/;
// The code formats the mean as `format \"%.5f\"`; real logs print no quotes, but at least one
// third-party parser expects them (FORMATS.md 5.1), so an optional quote is accepted.
const GEOMEAN = /^Geometric mean of query times returning rows \((\d+)\) is "?([\d.]+)"?/;

/** Allowed gap between a set's time and its queries' sum: both clocks are read in whole seconds. */
const SET_TOLERANCE_S = 1;

export class QueryTimings {
  readonly rows: QueryRow[] = [];
  readonly sets: QuerySetRow[] = [];
  private readonly vus = new Map<number, VuState>();

  private state(vu: number | null): VuState {
    const key = vu ?? 0;
    let s = this.vus.get(key);
    if (!s) {
      s = { set: 0, position: null, executing: null, completedSets: null, geomeanS: null };
      this.vus.set(key, s);
    }
    return s;
  }

  /** Takes one message (the "Vuser n:" prefix removed); true when it was a TPROC-H line. */
  feed(vu: number | null, message: string): boolean {
    let m = EXECUTING.exec(message);
    if (m) {
      const s = this.state(vu);
      const position = Number(m[2]);
      if (position === 1 || s.set === 0) s.set += 1;
      s.position = position;
      s.executing = Number(m[1]);
      return true;
    }
    m = COMPLETED_QUERY.exec(message);
    if (m) {
      const s = this.state(vu);
      const query = Number(m[1]);
      if (s.set === 0) s.set = 1;
      this.rows.push({ vu, set: s.set, query, position: s.executing === query ? s.position : null, time_s: Number(m[2]) });
      s.executing = null;
      return true;
    }
    m = COMPLETED_SETS.exec(message);
    if (m) {
      const s = this.state(vu);
      const set = Number(m[1]);
      s.completedSets = set;
      const queries = this.rows.filter((r) => r.vu === vu && r.set === (s.set || set));
      this.sets.push({ vu, set, time_s: Number(m[2]), queries: queries.length, query_time_sum_s: round3(queries.reduce((sum, r) => sum + r.time_s, 0)), geomean_s: null });
      return true;
    }
    m = GEOMEAN.exec(message);
    if (m) {
      const s = this.state(vu);
      s.geomeanS = Number(m[2]);
      // The mean is printed right after its set's "Completed" line.
      const last = [...this.sets].reverse().find((r) => r.vu === vu);
      if (last && last.geomean_s === null) last.geomean_s = Number(m[2]);
      return true;
    }
    return false;
  }

  get isEmpty(): boolean {
    return this.rows.length === 0 && this.vus.size === 0;
  }

  /** Vusers that ran queries. TPROC-H has no monitor Vuser, so every one counts. */
  get vuCount(): number {
    return this.vus.size;
  }

  /** Vusers that started queries but never printed "Completed n query set(s)". */
  unfinishedVus(): number[] {
    return [...this.vus.entries()].filter(([, s]) => s.completedSets === null).map(([vu]) => vu);
  }

  /**
   * Sets whose printed time and the sum of their timed queries differ by more than the clocks'
   * whole-second resolution: said, with both figures, never adjusted.
   */
  setWarnings(): string[] {
    const out: string[] = [];
    for (const r of this.sets) {
      const gap = r.time_s - r.query_time_sum_s;
      if (Math.abs(gap) <= SET_TOLERANCE_S) continue;
      const who = `query set ${r.set}${r.vu !== null ? ` of Vuser ${r.vu}` : ''}`;
      out.push(gap > 0
        ? `${who} took ${r.time_s} s but its ${r.queries} timed queries add up to ${r.query_time_sum_s} s: ${round3(gap)} s went to work HammerDB does not time (generating the queries, query 15's view statements)${r.queries < 22 ? `, and only ${r.queries} of 22 query times are in the file` : ''}`
        : `${who} took ${r.time_s} s but its ${r.queries} timed queries add up to ${r.query_time_sum_s} s, more than the set itself: the file's figures do not agree`);
    }
    return out;
  }

  /**
   * `query<N>.time_s`: the mean over every execution of query N (one per Vuser and set; with one
   * Vuser and one set, the time printed). `queryset<N>.time_s`: set N's own time, the slowest
   * Vuser's. `queryset.time_s`: the time of one query set, the mean of the slowest Vuser's sets.
   * `queryset.geomean_s`: the mean of every printed geometric mean (one per Vuser and set).
   */
  metrics(): Record<string, number> {
    const metrics: Record<string, number> = {};
    const byQuery = new Map<number, number[]>();
    for (const r of this.rows) {
      const list = byQuery.get(r.query) ?? [];
      list.push(r.time_s);
      byQuery.set(r.query, list);
    }
    for (const [q, times] of [...byQuery.entries()].sort((a, b) => a[0] - b[0])) {
      metrics[`query${q}.time_s`] = times.reduce((s, t) => s + t, 0) / times.length;
    }
    const byVu = new Map<number | null, number[]>();
    for (const r of this.sets) byVu.set(r.vu, [...(byVu.get(r.vu) ?? []), r.time_s]);
    if (byVu.size > 0) metrics['queryset.time_s'] = Math.max(...[...byVu.values()].map((t) => t.reduce((a, b) => a + b, 0) / t.length));
    for (const set of [...new Set(this.sets.map((r) => r.set))].sort((a, b) => a - b)) {
      metrics[`queryset${set}.time_s`] = Math.max(...this.sets.filter((r) => r.set === set).map((r) => r.time_s));
    }
    const setMeans = this.sets.map((r) => r.geomean_s).filter((g): g is number => g !== null);
    // A mean printed without its "Completed" line (a cut-off log) still counts, once per Vuser.
    const means = setMeans.length > 0 ? setMeans : [...this.vus.values()].map((s) => s.geomeanS).filter((g): g is number => g !== null);
    if (means.length > 0) metrics['queryset.geomean_s'] = means.reduce((s, g) => s + g, 0) / means.length;
    return metrics;
  }
}

const round3 = (v: number): number => Math.round(v * 1000) / 1000;
