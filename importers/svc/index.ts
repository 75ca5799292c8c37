/**
 * The IBM SVC / Storwize / FlashSystem importers (FORMATS.md section 4), for the registry.
 * Their detections are exclusive: iostats needs a <diskStatsColl> root, lsstats a JSON array of
 * stat_name objects or the CLI header, the Spectrum Control CSV a header with a time column and
 * rate / response-time columns.
 */
import type { Importer } from '../types.js';
import { svcIostatsImporter } from './iostats.js';
import { svcLsstatsImporter } from './lsstats.js';
import { spectrumControlCsvImporter } from './spectrum-control-csv.js';

export { parseSnapshot, svcIostatsImporter } from './iostats.js';
export { svcLsstatsImporter } from './lsstats.js';
export { ratesBetween } from './rates.js';
export { spectrumControlCsvImporter } from './spectrum-control-csv.js';
export type { SvcKind, SvcObject, SvcObjectRates, SvcRates, SvcRatesResult, SvcSnapshot } from './types.js';

export const svcImporters: readonly Importer[] = [svcIostatsImporter, svcLsstatsImporter, spectrumControlCsvImporter];
