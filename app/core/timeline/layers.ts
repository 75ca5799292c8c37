/**
 * Which layer a run's lanes belong to: the database (AWR and STATSPACK reports, a query log),
 * the host (iostat, sar, nmon, dstat, vmstat, mpstat, pidstat), the array (SVC and Spectrum
 * Control statistics), or the benchmark (fio, vdbench, sysbench, HammerDB ... and its phases).
 */
import type { TimelineLayer } from '../../contract/timeline.js';

const HOST_TOOLS = new Set(['iostat', 'sar', 'nmon', 'dstat', 'vmstat', 'mpstat', 'pidstat']);
const DATABASE_TOOLS = new Set(['oracle-awr', 'oracle-statspack']);
const ARRAY_TOOLS = new Set(['svc', 'spectrum-control']);

export const LAYERS: readonly TimelineLayer[] = ['database', 'host', 'array', 'benchmark'];

export function layerOf(run: { tool: string; params: Record<string, unknown> }): TimelineLayer {
  if (DATABASE_TOOLS.has(run.tool)) return 'database';
  if (HOST_TOOLS.has(run.tool)) return 'host';
  if (ARRAY_TOOLS.has(run.tool)) return 'array';
  // A table of timed events says its own layer (importers/spreadsheet/timed-rows.ts).
  const said = run.params['layer'];
  if (run.tool === 'events' && (said === 'database' || said === 'host' || said === 'array' || said === 'benchmark')) return said;
  return 'benchmark';
}

export const isReportTool = (tool: string): boolean => DATABASE_TOOLS.has(tool);
