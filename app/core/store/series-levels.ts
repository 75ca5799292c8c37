/**
 * The store's side of range reads: each series' summary and pyramid (migration 013) written as
 * its points are, and the window queries a chart's read is made of: the chunks a window
 * overlaps, a level's blocks it overlaps, and how many points it holds (from the chunk index
 * alone). Named statements, prepared once.
 */
import type Database from 'better-sqlite3';
import { PyramidBuilder, type PyramidBlock, type PyramidSummary } from '../series/pyramid.js';
import { decodeFloat64, encodeFloat64 } from './series-codec.js';

/** One series: a run's metric of one object. */
export interface SeriesKey {
  run: number;
  object: string;
  metric: string;
}

export interface SeriesSummaryRow {
  run_id: number;
  object: string;
  metric: string;
  unit: string;
  points: number;
  t_first: number | null;
  t_last: number | null;
  ordered: number;
  levels: number;
  samples: number;
  mean: number | null;
  m2: number | null;
  min: number | null;
  max: number | null;
}

/** Decoded points of one chunk. */
export interface ChunkPoints {
  times: Float64Array;
  values: Float64Array;
}

/** One block of a level: n buckets, columns as in pyramid.ts. */
export interface LevelBlock {
  n: number;
  buckets: Float64Array;
}

const nullIfNaN = (x: number): number | null => (Number.isFinite(x) ? x : null);

export class SeriesLevels {
  private readonly stmt;

