/**
 * Drops for the original files' tests: many fio JSON results of distinct bytes (the sample
 * runs, each job renamed), so an import of them writes one object per file and takes seconds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../../../importers/test-support/corpus.js';

const DISK = path.join(REPO_ROOT, 'samples', 'fio', 'disk');

/** `count` fio JSON files under `dir`, each a sample run with a job name of its own; returns their paths. */
export function writeFioDrop(dir: string, count: number): string[] {
  fs.mkdirSync(dir, { recursive: true });
  const samples = fs.readdirSync(DISK).filter((f) => f.endsWith('.json')).sort().map((f) => ({ name: f.replace(/\.json$/, ''), text: fs.readFileSync(path.join(DISK, f), 'utf8') }));
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const s = samples[i % samples.length]!;
    const file = path.join(dir, `${s.name}-${String(i).padStart(5, '0')}.json`);
    fs.writeFileSync(file, s.text.replace(/"jobname" : "([^"]*)"/, (_m, job: string) => `"jobname" : "${job}-${i}"`));
    out.push(file);
  }
  return out;
}
