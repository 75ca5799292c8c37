import { writeBenchLog, importInChild, scanLimitMbS } from './bench-log.js';
import fs from 'node:fs';
fs.mkdirSync('/tmp/bl', { recursive: true });
const f = '/tmp/bl/bench_clat.1.log';
const bytes = writeBenchLog(f, 100);
console.log('limit', scanLimitMbS(f).toFixed(0));
const r = importInChild(f, '/tmp/bl');
console.log(bytes / 1e6, r, (bytes / 1e6 / r.seconds).toFixed(0), 'MB/s');