  constructor(private readonly db: Database.Database) {
    const key = 'run_id = ? AND object = ? AND metric = ?';
    this.stmt = {
      insertBlock: db.prepare(`INSERT INTO series_levels (run_id, object, metric, level, block, t_first, t_last, n, buckets) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      deleteLevels: db.prepare(`DELETE FROM series_levels WHERE ${key}`),
      upsertSummary: db.prepare(`INSERT OR REPLACE INTO series_summary (run_id, object, metric, unit, points, t_first, t_last, ordered, levels, samples, mean, m2, min, max)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      summary: db.prepare<[number, string, string], SeriesSummaryRow>(`SELECT * FROM series_summary WHERE ${key}`),
      summariesOfRun: db.prepare<[number], SeriesSummaryRow>('SELECT * FROM series_summary WHERE run_id = ? ORDER BY object, metric'),
      chunkIds: db.prepare<[number, string, string], { id: number }>(`SELECT id FROM series WHERE ${key} ORDER BY t_first, chunk`),
      chunkById: db.prepare<[number], { times: Buffer; vals: Buffer }>('SELECT times, vals FROM series WHERE id = ?'),
      // From the index alone (series_by_window holds t_first, t_last and n).
      chunkSpans: db.prepare<[number, string, string, number, number], { t_first: number; t_last: number; n: number }>(
        `SELECT t_first, t_last, n FROM series WHERE ${key} AND t_first <= ? AND t_last >= ?`),
      chunksIn: db.prepare<[number, string, string, number, number], { times: Buffer; vals: Buffer }>(
        `SELECT times, vals FROM series WHERE ${key} AND t_first <= ? AND t_last >= ? ORDER BY t_first, chunk`),
      blocksIn: db.prepare<[number, string, string, number, number, number], { n: number; buckets: Buffer }>(
        `SELECT n, buckets FROM series_levels WHERE ${key} AND level = ? AND t_first <= ? AND t_last >= ? ORDER BY t_first`),
      summariesOfStudy: db.prepare<[number, string, string | null, string | null, number | null, number | null, number | null, number | null], SeriesSummaryRow>(
        `SELECT s.* FROM series_summary s JOIN runs r ON r.id = s.run_id
         WHERE r.study_id = ? AND s.metric = ? AND (? IS NULL OR r.config = ?) AND (? IS NULL OR s.t_last >= ?) AND (? IS NULL OR s.t_first <= ?)
         ORDER BY s.object, s.t_first`),
      keys: db.prepare<[], { run_id: number; object: string; metric: string; unit: string }>(
        'SELECT run_id, object, metric, MIN(unit) AS unit FROM series GROUP BY run_id, object, metric'),
    };
  }

  // ---- writes (inside the caller's transaction) -------------------------------------------

  /**
   * A pyramid built as a new series' points are written: `push` as they come, `finish` when the
   * last is written. Full blocks are stored as they fill.
   */
  builder(key: SeriesKey, unit: string): { push(times: ArrayLike<number>, values: ArrayLike<number>): void; finish(): PyramidSummary } {
    let sunk = 0;
    const b = new PyramidBuilder((block) => {
      sunk = Math.max(sunk, block.level);
      this.insertBlock(key, block);
    });
    return {
      push: (t, v) => b.push(t, v),
      finish: () => {
        const summary = b.finish();
        // Blocks stored before the series turned out unordered (or a level too small) go.
        if (sunk > summary.levels) this.dropLevels(key);
        this.saveSummary(key, unit, summary);
        return summary;
      },
    };
  }

  /**
   * Builds a series' pyramid again from its stored chunks, in time order: after points were
   * appended to a series that had some (a second log of the same job), and in migration 013.
   * One chunk in memory at a time.
   */
  rebuild(key: SeriesKey, unit: string): PyramidSummary {
    this.stmt.deleteLevels.run(key.run, key.object, key.metric);
    // Chunk ids first: a read left open while blocks are written would hold the connection.
    const ids = this.stmt.chunkIds.all(key.run, key.object, key.metric).map((r) => r.id);
    const b = this.builder(key, unit);
    for (const id of ids) {
      const row = this.stmt.chunkById.get(id)!;
      b.push(decodeFloat64(row.times), decodeFloat64(row.vals));
    }
    return b.finish();
  }

  /** Every series of the store (migration 013). */
  rebuildAll(): number {
    const keys = this.stmt.keys.all();
    for (const k of keys) this.rebuild({ run: k.run_id, object: k.object, metric: k.metric }, k.unit);
    return keys.length;
  }

  private insertBlock(key: SeriesKey, block: PyramidBlock): void {
    this.stmt.insertBlock.run(key.run, key.object, key.metric, block.level, block.block, block.tFirst, block.tLast, block.n, encodeFloat64(block.buckets));
  }

  private dropLevels(key: SeriesKey): void {
    this.stmt.deleteLevels.run(key.run, key.object, key.metric);
  }

  private saveSummary(key: SeriesKey, unit: string, s: PyramidSummary): void {
    const st = s.stats;
    this.stmt.upsertSummary.run(
      key.run, key.object, key.metric, unit, s.points, nullIfNaN(s.tFirst), nullIfNaN(s.tLast), s.ordered ? 1 : 0, s.levels,
      st.count, st.count ? st.mean : null, st.count ? st.m2 : null, st.count ? st.min : null, st.count ? st.max : null,
    );
  }

  // ---- reads -------------------------------------------------------------------------------

  summary(key: SeriesKey): SeriesSummaryRow | null {
    return this.stmt.summary.get(key.run, key.object, key.metric) ?? null;
  }

  summariesOfRun(run: number): SeriesSummaryRow[] {
    return this.stmt.summariesOfRun.all(run);
  }

  /** The series of one metric in a study (of one configuration, when named) overlapping [from, to]. */
  summariesOfStudy(studyId: number, metric: string, config: string | null, from: number | null, to: number | null): SeriesSummaryRow[] {
    return this.stmt.summariesOfStudy.all(studyId, metric, config, config, from, from, to, to);
  }

  /**
   * About how many points of the series lie in [from, to], from the chunk index alone: whole
   * chunks inside count whole, a chunk cut by an edge counts by the share of its span inside.
   */
  pointsIn(key: SeriesKey, from: number, to: number): number {
    let n = 0;
    for (const c of this.stmt.chunkSpans.all(key.run, key.object, key.metric, to, from)) {
      const span = c.t_last - c.t_first;
      if (span <= 0 || (c.t_first >= from && c.t_last <= to)) n += c.n;
      else n += (c.n * (Math.min(to, c.t_last) - Math.max(from, c.t_first))) / span;
    }
    return n;
  }

  /** The chunks overlapping [from, to], decoded, in time order of their first points. */
  chunksIn(key: SeriesKey, from: number, to: number): ChunkPoints[] {
    return this.stmt.chunksIn.all(key.run, key.object, key.metric, to, from).map((r) => ({ times: decodeFloat64(r.times), values: decodeFloat64(r.vals) }));
  }

  /** A level's blocks overlapping [from, to], in time order. */
  blocksIn(key: SeriesKey, level: number, from: number, to: number): LevelBlock[] {
    return this.stmt.blocksIn.all(key.run, key.object, key.metric, level, to, from).map((r) => ({ n: r.n, buckets: decodeFloat64(r.buckets) }));
  }
}
