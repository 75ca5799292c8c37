/**
 * `npm run bench`: speed and memory figures, one line each as `name: value unit`, every figure
 * next to the machine's own limit on the same bytes where one exists. Not a test: it prints.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Core } from '../core/core.js';
import { chartFigures } from './chart-bench.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-bench-'));

function figure(name: string, value: number, unit: string): void {
  console.log(`${name}: ${value.toFixed(value >= 100 ? 0 : 2)} ${unit}`);
}

/** Best of n: the least disturbed run is the closest to what the code can do. */
function best(n: number, fn: () => void): number {
  let min = Infinity;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    fn();
    min = Math.min(min, performance.now() - t0);
  }
  return min;
}

/** A pretty-printed fio JSON of about `targetMb` MB: the sample's job repeated (a big sweep). */
function bigFioJson(targetMb: number): Buffer {
  const sample = JSON.parse(fs.readFileSync(path.join(root, 'samples/fio/disk/randrw70-4k-qd16.json'), 'utf8')) as { jobs: Array<Record<string, unknown>> };
  const jobBytes = JSON.stringify(sample.jobs[0], null, 2).length;
  const count = Math.ceil((targetMb * 1e6) / jobBytes);
  sample.jobs = Array.from({ length: count }, (_, i) => ({ ...sample.jobs[0], jobname: `job${i}`, 'job options': { ...(sample.jobs[0]!['job options'] as object), iodepth: String(1 + (i % 64)) } }));
  return Buffer.from(JSON.stringify(sample, null, 2));
}

