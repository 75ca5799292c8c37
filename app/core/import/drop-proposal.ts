/**
 * The configurations a drop of staged files proposes (issue 39), read from what staging parsed:
 * the sheet shows them before anything is written, and the import gives each file the label
 * the user kept for it (`CommitOptions.configOf`).
 */
import type { DropConfigurations } from '../../contract/records.js';
import { dropConfigurations, type DropPathRule, type DropRun } from '../analysis/drop-configurations.js';
import { isLogRun } from './link-logs.js';
import type { StagedFile } from './staged-file.js';

/**
 * A file whose runs a label applies to as a whole: parsed cleanly, a tool's output (a table
 * names its own configurations, a log joins its fio JSON, a streamed file is read later).
 */
const proposable = (f: StagedFile): boolean => Boolean(f.importer) && !f.table && !f.streamed && !f.empty && !f.notResult && f.svc === undefined
  && f.result.errors.length === 0 && f.result.runs.length > 0 && !f.result.runs.some((r) => isLogRun(r) || r.config?.trim());

/** The configurations proposed for these staged files (by staged id), or null. */
export function stagedConfigurations(files: readonly StagedFile[], keys: readonly string[], rules: readonly DropPathRule[]): DropConfigurations | null {
  const seen = new Set<string>();
  const runs: DropRun[] = [];
  for (const f of files) {
    // The same bytes twice are one file's runs, not two runs to tell apart.
    if (!proposable(f) || seen.has(f.sha256)) continue;
    seen.add(f.sha256);
    for (const r of f.result.runs) {
      if (r.errors.length > 0) continue;
      runs.push({ file: f.id, path: f.path, tool: r.tool, params: r.params, host: r.host, start: r.startMs === null ? null : new Date(r.startMs).toISOString() });
    }
  }
  return dropConfigurations(runs, keys, [...rules]);
}
