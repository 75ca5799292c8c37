/**
 * One import in a process of its own, so that its peak resident memory is the import's alone:
 * the CLI's code path (files read one at a time, large logs streamed), the store set up as the
 * app's core worker sets it (the write-ahead log folded back by a separate checkpoint, timed
 * here on its own). Prints one line of JSON, with the store's size on disk afterwards: the
 * database file and the original files' objects beside it.
 * Usage: node --import tsx app/tools/bench-import-child.ts DB PATH...
 */
import fs from 'node:fs';
import { Core } from '../core/core.js';

const [db, ...inputs] = process.argv.slice(2) as [string, ...string[]];
// The resident set alone: process.memoryUsage() also walks the heap's spaces, which cost the
// 2,000-report import 3.9 s of its time when sampled at every file.
let peak = process.memoryUsage.rss();
const core = new Core(db, undefined, null, { backgroundCheckpoint: true });
const t0 = performance.now();
// The import is synchronous: timers do not fire, so RSS is sampled at every progress report
// (each file, and each 4 MB chunk of a streamed log).
const result = core.importPaths(inputs, 'bench', 'bench', { studySlug: 'bench', onProgress: () => { peak = Math.max(peak, process.memoryUsage.rss()); } });
const seconds = (performance.now() - t0) / 1000;
peak = Math.max(peak, process.memoryUsage.rss());
const c0 = performance.now();
core.store.db.pragma('wal_checkpoint(TRUNCATE)');
const checkpointSeconds = (performance.now() - c0) / 1000;
const failed = result.files.filter((f) => f.status === 'failed');
const originalsBytes = core.store.objects.diskBytes();
core.close();
console.log(JSON.stringify({
  seconds, checkpointSeconds, peakRssMb: peak / 1e6,
  files: result.files.length, failed: failed.length, firstError: failed[0]?.errors[0] ?? null,
  runs: new Set(result.files.flatMap((f) => f.runs)).size,
  dbBytes: fs.statSync(db).size, originalsBytes,
}));
