/**
 * A study's default tie band, measured from its runs (tie-band.ts) and remembered until they
 * change: settings are read by every comparison, and the noise needs every run. What changes the
 * measure (runs added, moved, excluded, parameters derived again from paths) changes a cheap
 * fingerprint of the study's runs.
 */
import type { RunRecord, TieBand } from '../../contract/records.js';
import { measureNoise } from './repetitions.js';
import { tieBandOf } from './tie-band.js';

interface RunsSource {
  db: { prepare(sql: string): { get(...args: unknown[]): unknown } };
  listRuns(filter: { studyId?: number }): RunRecord[];
}

export class StudyTieBands {
  private readonly memo = new Map<number, { fingerprint: string; noise: ReturnType<typeof measureNoise> }>();

  constructor(private readonly store: RunsSource) {}

  private fingerprint(studyId: number, keys: readonly string[]): string {
    const row = this.store.db.prepare(
      `SELECT count(*) AS n, coalesce(max(id), 0) AS last, coalesce(sum(length(params) * id), 0) AS params,
              coalesce(sum(length(config) * id), 0) AS configs, coalesce(sum(excluded_reason IS NOT NULL), 0) AS excluded,
              coalesce(sum(length(metrics) * id), 0) AS metrics
       FROM runs WHERE study_id = ?`,
    ).get(studyId) as Record<string, number>;
    return JSON.stringify([row, keys]);
  }

  /** The tie band: the one set, else the measured or default one. */
  of(studyId: number, set: number | undefined, keys: readonly string[]): TieBand {
    if (set !== undefined) return tieBandOf(set, { pct: null, workloads: 0 });
    const fp = this.fingerprint(studyId, keys);
    let hit = this.memo.get(studyId);
    if (!hit || hit.fingerprint !== fp) {
      const runs = this.store.listRuns({ studyId }).filter((r) => !r.excluded && r.errors.length === 0);
      hit = { fingerprint: fp, noise: measureNoise(runs, keys) };
      this.memo.set(studyId, hit);
    }
    return tieBandOf(undefined, hit.noise);
  }
}
