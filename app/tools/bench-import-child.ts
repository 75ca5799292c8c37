/**
 * One import in a process of its own, so that its peak resident memory is the import's alone:
 * the CLI's code path (files read one at a time, large logs streamed), the store set up as the
 * app's core worker sets it (the write-ahead log folded back by a separate checkpoint, timed
 * here on its own). Prints one line of JSON.
 * Usage: node --import tsx app/tools/bench-import-child.ts DB PATH...
 */
import fs from 'node:fs';
import { Core } from '../core/core.js';

const [db, ...inputs] = process.argv.slice(2) as [string, ...string[]];
let peak = process.memoryUsage().rss;
const core = new Core(db, undefined, null, { backgroundCheckpoint: true });
const t0 = performance.now();
// The import is synchronous: timers do not fire, so RSS is sampled at every progress report
// (each file, and each 4 MB chunk of a streamed log).
const result = core.importPaths(inputs, 'bench', 'bench', { studySlug: 'bench', onProgress: () => { peak = Math.max(peak, process.memoryUsage().rss); } });
const seconds = (performance.now() - t0) / 1000;
peak = Math.max(peak, process.memoryUsage().rss);
const c0 = performance.now();
core.store.db.pragma('wal_checkpoint(TRUNCATE)');
const checkpointSeconds = (performance.now() - c0) / 1000;
const failed = result.files.filter((f) => f.status === 'failed');
core.close();
// The machine's limit on the same bytes, in the same process and heap settings: a bare
// JSON.parse of the (decoded) file, best of three.
let parseSeconds: number | null = null;
if (process.env['BENCH_PARSE_LIMIT'] === '1') {
  const bytes = fs.readFileSync(inputs[0]!);
  for (let k = 0; k < 3; k++) {
    const p0 = performance.now();
    JSON.parse(bytes.toString('utf8'));
    parseSeconds = Math.min(parseSeconds ?? Infinity, (performance.now() - p0) / 1000);
  }
}
console.log(JSON.stringify({
  seconds, checkpointSeconds, parseSeconds, peakRssMb: peak / 1e6,
  files: result.files.length, failed: failed.length, firstError: failed[0]?.errors[0] ?? null,
  runs: new Set(result.files.flatMap((f) => f.runs)).size,
}));
