/**
 * A run written straight into a study, as an import of a file would write it: for tests whose
 * subject is what the core does with runs (a timeline's lanes), not how a format is read.
 */
import { createHash } from 'node:crypto';
import type { ParsedRun } from '../../../importers/types.js';
import type { Core } from '../core.js';

let serial = 0;

export function addRun(core: Core, study: string, config: string, run: Partial<ParsedRun> & Pick<ParsedRun, 'name' | 'tool'>, options: { format?: string; warnings?: string[] } = {}): number {
  const bytes = new TextEncoder().encode(`${run.name} ${++serial} ${process.pid}`);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const store = core.store;
  return store.transaction(() => {
    const s = store.ensureStudy(study);
    store.saveFile(sha256, bytes);
    const importId = store.insertImport({ studyId: s.id, sha256, fileName: `${run.name}.txt`, format: options.format ?? run.tool, importerVersion: 'test', config, warnings: options.warnings ?? [] });
    const full: ParsedRun = { toolVersion: null, host: null, startMs: null, endMs: null, params: {}, metrics: {}, tables: {}, series: [], warnings: [], errors: [], ...run };
    return store.insertRun(s.id, importId, config, 0, full);
  });
}

/** A series of `n` samples `stepMs` apart from `from`, valued by `f(i)`. */
export function seriesOf(object: string, metric: string, unit: string, from: number, stepMs: number, n: number, f: (i: number) => number): ParsedRun['series'][number] {
  const times = new Float64Array(n);
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    times[i] = from + i * stepMs;
    values[i] = f(i);
  }
  return { object, metric, unit, times, values };
}
