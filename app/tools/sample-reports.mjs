// `npm run samples`: loads the sample studies into a fresh data folder and prints every sample
// report to PDF (samples/reports/<study>--<report>.pdf) with the CLI, the way a user would.
// Usage: node app/tools/sample-reports.mjs [OUT_DIR]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = path.resolve(process.argv[2] ?? path.join(root, 'samples', 'reports'));
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-samples-'));
const cli = (...args) => {
  const r = spawnSync(process.execPath, [path.join(root, 'app', 'cli', 'bin.cjs'), ...args], { env: { ...process.env, PERFDELTA_HOME: home }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`perfdelta ${args.join(' ')}: ${r.stderr || r.stdout}`);
  return r.stdout;
};
const slugOf = (s) => s.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');

try {
  fs.mkdirSync(out, { recursive: true });
  process.stdout.write(cli('samples', '--load'));
  const reports = JSON.parse(fs.readFileSync(path.join(root, 'samples', 'reports.json'), 'utf8'));
  for (const [study, { reports: list }] of Object.entries(reports)) {
    for (const r of list) {
      const file = path.join(out, `${study}--${slugOf(r.name)}.pdf`);
      cli('report', '--study', study, '--report', r.name, '--out', file);
      process.stdout.write(`${path.relative(root, file)}\n`);
    }
  }
} finally {
  fs.rmSync(home, { recursive: true, force: true });
}
