/** Oracle AWR / STATSPACK importer (awr.ts); one entry point, as importers/hammerdb/index.ts. */
export { awrImporter, detectAwr } from './awr.js';
