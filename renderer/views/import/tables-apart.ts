/**
 * A table in a drop of tool outputs (the author's summary CSV beside the fio JSON it sums up) is
 * most likely the same results again, under a mapping PerfDelta can only guess: imported with
 * them it would add duplicate runs. Such a table is set apart, unticked, with its mapping to
 * check; a drop of tables alone imports them as before.
 */
import type { FilePreview } from '../../../app/contract/records.js';

/** A staged file with runs a tool wrote (not a table, not empty, not skipped as no result). */
const isToolOutput = (p: FilePreview): boolean => Boolean(p.id && p.format && !p.table && !p.empty && !p.not_result);

/** The ids of the tables to show apart and leave out unless ticked: none unless the drop also holds tool outputs. */
export function tablesApart(previews: readonly FilePreview[]): Set<string> {
  if (!previews.some(isToolOutput)) return new Set();
  return new Set(previews.filter((p) => p.id && p.table).map((p) => p.id));
}
