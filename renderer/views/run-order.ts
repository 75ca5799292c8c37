/**
 * The Runs table's order within a tool's table: by its parameter columns left to right, each in
 * its natural order (block sizes and depths as numbers: 4K before 64K before 1M, QD 2 before
 * QD 16), then by name with numbers read as numbers. Import order follows file names, where
 * "qd128" comes before "qd16".
 */
import type { ParamValue, RunRecord } from '../../app/contract/records.js';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function compareValues(a: ParamValue | undefined, b: ParamValue | undefined): number {
  if (a === b) return 0;
  if (a === undefined || a === null || a === '') return 1;
  if (b === undefined || b === null || b === '') return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

export function naturalRunOrder(runs: readonly RunRecord[], params: readonly string[]): RunRecord[] {
  return [...runs].sort((a, b) => {
    for (const k of params) {
      const c = compareValues(a.params[k], b.params[k]);
      if (c !== 0) return c;
    }
    return collator.compare(a.name, b.name) || collator.compare(a.source.file, b.source.file) || a.id - b.id;
  });
}
