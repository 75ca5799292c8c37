/**
 * The system-monitor importers (iostat, sar, nmon, dstat), for the registry. Their detections
 * are exclusive: iostat and sar share sysstat's banner but not their block headers, and the
 * CSV/JSON formats open with their own title or keys.
 */
import type { Importer } from '../types.js';
import { dstatImporter } from './dstat.js';
import { iostatJsonImporter } from './iostat-json.js';
import { iostatTextImporter } from './iostat-text.js';
import { nmonImporter } from './nmon.js';
import { sarImporter } from './sar.js';

export { dstatImporter, iostatJsonImporter, iostatTextImporter, nmonImporter, sarImporter };

export const monitorImporters: readonly Importer[] = [iostatTextImporter, iostatJsonImporter, sarImporter, nmonImporter, dstatImporter];
