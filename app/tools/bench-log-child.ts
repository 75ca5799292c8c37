/** One fio log imported by the CLI's code path in its own process: prints seconds and peak RSS as JSON. */
import { Core } from '../core/core.js';

const [file, db] = process.argv.slice(2) as [string, string];
let peak = process.memoryUsage().rss;
const core = new Core(db);
if (process.env['NOCKPT']) core.store.db.pragma('wal_autocheckpoint = 0');
if (process.env['PRAG']) core.store.db.pragma(process.env['PRAG']);
const t0 = performance.now();
// The import is synchronous: RSS is sampled at each progress report (every 4 MB chunk).
const result = core.importPaths([file], 'bench', 'a', { onProgress: () => { peak = Math.max(peak, process.memoryUsage().rss); } });
const seconds = (performance.now() - t0) / 1000;
peak = Math.max(peak, process.memoryUsage().rss);
const run = core.runs({ study: 'bench' })[0];
const rows = (run?.tables['log'] as { rows?: number } | undefined)?.rows ?? 0;
if (result.files[0]?.status !== 'imported') throw new Error(`not imported: ${JSON.stringify(result.files[0])}`);
core.close();
console.log(JSON.stringify({ seconds, peakRssMb: peak / 1e6, rows }));
