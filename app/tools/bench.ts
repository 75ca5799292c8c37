/**
 * `npm run bench`: speed and memory figures, one line each as `name: value unit`, every figure
 * next to the machine's own limit on the same bytes where one exists. Not a test: it prints.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Core } from '../core/core.js';
import { chartFigures, type Timed } from './chart-bench.js';
import { bigFioJson } from './bench-fio-json.js';
import { importInChild, parseInChild, removeStore, scanLimitMbS, writeBenchLog } from './bench-log.js';
import { periodCompareMs } from './bench-svc.js';
import { catalogFigures } from './bench-catalog.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-bench-'));

function figure(name: string, value: number, unit: string): void {
  console.log(`${name}: ${value.toFixed(value >= 100 ? 0 : 2)} ${unit}`);
}

/**
 * One of issue #37's import figures against its target: `met` or `not met`, as measured now
 * (other work on the machine moves it; the load is printed beside the figures).
 */
function target(name: string, value: number, unit: string, goal: { atMost?: number; atLeast?: number }): void {
  const met = (goal.atMost === undefined || value <= goal.atMost) && (goal.atLeast === undefined || value >= goal.atLeast);
  const said = goal.atMost !== undefined ? `< ${goal.atMost}` : `>= ${goal.atLeast}`;
  console.log(`${name}: ${value.toFixed(value >= 100 ? 0 : 2)} ${unit} (target ${said} ${unit}: ${met ? 'met' : 'not met'})`);
}

/**
 * The store on disk before and after an import: the empty store, then the database file and the
 * original files' objects beside it; and, for scale, the database with the originals inside it
 * as they were kept before issue #37 (the database plus the originals' own bytes: computed).
 */
function storeSize(name: string, emptyBytes: number, run: { dbBytes: number; originalsBytes: number }, inputBytes: number): void {
  const mb = (b: number): string => (b / 1e6).toFixed(1);
  console.log(`${name}_store_before_mb: ${mb(emptyBytes)} MB (the empty store)`);
  console.log(`${name}_store_after_mb: ${mb(run.dbBytes + run.originalsBytes)} MB (database ${mb(run.dbBytes)} MB, originals ${mb(run.originalsBytes)} MB as objects, ${((run.originalsBytes / inputBytes) * 100).toFixed(0)}% of the files' ${mb(inputBytes)} MB)`);
  console.log(`${name}_store_with_originals_inside_mb: ${mb(run.dbBytes + inputBytes)} MB (computed: the database with the files' bytes inside it, as before issue #37)`);
}

/** The bytes of a new, empty store on disk (database file and objects folder). */
function emptyStoreBytes(db: string): number {
  new Core(db).close();
  const bytes = fs.statSync(db).size;
  removeStore(db);
  return bytes;
}

/** A median of repetitions, with its spread. */
function timedFigure(name: string, t: Timed, unit = 'ms'): void {
  const f = (x: number): string => x.toFixed(x >= 100 ? 0 : 1);
  console.log(`${name}: ${f(t.median)} ${unit} (median of ${t.n}; min ${f(t.min)}, max ${f(t.max)})`);
}

/** The machine's load beside the figures: this machine's cores are shared, and figures move with it. */
function machineLoad(): void {
  const [one, five, fifteen] = fs.readFileSync('/proc/loadavg', 'utf8').split(' ');
  console.log(`machine_load: ${one} ${five} ${fifteen} (1, 5, 15 min load average; ${os.availableParallelism()} cores)`);
}

/** PERFDELTA_BENCH_ONLY=chart,timeline,fio,log,svc,stats,awr,catalog (any of them) prints only those figures. */
const only = (process.env['PERFDELTA_BENCH_ONLY'] ?? '').split(',').filter(Boolean);
const want = (part: string): boolean => only.length === 0 || only.includes(part);

