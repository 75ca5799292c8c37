/**
 * Chart figures for `npm run bench`, through the real path: fio IOPS logs of 1 M and 10 M rows
 * imported with the CLI's code path, the web host started as `perfdelta serve` starts it, the
 * workbench in Chromium (playwright-core). A first paint is a click on the run's row until
 * ECharts has drawn the answer (its `finished`, after the option carrying the data); a zoom is a
 * `dataZoom` action until the window's answer is drawn. The host's memory is read from /proc.
 * Beside them, plain ECharts in the same browser, given every point of the same series and the
 * run chart's own options (with ECharts' LTTB sampling): what the app is measured against.
 * Timings are medians of at least five repetitions, with their min and max.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { build } from 'esbuild';
import { chromium, type Page } from 'playwright-core';
import { findChromium } from '../start/find-chromium.js';
import { importInChild } from './bench-log.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLI = path.join(here, '..', 'cli', 'bin.cjs');

export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export interface Timed {
  median: number;
  min: number;
  max: number;
  n: number;
}


const REPEATS = Number(process.env['CHART_BENCH_REPEATS'] ?? 5);

function timed(samples: number[]): Timed {
  const s = [...samples].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return { median: s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2, min: s[0]!, max: s[s.length - 1]!, n: s.length };
}

/** An fio IOPS log of `rows` rows, a sample a millisecond: a slow wave, noise, rare one-sample spikes. */
function writeIopsLog(file: string, rows: number): void {
  const fd = fs.openSync(file, 'w');
  let seed = 12345;
  for (let at = 0; at < rows; at += 200_000) {
    const lines: string[] = [];
    for (let i = at; i < Math.min(rows, at + 200_000); i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const v = 50_000 + Math.round(10_000 * Math.sin(i / 50_000)) + (seed % 2000) + (seed % 9973 === 0 ? 40_000 : 0);
      lines.push(`${i + 1}, ${v}, 0, 4096\n`);
    }
    fs.writeSync(fd, lines.join(''));
  }
  fs.closeSync(fd);
}

/** A series' points as stored, for plain ECharts: its chunks' float64 bytes joined. */
function storedPoints(db: string, run: number): { times: Buffer; values: Buffer } {
  const conn = new Database(db, { readonly: true });
  try {
    const rows = conn.prepare('SELECT times, vals FROM series WHERE run_id = ? ORDER BY t_first, chunk').all(run) as Array<{ times: Buffer; vals: Buffer }>;
    return { times: Buffer.concat(rows.map((r) => r.times)), values: Buffer.concat(rows.map((r) => r.vals)) };
  } finally {
    conn.close();
  }
}

/** `perfdelta serve` on a data folder, as the e2e tests start it; its URL and process. */
async function startServe(home: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [CLI, 'serve', '--no-samples'], { env: { ...process.env, PERFDELTA_HOME: home, PERFDELTA_QUIET: '1' }, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (c: Buffer) => {
      buf += c.toString();
      if (buf.includes('\n')) resolve(buf.split('\n')[0]!);
    });
    child.once('exit', (code) => reject(new Error(`perfdelta serve exited with ${code}`)));
  });
  return { url, child };
}

/** A process' resident memory now and at its peak (VmRSS, VmHWM), in MB. */
function rssMb(pid: number): { now: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string): number => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { now: (kb('VmRSS') * 1024) / 1e6, peak: (kb('VmHWM') * 1024) / 1e6 };
}

// Page scripts are strings: tsx names the functions it compiles with a helper the page lacks.

/** Clicks a run's row and times it until the run chart has drawn its first answer. */
function openRun(page: Page, run: number): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    let t0 = 0;
    const watch = new MutationObserver(() => {
      const chart = document.querySelector('[data-testid="run-series-detail"] .chart');
      if (chart && Number(chart.dataset.applied) >= 1 && chart.dataset.rendered === chart.dataset.applied) { watch.disconnect(); resolve(performance.now() - t0); }
    });
    watch.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-applied', 'data-rendered'] });
    t0 = performance.now();
    document.querySelector('tr[data-run="${run}"]').click();
  })`) as Promise<number>;
}

async function closeRun(page: Page, run: number): Promise<void> {
  await page.locator(`tr[data-run="${run}"]`).click();
  await page.waitForSelector('[data-testid="run-detail"]', { state: 'detached' });
}

/** A dataZoom to [start, end] % and the time until the window's answer is drawn. */
function zoomRun(page: Page, start: number, end: number): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    const chart = document.querySelector('[data-testid="run-series-detail"] .chart');
    const before = Number(chart.dataset.applied);
    let t0 = 0;
    const watch = new MutationObserver(() => {
      if (Number(chart.dataset.applied) > before && chart.dataset.rendered === chart.dataset.applied) { watch.disconnect(); resolve(performance.now() - t0); }
    });
    watch.observe(chart, { attributes: true, attributeFilter: ['data-applied', 'data-rendered'] });
    t0 = performance.now();
    window.perfdeltaCharts['run-series'].dispatchAction({ type: 'dataZoom', start: ${start}, end: ${end} });
  })`) as Promise<number>;
}

const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
/** Windows at different places: a zoom never answers from what the last one read. */
const starts = (k: number): number => 7 + ((k * 37) % 83);

/**
 * Measures, printing each figure as it is known (`report`): a crash of the plain-ECharts page
 * (10 M points are gigabytes of arrays there) loses none of the app's figures.
 */
