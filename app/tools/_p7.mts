import { writeBenchLog } from './bench-log.js';
const t = performance.now();
console.log(writeBenchLog('/tmp/bl/big_clat.1.log', 2000) / 1e6, 'MB in', ((performance.now() - t) / 1000).toFixed(1), 's');
