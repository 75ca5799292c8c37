/**
 * Chart figures for `npm run bench`: first paint of a 1-million-point line chart and a zoom into
 * 10 million points, in Chromium (playwright-core) with the workplace's flags. The page is built
 * here with esbuild from chart-bench-page.ts and opened from a file.
 */
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { findChromium } from '../start/find-chromium.js';

const here = path.dirname(fileURLToPath(import.meta.url));

export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export interface ChartFigures {
  firstPaint1mMs: number;
  firstPaint1mEchartsOnlyMs: number;
  zoom10mMs: number;
  firstPaint10mMs: number;
}

/** Best of n: the least disturbed run (the machine is shared). */
async function best(n: number, fn: () => Promise<number>): Promise<number> {
  let min = Infinity;
  for (let i = 0; i < n; i++) min = Math.min(min, await fn());
  return min;
}

export async function chartFigures(work: string): Promise<ChartFigures | { skipped: string }> {
  const executablePath = process.env['PERFDELTA_CHROMIUM'] ?? findChromium() ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : null);
  if (!executablePath) return { skipped: 'no Chromium found (set PERFDELTA_CHROMIUM)' };
  const dir = path.join(work, 'chart-bench');
  fs.mkdirSync(dir, { recursive: true });
  await build({ entryPoints: [path.join(here, 'chart-bench-page.ts')], outfile: path.join(dir, 'bench.js'), bundle: true, format: 'iife', platform: 'browser', target: 'chrome120', minify: true, logLevel: 'warning' });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><meta charset="utf-8"><body style="margin:0"><div id="chart" style="width:1200px;height:420px"></div><script src="bench.js"></script>');
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 600 } });
    await page.goto(`file://${path.join(dir, 'index.html')}`);
    type Bench = { firstPaintLttb(n: number): Promise<number>; firstPaintEcharts(n: number): Promise<number>; zoom(n: number): Promise<{ firstPaintMs: number; zoomMs: number }> };
    const run = <T>(fn: (b: Bench) => Promise<T>): Promise<T> => page.evaluate(`(${fn.toString()})(window.chartBench)`) as Promise<T>;
    const firstPaint1mMs = await best(3, () => run((b) => b.firstPaintLttb(1_000_000)));
    const firstPaint1mEchartsOnlyMs = await best(2, () => run((b) => b.firstPaintEcharts(1_000_000)));
    const z = await run((b) => b.zoom(10_000_000));
    return { firstPaint1mMs, firstPaint1mEchartsOnlyMs, zoom10mMs: z.zoomMs, firstPaint10mMs: z.firstPaintMs };
  } finally {
    await browser.close();
  }
}
