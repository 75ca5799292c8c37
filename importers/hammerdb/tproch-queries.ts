/**
 * TPROC-H query timings from the Vuser output (FORMATS.md 5.1, `src/<db>/<db>olap.tcl`):
 *   Vuser 1:Executing Query 14 (1 of 22)
 *   Vuser 1:query 14 completed in 7.868 seconds
 *   Vuser 1:Completed 1 query set(s) in 263 seconds
 *   Vuser 1:Geometric mean of query times returning rows (22) is 5.43452
 * Query times are seconds with ms resolution; the query-set time is whole seconds.
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

interface VuState {
  set: number;
  position: number | null;
  executing: number | null;
  completedSets: number | null;
  setsTimeS: number | null;
  geomeanS: number | null;
}

const EXECUTING = /^Executing Query (\d+) \((\d+) of (\d+)\)/;
const COMPLETED_QUERY = /^query (\d+) completed in ([\d.]+) seconds/;
const COMPLETED_SETS = /^Completed (\d+) query set\(s\) in ([\d.]+) seconds/;
// The code formats the mean as `format \"%.5f\"`; real logs print no quotes, but at least one
// third-party parser expects them (FORMATS.md 5.1), so an optional quote is accepted.
const GEOMEAN = /^Geometric mean of query times returning rows \((\d+)\) is "?([\d.]+)"?/;

export class QueryTimings {
  readonly rows: QueryRow[] = [];
  private readonly vus = new Map<number, VuState>();

  private state(vu: number | null): VuState {
    const key = vu ?? 0;
    let s = this.vus.get(key);
    if (!s) {
      s = { set: 0, position: null, executing: null, completedSets: null, setsTimeS: null, geomeanS: null };
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
      s.completedSets = Number(m[1]);
      s.setsTimeS = Number(m[2]);
      return true;
    }
    m = GEOMEAN.exec(message);
    if (m) {
      this.state(vu).geomeanS = Number(m[2]);
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
   * `query<N>.time_s`: the mean over every execution of query N (one per Vuser and set; with one
   * Vuser and one set, the time printed). `queryset.time_s`: the time of one query set, the slowest
   * Vuser's "Completed k query set(s) in T seconds" divided by k. `queryset.geomean_s`: the mean of
   * the Vusers' printed geometric means.
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
    const sets = [...this.vus.values()].filter((s) => s.completedSets !== null && s.setsTimeS !== null && s.completedSets > 0);
    if (sets.length > 0) metrics['queryset.time_s'] = Math.max(...sets.map((s) => s.setsTimeS! / s.completedSets!));
    const means = [...this.vus.values()].map((s) => s.geomeanS).filter((g): g is number => g !== null);
    if (means.length > 0) metrics['queryset.geomean_s'] = means.reduce((s, g) => s + g, 0) / means.length;
    return metrics;
  }
}