export async function chartFigures(work: string, report: (name: string, value: Timed | number, unit: string) => void): Promise<{ skipped: string } | null> {
  const executablePath = process.env['PERFDELTA_CHROMIUM'] ?? findChromium() ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : null);
  if (!executablePath) return { skipped: 'no Chromium found (set PERFDELTA_CHROMIUM)' };
  const dir = path.join(work, 'chart-bench');
  const home = path.join(dir, 'home');
  fs.mkdirSync(home, { recursive: true });
  const db = path.join(home, 'perfdelta.sqlite');
  const logs = { m1: path.join(dir, 'bench1m_iops.1.log'), m10: path.join(dir, 'bench10m_iops.1.log') };
  writeIopsLog(logs.m1, 1_000_000);
  writeIopsLog(logs.m10, 10_000_000);
  importInChild(db, [logs.m1, logs.m10]);
  fs.rmSync(logs.m1);
  fs.rmSync(logs.m10);
  const runs = (() => {
    const conn = new Database(db, { readonly: true });
    const rows = conn.prepare('SELECT r.id, s.points FROM runs r JOIN series_summary s ON s.run_id = r.id').all() as Array<{ id: number; points: number }>;
    conn.close();
    return { m1: rows.find((r) => r.points === 1_000_000)!.id, m10: rows.find((r) => r.points === 10_000_000)!.id };
  })();

  await build({ entryPoints: [path.join(here, 'chart-bench-page.ts')], outfile: path.join(dir, 'bench.js'), bundle: true, format: 'iife', platform: 'browser', target: 'chrome120', minify: true, logLevel: 'warning' });
  const serve = await startServe(home);
  // Plain ECharts holds 10 M points as arrays: room for its heap.
  const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_FLAGS, '--js-flags=--max-old-space-size=8192'] });
  let closeFiles = (): Promise<void> => Promise.resolve();
  try {
    const pid = serve.child.pid!;
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.setDefaultTimeout(120_000);
    await page.goto(serve.url);
    await page.waitForSelector('.app[data-state="ready"]');
    await page.locator('.study-list button[data-study="bench"]').click();
    await page.waitForSelector('[data-testid="study-view"][data-study="bench"][data-state="ready"]');
    await page.locator('[data-tab="runs"]').click();
    await page.waitForSelector(`tr[data-run="${runs.m10}"]`);

    const firstPaint1m: number[] = [];
    const firstPaint10m: number[] = [];
    const zoom10m: number[] = [];
    const zoomSmall10m: number[] = [];
    for (let k = 0; k < REPEATS; k++) {
      firstPaint1m.push(await openRun(page, runs.m1));
      await closeRun(page, runs.m1);
      firstPaint10m.push(await openRun(page, runs.m10));
      await closeRun(page, runs.m10);
    }
    await openRun(page, runs.m10);
    for (let k = 0; k < REPEATS; k++) {
      // A pause longer than the zoom's quiet time: each zoom is one user's action, not a burst.
      await pause(300);
      zoom10m.push(await zoomRun(page, starts(k), starts(k) + 1));
      await pause(300);
      zoomSmall10m.push(await zoomRun(page, starts(k + REPEATS) + 0.5, starts(k + REPEATS) + 0.51));
    }
    await closeRun(page, runs.m10);
    await pause(1500);
    const host = rssMb(pid);
    report('chart_10m_first_paint_ms', timed(firstPaint10m), 'ms');
    report('chart_10m_zoom_ms', timed(zoom10m), 'ms');
    report('chart_10m_zoom_small_ms', timed(zoomSmall10m), 'ms');
    report('chart_1m_first_paint_ms', timed(firstPaint1m), 'ms');
    report('chart_host_peak_rss_mb', host.peak, 'MB');
    report('chart_host_rss_closed_mb', host.now, 'MB');
    await page.close();

    // Plain ECharts, same browser, the same points and the run chart's options, served by a
    // small local HTTP server (80 MB of points through the DevTools protocol would not do).
    const stored = { m1: storedPoints(db, runs.m1), m10: storedPoints(db, runs.m10) };
    const files = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const m = /^\/points\/(m1|m10)\.(times|values)$/.exec(url.pathname);
      if (url.pathname === '/') res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><meta charset="utf-8"><body style="margin:0"><div id="chart" style="width:1352px;height:360px"></div><script src="/bench.js"></script>');
      else if (url.pathname === '/bench.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(fs.readFileSync(path.join(dir, 'bench.js')));
      else if (m) res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(stored[m[1] as 'm1' | 'm10'][m[2] as 'times' | 'values']);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', () => resolve()));
    closeFiles = () => new Promise<void>((resolve) => files.close(() => resolve()));
    const plain = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    plain.setDefaultTimeout(600_000);
    await plain.goto(`http://127.0.0.1:${(files.address() as AddressInfo).port}/`);
    const run = <T>(fn: string): Promise<T> => plain.evaluate(`(${fn})(window.chartBench)`) as Promise<T>;
    await run<number>('(b) => b.load("m1")');
    const firstPaint1mEcharts: number[] = [];
    for (let k = 0; k < REPEATS; k++) firstPaint1mEcharts.push(await run<number>('(b) => b.firstPaint("m1")'));
    report('chart_1m_first_paint_echarts_ms', timed(firstPaint1mEcharts), 'ms');
    await run<void>('(b) => b.drop("m1")');
    await run<number>('(b) => b.load("m10")');
    report('chart_10m_first_paint_echarts_ms', await run<number>('(b) => b.firstPaint("m10")'), 'ms');
    const zoom10mEcharts: number[] = [];
    for (let k = 0; k < REPEATS; k++) zoom10mEcharts.push(await run<number>(`(b) => b.zoom(${starts(k)}, ${starts(k) + 1})`));
    report('chart_10m_zoom_echarts_ms', timed(zoom10mEcharts), 'ms');
    return null;
  } finally {
    await closeFiles();
    await browser.close();
    const exited = new Promise((r) => serve.child.once('exit', r));
    serve.child.kill('SIGTERM');
    await exited;
  }
}