try {
  // Charts in Chromium: first paint of 1M points (LTTB to the pixels, then ECharts; and ECharts
  // alone with its own sampling, for comparison) and a zoom into 10M points (the visible window
  // re-downsampled). PERFDELTA_BENCH_ONLY=chart prints only these.
  const charts = await chartFigures(work);
  if ('skipped' in charts) {
    console.log(`chart figures skipped: ${charts.skipped}`);
  } else {
    figure('chart_1m_first_paint_ms', charts.firstPaint1mMs, 'ms');
    figure('chart_1m_first_paint_echarts_sampling_ms', charts.firstPaint1mEchartsOnlyMs, 'ms');
    figure('chart_10m_zoom_ms', charts.zoom10mMs, 'ms');
    figure('chart_10m_first_paint_ms', charts.firstPaint10mMs, 'ms');
  }
  if (process.env['PERFDELTA_BENCH_ONLY'] === 'chart') {
    fs.rmSync(work, { recursive: true, force: true });
    process.exit(0);
  }

  const bytes = bigFioJson(40);
  const mb = bytes.length / 1e6;
  const text = bytes.toString('utf8');
  const parseMs = best(3, () => JSON.parse(text));
  let n = 0;
  const importMs = best(3, () => {
    const core = new Core(path.join(work, `bench-${n++}.sqlite`));
    const preview = core.stage('big.json', bytes);
    core.commit([preview.id], 'bench', 'a');
    core.close();
  });
  figure('fio_json_mb_s', mb / (importMs / 1000), 'MB/s');
  figure('fio_json_limit_mb_s', mb / (parseMs / 1000), 'MB/s');
  figure('fio_json_import_vs_parse_pct', (parseMs / importMs) * 100, '%');
  figure('fio_json_bench_file_mb', mb, 'MB');

  // fio log: a bw log of ~100 MB (4 columns, read and write interleaved), imported with its
  // parse, series encoding and SQLite write; the limit is the bare byte scan of the same bytes.
  const rows = 4_000_000;
  const parts: string[] = [];
  for (let i = 0; i < rows; i++) parts.push(`${i * 10}, ${100000 + ((i * 7919) % 50000)}, ${i & 1}, 0\n`);
  const log = Buffer.from(parts.join(''));
  const logMb = log.length / 1e6;
  const { scanRows } = await import('../../importers/fio/log-scan.js');
  const scanMs = best(3, () => scanRows(log, 4));
  let m = 0;
  const logMs = best(2, () => {
    const core = new Core(path.join(work, `log-${m++}.sqlite`));
    const preview = core.stage('bench_bw.1.log', log);
    core.commit([preview.id], 'bench', 'a');
    core.close();
  });
  figure('fio_log_mb_s', logMb / (logMs / 1000), 'MB/s');
  figure('fio_log_limit_mb_s', logMb / (scanMs / 1000), 'MB/s');
  figure('fio_log_bench_file_mb', logMb, 'MB');

  // SVC: a week of 5-minute statistics on two nodes (about 4,000 files), written by the S1 sample
  // generator, imported as one drop; then a period comparison over it. The target is 1,000
  // volumes (1 GB); the import still holds every parsed snapshot in memory, which does not fit
  // at that size yet, so the bench measures SVC_BENCH_VOLUMES (default 100) and says so.
  const volumes = Number(process.env['SVC_BENCH_VOLUMES'] ?? 100);
  const svcDir = path.join(work, 'svc-week');
  const { generate } = (await import(pathToFileURL(path.join(root, 'samples/svc/generate.mjs')).href)) as { generate(dir: string, o: object): number };
  const svcFiles = generate(svcDir, { volumes, days: 7 });
  const svcBytes = fs.readdirSync(svcDir).reduce((n, f) => n + fs.statSync(path.join(svcDir, f)).size, 0);
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  const sampler = setInterval(() => { peakRss = Math.max(peakRss, process.memoryUsage().rss); }, 50);
  const core = new Core(path.join(work, 'svc.sqlite'));
  const t0 = performance.now();
  core.importPaths([svcDir], 'svc bench', 'prod', { onProgress: () => { peakRss = Math.max(peakRss, process.memoryUsage().rss); } });
  const importS = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  core.updateSettings('svc-bench', { zone: '+08:00' });
  core.definePeriod('svc-bench', 'early', 'daily 08:30-15:30 on 2017-09-08, 09-09');
  core.definePeriod('svc-bench', 'late', 'daily 08:30-15:30 on 2017-09-12');
  const compareMs = best(3, () => core.compare({ study: 'svc-bench', baseline: 'early', candidates: ['late'], metrics: ['read.lat_avg_ms'] }));
  core.close();
  figure('svc_week_volumes', volumes, 'volumes');
  figure('svc_week_files', svcFiles, 'files');
  figure('svc_week_mb', svcBytes / 1e6, 'MB');
  figure('svc_week_import_s', importS, 's');
  figure('svc_week_peak_rss_mb', peakRss / 1e6, 'MB');
  figure('svc_period_compare_ms', compareMs, 'ms');

  // AWR: 2,000 reports made from the S2 samples (snapshot ids changed so each is a new file),
  // padded with SQL rows to AWR_BENCH_KB each (default 50 KB; real HTML reports run to 500 KB,
  // which would hold the whole batch in memory: the import does not stream yet).
  const kb = Number(process.env['AWR_BENCH_KB'] ?? 50);
  const awrDir = path.join(work, 'awr');
  fs.mkdirSync(awrDir);
  const bases = ['write-back.txt', 'write-through.txt'].map((f) => fs.readFileSync(path.join(root, 'samples/awr', f), 'utf8'));
  let awrBytes = 0;
  for (let i = 0; i < 2000; i++) {
    let text = bases[i % 2]!.replace(/Snaps: (\d+)-(\d+)/g, `Snaps: ${1000 + 2 * i}-${1001 + 2 * i}`).replace(/^(Begin Snap:\s+)\d+/m, `$1${1000 + 2 * i}`);
    const rows: string[] = [];
    for (let k = 0; text.length + rows.join('\n').length < kb * 1024; k++) {
      rows.push(`${String((k % 97) + 0.5).padStart(16)} ${String(100 + k).padStart(14)} ${'0.01'.padStart(13)} ${'0.1'.padStart(6)} ${'50.0'.padStart(6)} ${'10.0'.padStart(6)} ${('b' + String(i * 100000 + k).padStart(12, '0')).slice(0, 13)}\nModule: bench\nSELECT ${k} FROM DUAL\n`);
    }
    text = text.replace(/(---------------- -------------- ------------- ------ ------ ------ -------------\n)/, `$1${rows.join('\n')}\n`);
    fs.writeFileSync(path.join(awrDir, `awr_${i}.txt`), text);
    awrBytes += text.length;
  }
  let awrPeak = process.memoryUsage().rss;
  const awrCore = new Core(path.join(work, 'awr.sqlite'));
  const a0 = performance.now();
  awrCore.importPaths([awrDir], 'awr bench', 'x', { onProgress: () => { awrPeak = Math.max(awrPeak, process.memoryUsage().rss); } });
  const awrS = (performance.now() - a0) / 1000;
  awrCore.close();
  figure('awr_2000_mb', awrBytes / 1e6, 'MB');
  figure('awr_2000_import_s', awrS, 's');
  figure('awr_2000_peak_rss_mb', awrPeak / 1e6, 'MB');
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
