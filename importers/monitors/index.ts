/**
 * The system-monitor importers (iostat, sar, nmon, dstat, vmstat, mpstat, pidstat), for the registry. Their detections
 * are exclusive: iostat and sar share sysstat's banner but not their block headers, and the
 * CSV/JSON formats open with their own title or keys.
 */
import type { Importer } from '../types.js';
import { dstatImporter } from './dstat.js';
import { iostatJsonImporter } from './iostat-json.js';
import { iostatTextImporter } from './iostat-text.js';
import { mpstatImporter } from './mpstat.js';
import { nmonImporter } from './nmon.js';
import { pidstatImporter } from './pidstat.js';
import { sarImporter } from './sar.js';
import { vmstatImporter } from './vmstat.js';

export { dstatImporter, iostatJsonImporter, iostatTextImporter, nmonImporter, sarImporter };
export { mpstatImporter, pidstatImporter, vmstatImporter };

/** mpstat and pidstat before sar: their banner and timed header rows are sar's shape too. */
export const monitorImporters: readonly Importer[] = [iostatTextImporter, iostatJsonImporter, mpstatImporter, pidstatImporter, vmstatImporter, sarImporter, nmonImporter, dstatImporter];
