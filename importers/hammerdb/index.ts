/**
 * The HammerDB importers, for the registry. Their detections are exclusive: the counter log and
 * the jobs JSON are recognised first by their own openings, and the log importer refuses both.
 */
import type { Importer } from '../types.js';
import { hammerdbJobsJsonImporter } from './hammerdb-jobs-json.js';
import { hammerdbLogImporter } from './hammerdb-log.js';
import { hammerdbTcountImporter } from './hammerdb-tcount.js';

export { hammerdbJobsJsonImporter, hammerdbLogImporter, hammerdbTcountImporter };

export const hammerdbImporters: readonly Importer[] = [hammerdbTcountImporter, hammerdbJobsJsonImporter, hammerdbLogImporter];
