// `npm test`: type-check, then every unit and end-to-end test in one run of node's test runner.
// Usage: node app/tools/run-tests.mjs [--unit | --e2e] [extra files...]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium, ensurePoppler } from './chromium-setup.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const only = args.includes('--unit') ? 'unit' : args.includes('--e2e') ? 'e2e' : 'all';
const explicit = args.filter((a) => !a.startsWith('--'));

function find(dir, pattern, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'build' || entry.name.startsWith('.')) continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) find(p, pattern, out);
    else if (pattern.test(entry.name)) out.push(path.relative(root, p));
  }
  return out;
}

const unit = ['app', 'importers', 'renderer'].flatMap((d) => find(path.join(root, d), /\.test\.tsx?$/)).sort();
const e2e = find(path.join(root, 'e2e'), /\.e2e\.test\.ts$/).sort();
const files = explicit.length ? explicit : only === 'unit' ? unit : only === 'e2e' ? e2e : [...unit, ...e2e];

if (!explicit.length && only !== 'e2e') {
  console.log('Type-checking (tsc --noEmit)…');
  const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: root, stdio: 'inherit' });
  if (tsc.status !== 0) process.exit(tsc.status ?? 1);
}

const env = { ...process.env, PERFDELTA_QUIET: '1' };
if (files.some((f) => f.startsWith('e2e'))) {
  const chromium = ensureChromium();
  if (!chromium.path) {
    console.error(chromium.reason);
    process.exit(1);
  }
  env.PERFDELTA_CHROMIUM = chromium.path;
  if (!ensurePoppler()) console.log('No pdftotext/pdftoppm (poppler-utils): the PDF checks of the report tests will be skipped.');
}

const outDir = path.join(root, 'e2e', 'output');
fs.mkdirSync(outDir, { recursive: true });

// Unit test files are independent processes (each its own temporary folders and free ports): they
// run as many at once as the machine has cores. The e2e files share one Chromium and are timed by
// what a user waits on, so they run one at a time.
const unitFiles = files.filter((f) => !f.startsWith('e2e'));
const e2eFiles = files.filter((f) => f.startsWith('e2e'));
const parallel = Math.max(1, Math.min(4, os.availableParallelism()));
const batches = [
  { name: 'unit', files: unitFiles, concurrency: parallel },
  { name: 'e2e', files: e2eFiles, concurrency: 1 },
].filter((b) => b.files.length > 0);

let status = 0;
const totals = { pass: 0, fail: 0, cancelled: 0, skipped: 0 };
for (const batch of batches) {
  const tap = path.join(outDir, `results-${batch.name}.tap`);
  fs.rmSync(tap, { force: true });
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', `--test-concurrency=${batch.concurrency}`,
      '--test-reporter=spec', '--test-reporter-destination=stdout',
      '--test-reporter=tap', `--test-reporter-destination=${tap}`, ...batch.files],
    { cwd: root, stdio: 'inherit', env },
  );
  if ((run.status ?? 1) !== 0) status = run.status ?? 1;
  const summary = fs.existsSync(tap) ? fs.readFileSync(tap, 'utf8') : '';
  for (const k of Object.keys(totals)) totals[k] += Number((new RegExp(`^# ${k} (\\d+)$`, 'm').exec(summary) ?? [])[1] ?? 0);
}

// One plain closing line, whatever the reporter printed above it.
console.log(`\ntests: ${totals.pass} passed, ${totals.fail + totals.cancelled} failed, ${totals.skipped} skipped`);
process.exit(status);
