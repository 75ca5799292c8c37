/**
 * SVC bench figures (issue #5): a week of 5-minute volume statistics on two nodes, written by the
 * S1 sample generator (SVC_BENCH_VOLUMES volumes, default 1,000: ~4,000 files, ~1 GB), then
 *  - svc_week_stage_s: svcStageInfo on every file's first 4 KiB (what staging would do),
 *  - svc_week_aggregate_s / svc_week_aggregate_peak_rss_mb: aggregateSvcFiles alone, each file
 *    read from disk when asked for,
 *  - svc_week_series_write_s: the run written straight into a store (one transaction), and
 *  - svc_period_compare_ms: a period comparison over it, best of 3.
 * A breakdown of the aggregation and the series write; the whole import (files kept, progress)
 * is timed by `npm run bench` (svc_week_import_s). Run alone: node --import tsx app/tools/bench-svc.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Core } from '../core/core.js';
import { aggregateSvcFiles, svcStageInfo, type SvcFileInput } from '../core/import/svc-stream.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export type Figures = Record<string, { value: number; unit: string }>;

function head(file: string, bytes = 4096): Uint8Array {
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    return buf.subarray(0, fs.readSync(fd, buf, 0, bytes, 0));
  } finally {
    fs.closeSync(fd);
  }
}

export async function svcFigures(work: string): Promise<Figures> {
  const volumes = Number(process.env['SVC_BENCH_VOLUMES'] ?? 1000);
  const dir = path.join(work, 'svc-week');
  const { generate } = (await import(pathToFileURL(path.join(root, 'samples/svc/generate.mjs')).href)) as { generate(d: string, o: object): number };
  const t0 = performance.now();
  const count = generate(dir, { volumes, days: 7 });
  const generateS = (performance.now() - t0) / 1000;
  const names = fs.readdirSync(dir).sort();
  const bytes = names.reduce((n, f) => n + fs.statSync(path.join(dir, f)).size, 0);

  const s0 = performance.now();
  const files: SvcFileInput[] = names.map((name, index) => {
    const p = path.join(dir, name);
    return { index, path: p, info: svcStageInfo(head(p)), read: () => fs.readFileSync(p) };
  });
  const stageS = (performance.now() - s0) / 1000;

  // Timers do not fire during synchronous work: RSS is sampled as files complete.
  let peak = process.memoryUsage().rss;
  const a0 = performance.now();
  const result = aggregateSvcFiles(files, { onFile: (done) => { if (done % 50 === 0) peak = Math.max(peak, process.memoryUsage().rss); } });
  const aggregateS = (performance.now() - a0) / 1000;
  peak = Math.max(peak, process.memoryUsage().rss);
  if (!result.run) throw new Error(`no SVC run: ${result.warnings.join('; ')}`);
  const run = result.run;
  const points = run.series.reduce((n, s) => n + s.times.length, 0);

  const core = new Core(path.join(work, 'svc-bench.sqlite'));
  try {
    const w0 = performance.now();
    core.store.transaction(() => {
      const study = core.store.ensureStudy('svc bench', 'svc-bench');
      core.store.saveFile('bench', new Uint8Array(0)); // the files' own bytes are the pipeline's to keep
      const importId = core.store.insertImport({ studyId: study.id, sha256: 'bench', fileName: dir, format: 'svc-iostats', importerVersion: '1', config: 'prod', warnings: [] });
      core.store.insertRun(study.id, importId, 'prod', 0, run);
    });
    const writeS = (performance.now() - w0) / 1000;
    peak = Math.max(peak, process.memoryUsage().rss);
    const compareMs = periodCompareMs(core, 'svc-bench');
    return {
      svc_week_volumes: { value: volumes, unit: 'volumes' },
      svc_week_files: { value: count, unit: 'files' },
      svc_week_mb: { value: bytes / 1e6, unit: 'MB' },
      svc_week_generate_s: { value: generateS, unit: 's' },
      svc_week_stage_s: { value: stageS, unit: 's' },
      svc_week_aggregate_s: { value: aggregateS, unit: 's' },
      svc_week_aggregate_mb_s: { value: bytes / 1e6 / aggregateS, unit: 'MB/s' },
      svc_week_aggregate_peak_rss_mb: { value: peak / 1e6, unit: 'MB' },
      svc_week_series: { value: run.series.length, unit: 'series' },
      svc_week_points: { value: points, unit: 'points' },
      svc_week_series_write_s: { value: writeS, unit: 's' },
      svc_period_compare_ms: { value: compareMs, unit: 'ms' },
    };
  } finally {
    core.close();
  }
}

/**
 * A period comparison over a stored SVC week, best of three, in ms: two days against one, every
 * volume and all of them, in the study's zone. Throws when it compared nothing.
 */
export function periodCompareMs(core: Core, study: string): number {
  core.updateSettings(study, { zone: '+08:00' });
  core.definePeriod(study, 'early', 'daily 08:30-15:30 on 2017-09-08, 09-09');
  core.definePeriod(study, 'late', 'daily 08:30-15:30 on 2017-09-12');
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const c0 = performance.now();
    const cmp = core.compare({ study, baseline: 'early', candidates: ['late'], metrics: ['read.lat_avg_ms'] });
    best = Math.min(best, performance.now() - c0);
    if (!cmp.pairs.some((p) => p.object === '*')) throw new Error('the period comparison gave no all-volumes pair');
  }
  return best;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-bench-svc-'));
  try {
    for (const [name, { value, unit }] of Object.entries(await svcFigures(work))) console.log(`${name}: ${value.toFixed(value >= 100 ? 0 : 2)} ${unit}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
