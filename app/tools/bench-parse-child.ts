/**
 * The machine's limit for the fio JSON figure, measured as the import is: in a fresh process
 * with the same heap settings, the file read from disk, decoded and given to JSON.parse once
 * (cold). Also the best of three further JSON.parse calls on the decoded text in the same,
 * now warm, process: the bare parser alone. Prints one line of JSON.
 * Usage: node --import tsx app/tools/bench-parse-child.ts FILE
 */
import fs from 'node:fs';

const file = process.argv[2]!;
const t0 = performance.now();
const text = fs.readFileSync(file).toString('utf8');
JSON.parse(text);
const coldSeconds = (performance.now() - t0) / 1000;
let warmSeconds = Infinity;
for (let k = 0; k < 3; k++) {
  const p0 = performance.now();
  JSON.parse(text);
  warmSeconds = Math.min(warmSeconds, (performance.now() - p0) / 1000);
}
console.log(JSON.stringify({ coldSeconds, warmSeconds }));
