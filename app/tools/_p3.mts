import fs from 'node:fs';
import { Core } from '../core/core.js';
const sample = JSON.parse(fs.readFileSync('samples/fio/disk/randrw70-4k-qd16.json', 'utf8'));
const jobBytes = JSON.stringify(sample.jobs[0], null, 2).length;
const count = Math.ceil((48e6) / jobBytes);
sample.jobs = Array.from({ length: count }, (_, i) => ({ ...sample.jobs[0], jobname: `job${i}`, 'job options': { ...sample.jobs[0]['job options'], iodepth: String(1 + (i % 64)) } }));
const bytes = Buffer.from(JSON.stringify(sample, null, 2));
fs.rmSync('/tmp/pf', { recursive: true, force: true });
const acc: Record<string, number> = {};
for (const m of ['saveFile', 'insertRun', 'insertImport']) {
  const orig = (Core.prototype as any);
}
for (let k = 0; k < 4; k++) {
  const core = new Core(`/tmp/pf/b${k}.sqlite`);
  const st = core.store as any;
  for (const m of ['saveFile', 'insertRun']) {
    const o = st[m].bind(st); acc[m] = 0;
    st[m] = (...a: unknown[]) => { const t = performance.now(); const r = o(...a); acc[m] += performance.now() - t; return r; };
  }
  const t0 = performance.now();
  const p = core.stage('big.json', bytes);
  const t1 = performance.now();
  core.commit([p.id], 'bench', 'a');
  const t2 = performance.now();
  console.log('stage', (t1 - t0).toFixed(0), 'commit', (t2 - t1).toFixed(0), JSON.stringify(Object.fromEntries(Object.entries(acc).map(([k, v]) => [k, Math.round(v)]))));
  core.close();
}
