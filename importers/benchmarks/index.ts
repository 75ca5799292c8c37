/**
 * The benchmark-tool importers, for the registry. Each recognises its format by content that no
 * other format in the corpus carries (detection.test.ts checks that over the whole corpus), so
 * their order does not matter.
 */
import type { Importer } from '../types.js';
import { cockroachWorkloadImporter } from './cockroach-workload.js';
import { cosbenchImporter } from './cosbench.js';
import { diskspdImporter } from './diskspd.js';
import { iometerImporter } from './iometer.js';
import { sysbenchImporter } from './sysbench.js';

export { cockroachWorkloadImporter, cosbenchImporter, diskspdImporter, iometerImporter, sysbenchImporter };

export const benchmarkImporters: readonly Importer[] = [sysbenchImporter, iometerImporter, cockroachWorkloadImporter, cosbenchImporter, diskspdImporter];