machineLoad();
try {
  if (want('catalog')) {
    // The team catalog on a throwaway PostgreSQL: 10,000 studies, 10 M series points; searches
    // and a 1,000-run trend with its change points through the product's code, and their plans.
    const skipped = await catalogFigures((name, value, unit) => (typeof value === 'number' ? figure(name, value, unit) : timedFigure(name, value, unit)));
    if (skipped) console.log(`catalog figures skipped: ${skipped}`);
    machineLoad();
  }

  if (want('chart')) {
    // Charts through the real path (CLI import, web host, Chromium): first paints and zooms of
    // 1 M and 10 M points, the host's memory, and plain ECharts on the same points beside them.
    const skipped = await chartFigures(work, (name, value, unit) => (typeof value === 'number' ? figure(name, value, unit) : timedFigure(name, value, unit)));
    if (skipped) console.log(`chart figures skipped: ${skipped.skipped}`);
    machineLoad();
  }

  if (want('timeline')) {
    // The timeline: ten lanes of a million points each, a zoom answered under 100 ms.
    const { timelineFigures } = await import('./bench-timeline.js');
    const t = timelineFigures(work);
    for (const [name, value] of Object.entries(t.figures)) timedFigure(name, value);
    figure('timeline_10x1m_points', t.points, 'points');
    machineLoad();
  }

  if (want('fio')) {
    // fio JSON: a sweep of ~48 MB (every sample job in turn, figures varied), imported into a
    // fresh store by a fresh process. The limit is measured the same way: a fresh process reads
    // the same file and gives it to JSON.parse once (decoded first: JSON.parse takes text). The
    // bare parser in a warm process, best of three, is printed beside it.
    const bytes = bigFioJson(root, 40);
    const mb = bytes.length / 1e6;
    const jsonFile = path.join(work, 'sweep.json');
    fs.writeFileSync(jsonFile, bytes);
    let importMs = Infinity;
    let parseMs = Infinity;
    let warmMs = Infinity;
    for (let k = 0; k < 3; k++) {
      const db = path.join(work, 'json.sqlite');
      importMs = Math.min(importMs, importInChild(db, [jsonFile]).seconds * 1000);
      removeStore(db);
      const limit = parseInChild(jsonFile);
      parseMs = Math.min(parseMs, limit.coldSeconds * 1000);
      warmMs = Math.min(warmMs, limit.warmSeconds * 1000);
    }
    fs.rmSync(jsonFile);
    figure('fio_json_mb_s', mb / (importMs / 1000), 'MB/s');
    figure('fio_json_limit_mb_s', mb / (parseMs / 1000), 'MB/s');
    target('fio_json_import_vs_parse_pct', (parseMs / importMs) * 100, '%', { atLeast: 50 });
    figure('fio_json_parse_warm_mb_s', mb / (warmMs / 1000), 'MB/s');
    figure('fio_json_import_vs_warm_parse_pct', (warmMs / importMs) * 100, '%');
    figure('fio_json_bench_file_mb', mb, 'MB');
    machineLoad();
  }

  if (want('log')) {
    // fio logs: a randrw clat log on disk, imported by a process of its own (streamed: read,
    // parsed and written 4 MB at a time); the limit is the log scanner alone on the same bytes.
    const log = path.join(work, 'bench_clat.1.log');
    const logMb = writeBenchLog(log, 100).bytes / 1e6;
    // Best of five: this machine's disk writeback makes single runs vary by a third.
    let logS = Infinity;
    for (let k = 0; k < 5; k++) {
      const db = path.join(work, 'log.sqlite');
      logS = Math.min(logS, importInChild(db, [log]).seconds);
      removeStore(db);
    }
    const scanMbS = scanLimitMbS(log);
    figure('fio_log_mb_s', logMb / logS, 'MB/s');
    figure('fio_log_limit_mb_s', scanMbS, 'MB/s');
    target('fio_log_import_vs_scan_pct', (logMb / logS / scanMbS) * 100, '%', { atLeast: 60 });
    figure('fio_log_bench_file_mb', logMb, 'MB');
    fs.rmSync(log);
    // The 2 GB log (FIO_LOG_BIG_MB to change the size): the process must stay under 500 MB.
    const bigMb = Number(process.env['FIO_LOG_BIG_MB'] ?? 2000);
    const big = path.join(work, 'big_clat.1.log');
    const bigBytes = writeBenchLog(big, bigMb).bytes;
    const bigDb = path.join(work, 'big.sqlite');
    const bigRun = importInChild(bigDb, [big]);
    removeStore(bigDb);
    fs.rmSync(big);
    figure('fio_log_2gb_file_mb', bigBytes / 1e6, 'MB');
    figure('fio_log_2gb_import_s', bigRun.seconds, 's');
    figure('fio_log_2gb_mb_s', bigBytes / 1e6 / bigRun.seconds, 'MB/s');
    figure('fio_log_2gb_peak_rss_mb', bigRun.peakRssMb, 'MB');
    figure('fio_log_2gb_checkpoint_s', bigRun.checkpointSeconds, 's');
    machineLoad();
  }

  if (want('svc')) {
    // SVC: a week of 5-minute statistics on two nodes for SVC_BENCH_VOLUMES volumes (default
    // 1,000: about 4,000 files, 1 GB), written by the S1 sample generator, imported as one drop
    // by a process of its own; then a period comparison over the stored week.
    const volumes = Number(process.env['SVC_BENCH_VOLUMES'] ?? 1000);
    const svcDir = path.join(work, 'svc-week');
    const { generate } = (await import(pathToFileURL(path.join(root, 'samples/svc/generate.mjs')).href)) as { generate(dir: string, o: object): number };
    const svcFiles = generate(svcDir, { volumes, days: 7 });
    const svcBytes = fs.readdirSync(svcDir).reduce((n, f) => n + fs.statSync(path.join(svcDir, f)).size, 0);
    const svcDb = path.join(work, 'svc.sqlite');
    const svcEmpty = emptyStoreBytes(svcDb);
    const svc = importInChild(svcDb, [svcDir]);
    fs.rmSync(svcDir, { recursive: true });
    const core = new Core(svcDb);
    const compareMs = periodCompareMs(core, 'bench');
    core.close();
    removeStore(svcDb);
    figure('svc_week_volumes', volumes, 'volumes');
    figure('svc_week_files', svcFiles, 'files');
    figure('svc_week_mb', svcBytes / 1e6, 'MB');
    target('svc_week_import_s', svc.seconds, 's', { atMost: 10 });
    target('svc_week_peak_rss_mb', svc.peakRssMb, 'MB', { atMost: 400 });
    storeSize('svc_week', svcEmpty, svc, svcBytes);
    figure('svc_week_checkpoint_s', svc.checkpointSeconds, 's');
    figure('svc_period_compare_ms', compareMs, 'ms');
    machineLoad();
  }

  if (want('stats')) {
    const { statsFigures } = await import('./bench-stats.js');
    for (const [name, ms] of Object.entries(statsFigures())) figure(name, ms, 'ms');
  }

  if (want('awr')) {
    // AWR: 2,000 HTML reports of ~500 KB (cut from the corpus reports when ../shared/corpus is
    // there, else generated in the 11.2/12c layout), imported as one drop by a process of its own.
    const { writeAwrBenchReports } = await import('./bench-awr.js');
    const awrDir = path.join(work, 'awr');
    const awr = writeAwrBenchReports(awrDir, Number(process.env['AWR_BENCH_COUNT'] ?? 2000), { htmlOnly: true });
    const awrDb = path.join(work, 'awr.sqlite');
    const awrEmpty = emptyStoreBytes(awrDb);
    const awrRun = importInChild(awrDb, [awrDir]);
    removeStore(awrDb);
    fs.rmSync(awrDir, { recursive: true });
    figure('awr_2000_files', awr.files, 'files');
    figure('awr_2000_mb', awr.bytes / 1e6, 'MB');
    console.log(`awr_2000_html_from: ${awr.htmlFromCorpus ? 'the corpus' : 'the generator'}`);
    if (awrRun.failed > 0) console.log(`awr_2000_failed: ${awrRun.failed} files (first: ${awrRun.firstError})`);
    target('awr_2000_import_s', awrRun.seconds, 's', { atMost: 10 });
    target('awr_2000_peak_rss_mb', awrRun.peakRssMb, 'MB', { atMost: 500 });
    storeSize('awr_2000', awrEmpty, awrRun, awr.bytes);
    machineLoad();
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
