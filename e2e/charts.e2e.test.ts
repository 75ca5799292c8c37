/**
 * The chart kinds of issue #8 that came last, built from the sample studies and from a fixture
 * made here out of the real fio samples (repetitions, a second configuration, a log at another
 * interval): latency CDF and exceedance, repetitions, runs aligned at t = 0; light and dark
 * themes, keyboard use of the study tabs, the image on the clipboard and the XLSX export.
 * What is drawn is read from the live ECharts options and checked against the files.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as XLSX from '@e965/xlsx';
import type { Browser, Page } from 'playwright-core';
import { OUTPUT_DIR, REPO_ROOT, type RunningHost } from './support/host.js';
import { WorkbenchPage } from './support/workbench-page.js';
import { closeWorkbench, openWorkbench } from './support/session.js';

const FIO = path.join(REPO_ROOT, 'samples', 'fio');
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const readJson = (f: string): Json => JSON.parse(fs.readFileSync(f, 'utf8')) as Json;

/** Repetition factors of the fixture: three runs per configuration around the sample's figures. */
const REPS = [0.96, 1, 1.05];

/** [ms, CDF] from a json+ direction's bins, computed here the plain way. */
function cdfFromBins(bins: Record<string, number>, nsScale = 1): Array<[number, number]> {
  const pairs = Object.entries(bins).map(([k, c]) => [(Number(k) * nsScale) / 1e6, c] as [number, number]).filter(([, c]) => c > 0).sort((a, b) => a[0] - b[0]);
  const total = pairs.reduce((s, [, c]) => s + c, 0);
  let cum = 0;
  return pairs.map(([ms, c]) => { cum += c; return [ms, cum / total]; });
}

/** The fixture: two configurations of the same fio workloads, written from the samples. */
function writeFixture(dir: string): { disk: string[]; fast: string[]; iops: { disk: number[]; fast: number[] }; randrw: { disk: Json; fast: Json } } {
  const disk = path.join(dir, 'disk');
  const fast = path.join(dir, 'fast');
  fs.mkdirSync(disk, { recursive: true });
  fs.mkdirSync(fast, { recursive: true });
  const iops = { disk: [] as number[], fast: [] as number[] };
  for (const [config, folder] of [['disk', disk], ['fast', fast]] as const) {
    const src = readJson(path.join(FIO, config === 'disk' ? 'disk' : 'tmpfs', 'randread-4k-qd1.json'));
    REPS.forEach((f, i) => {
      const doc = structuredClone(src);
      const job = doc['jobs'][0];
      job.read.iops *= f;
      job.read.bw = Math.round(job.read.bw * f);
      doc['timestamp'] += 60 * (i + 1);
      iops[config].push(job.read.iops);
      fs.writeFileSync(path.join(folder, `randread-4k-qd1-rep${i + 1}.json`), JSON.stringify(doc, null, 2));
    });
  }
  // The json+ run as it is (a trailing newline: a new file for this study), and a "fast" twin
  // with every latency bucket halved and its IOPS log at 500 ms instead of 250 ms.
  const rw = readJson(path.join(FIO, 'detail', 'randrw70.json'));
  fs.writeFileSync(path.join(disk, 'randrw70.json'), JSON.stringify(rw, null, 2) + '\n');
  fs.copyFileSync(path.join(FIO, 'detail', 'randrw70_iops.1.log'), path.join(disk, 'randrw70_iops.1.log'));
  const twin = structuredClone(rw);
  for (const d of ['read', 'write']) {
    const bins = twin['jobs'][0][d].clat_ns.bins as Record<string, number>;
    twin['jobs'][0][d].clat_ns.bins = Object.fromEntries(Object.entries(bins).map(([k, c]) => [String(Math.round(Number(k) / 2)), c]));
  }
  fs.writeFileSync(path.join(fast, 'randrw70.json'), JSON.stringify(twin, null, 2));
  const rows = fs.readFileSync(path.join(FIO, 'detail', 'randrw70_iops.1.log'), 'utf8').trim().split('\n').map((l) => l.split(', ').map(Number));
  const merged: string[] = [];
  for (const dir of [0, 1]) {
    const mine = rows.filter((r) => r[2] === dir);
    for (let i = 0; i + 1 < mine.length; i += 2) merged.push(`${mine[i + 1]![0]}, ${Math.round((mine[i]![1]! + mine[i + 1]![1]!) / 2)}, ${dir}, 0, 0`);
  }
  merged.sort((a, b) => Number(a.split(',')[0]) - Number(b.split(',')[0]));
  fs.writeFileSync(path.join(fast, 'randrw70_iops.1.log'), merged.join('\n') + '\n');
  const list = (f: string): string[] => fs.readdirSync(f).sort().map((n) => path.join(f, n));
  return { disk: list(disk), fast: list(fast), iops, randrw: { disk: rw, fast: twin } };
}

interface Drawn { name: string; data: unknown[]; markLine?: { data: unknown[] }; markArea?: { data: unknown[] }; lineStyle?: { type?: string } }
interface Axis { type: string; name?: string; min?: number }

describe('chart kinds: distributions, repetitions, aligned runs, themes (web host in Chromium)', () => {
  let host: RunningHost;
  let browser: Browser;
  let page: Page;
  let wb: WorkbenchPage;
  let fixture: ReturnType<typeof writeFixture>;
  const option = (id: string): Promise<{ series: Drawn[]; xAxis: Axis[]; yAxis: Axis[]; title: Array<{ text: string }> }> =>
    page.evaluate((chartId) => window.perfdeltaCharts![chartId]!.getOption() as never, id);
  const shot = async (name: string, selector = '[data-testid="study-view"]'): Promise<void> => {
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.locator(selector).first().screenshot({ path: path.join(OUTPUT_DIR, name) });
  };
  const setTheme = async (theme: 'light' | 'dark'): Promise<void> => {
    await page.locator('select[name="theme"]').selectOption(theme);
    await page.waitForFunction((th) => document.documentElement.dataset['theme'] === th, theme);
  };
  const overlay = async (kind: string): Promise<void> => {
    const view = page.locator('[data-testid="overlay-view"]');
    await view.locator('select[name="overlay-kind"]').selectOption(kind);
    await page.waitForSelector(`[data-testid="overlay-view"][data-kind="${kind}"][data-state="ready"] .chart[data-state="ready"]`);
  };

  before(async () => {
    ({ host, browser, page, wb } = await openWorkbench({ loadSamples: true, page: { colorScheme: 'light' } }));
    fixture = writeFixture(fs.mkdtempSync(path.join(host.home, 'fixture-')));
  });
  after(() => closeWorkbench({ host, browser }));

  it('draws the randrw run\'s latency CDF from its json+ bins and its histogram log', async () => {
    await wb.openStudy('fio-output-shapes');
    await page.locator('[data-tab="overlay"]').click();
    await overlay('latency-cdf');
    const o = await option('latency-distribution');
    assert.deepEqual(o.series.map((s) => s.name), [
      'disk · randrw70 · read', 'disk · randrw70 · write', 'disk · randrw70 · read (hist log)', 'disk · randrw70 · write (hist log)',
    ]);
    assert.equal(o.xAxis[0]!.type, 'log');
    const json = readJson(path.join(FIO, 'detail', 'randrw70.json'));
    for (const [i, dir] of (['read', 'write'] as const).entries()) {
      const expected = cdfFromBins(json['jobs'][0][dir].clat_ns.bins);
      const drawn = o.series[i]!.data as Array<[number, number]>;
      assert.equal(drawn.length, expected.length, `${dir}: a point per non-empty bucket`);
      drawn.forEach(([x, y], k) => {
        assert.ok(Math.abs(x - expected[k]![0]) < 1e-12 && Math.abs(y - expected[k]![1]) < 1e-12, `${dir} point ${k}: ${x},${y} vs ${expected[k]}`);
      });
      assert.equal(o.series[i]!.lineStyle?.type, dir === 'read' ? 'solid' : 'dashed');
      // The histogram log counted the same I/Os in the same buckets: it ends at 1 too.
      assert.equal((o.series[i + 2]!.data.at(-1) as [number, number])[1], 1);
    }
    await shot('latency-cdf-light.png');
  });

  it('draws the exceedance (1 − CDF) on a log Y axis', async () => {
    await overlay('latency-exceedance');
    const o = await option('latency-distribution');
    assert.equal(o.yAxis[0]!.type, 'log');
    const json = readJson(path.join(FIO, 'detail', 'randrw70.json'));
    const bins = json['jobs'][0]['read'].clat_ns.bins as Record<string, number>;
    const total = Object.values(bins).reduce((s, c) => s + c, 0);
    const expected = cdfFromBins(bins).slice(0, -1); // the slowest bucket has nothing above it
    const drawn = o.series[0]!.data as Array<[number, number]>;
    assert.equal(drawn.length, expected.length);
    drawn.forEach(([, y], k) => assert.ok(Math.abs(y - (1 - expected[k]![1])) < 1e-9, `point ${k}`));
    // One I/O above the next-to-slowest bucket: its exceedance is 1 / total.
    const slowest = Math.max(...Object.keys(bins).map(Number));
    assert.ok(Math.abs(drawn.at(-1)![1] - bins[String(slowest)]! / total) < 1e-15);
    assert.ok(o.yAxis[0]!.min! <= 1 / total);
    await shot('latency-exceedance-light.png');
  });

  it('imports the repetitions fixture: three runs a side, a json+ twin, a log at 500 ms', async () => {
    await wb.dropFiles(fixture.disk);
    assert.deepEqual((await wb.sheetRows()).filter((r) => r.error), []);
    assert.match(await wb.confirmImport('Charts fixture', 'disk'), /Imported 5 files/);
    await wb.closeSheet();
    await wb.dropFiles(fixture.fast);
    assert.deepEqual((await wb.sheetRows()).filter((r) => r.error), []);
    assert.match(await wb.confirmImport('Charts fixture', 'fast'), /Imported 5 files/);
    await wb.closeSheet();
    await wb.openStudy('charts-fixture');
  });

  it('draws the repetitions: each run a dot, the median a line, the 95% CI a band', async () => {
    await wb.compare('disk', 'fast', 'read.iops');
    await page.locator('input[name="repetitions"]').check();
    await page.waitForSelector('.chart[data-chart="compare-repetitions"][data-state="ready"]');
    const o = await option('compare-repetitions');
    assert.deepEqual(o.series.map((s) => s.name), ['disk', 'fast']);
    const json = readJson(path.join(FIO, 'detail', 'randrw70.json'));
    for (const [side, config] of (['disk', 'fast'] as const).entries()) {
      const dots = o.series[side]!.data as Array<{ value: [number, number]; run: number; workload: string }>;
      const reps = dots.filter((d) => /\bQD1\b/.test(d.workload)).map((d) => d.value[1]).sort((a, b) => a - b);
      assert.deepEqual(reps, [...fixture.iops[config]].sort((a, b) => a - b), `${config}: the dots are the runs' IOPS`);
      const single = dots.filter((d) => !/\bQD1\b/.test(d.workload));
      assert.deepEqual(single.map((d) => d.value[1]), [json['jobs'][0].read.iops], `${config}: the randrw run, alone`);
      assert.ok(dots.every((d) => Number.isInteger(d.run)), 'each dot names its run');
      // The medians: the middle repetition (factor 1.0), and the single run's value.
      const medians = (o.series[side]!.markLine!.data as Array<Array<{ coord: [number, number] }>>).map((seg) => seg[0]!.coord[1]).sort((a, b) => a - b);
      assert.deepEqual(medians, [fixture.iops[config][1]!, json['jobs'][0].read.iops].sort((a, b) => a - b));
      // A band for the workload with repetitions only (n = 1 has no interval), around the median.
      const bands = o.series[side]!.markArea!.data as Array<Array<{ coord: [number, number] }>>;
      assert.equal(bands.length, 1);
      assert.ok(bands[0]![0]!.coord[1] < fixture.iops[config][1]! && bands[0]![1]!.coord[1] > fixture.iops[config][1]!);
    }
    await shot('repetitions-light.png', '.chart-frame:has(.chart[data-chart="compare-repetitions"])');
  });

  it('exports the chart\'s data as XLSX: the rows of its sheet in a report\'s workbook, units in the headers, exact numbers', async () => {
    const frame = page.locator('.chart-frame', { has: page.locator('.chart[data-chart="compare-bars"]') });
    const [download] = await Promise.all([page.waitForEvent('download'), frame.locator('[data-export="xlsx"]').click()]);
    assert.equal(download.suggestedFilename(), 'compare-bars.xlsx');
    const book = XLSX.read(fs.readFileSync((await download.path())!));
    const rows = XLSX.utils.sheet_to_json<Array<string | number>>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    assert.deepEqual(rows[0]!.slice(0, 5), ['Workload', 'Candidate', 'Baseline (disk) [IOPS]', 'Candidate [IOPS]', 'Speedup [x, >1 = candidate better]']);
    const bars = await wb.chart('compare-bars');
    assert.equal(rows.length, bars.categories.length + 1);
    bars.categories.forEach((_, i) => {
      assert.equal(rows[i + 1]![1], 'fast');
      assert.equal(rows[i + 1]![2], bars.series[0]!.data[i], 'exact numbers');
      assert.equal(rows[i + 1]![3], (bars.series[1]!.data[i] as { value: number }).value);
    });
  });

  it('copies the chart to the clipboard as a PNG image', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(host.url).origin });
    const frame = page.locator('.chart-frame', { has: page.locator('.chart[data-chart="compare-bars"]') });
    await frame.locator('[data-export="image"]').click();
    await frame.locator('[data-export="image"]', { hasText: 'Image copied' }).waitFor();
    const types = await page.evaluate(async () => (await navigator.clipboard.read()).flatMap((i) => [...i.types]));
    assert.deepEqual(types, ['image/png']);
    const size = await page.evaluate(async () => (await (await navigator.clipboard.read())[0]!.getType('image/png')).size);
    assert.ok(size > 5000, `a real image (${size} bytes)`);
  });

  it('aligns two runs at t = 0 and resamples the 250 ms log to the 500 ms grid', async () => {
    await page.locator('[data-tab="overlay"]').click();
    await page.waitForSelector('[data-testid="overlay-view"][data-state="ready"]');
    // Offered first: the same json+ workload on both configurations.
    const spec = JSON.parse((await page.locator('[data-testid="overlay-view"]').getAttribute('data-spec'))!) as { runs: number[] };
    assert.equal(spec.runs.length, 2);
    await page.waitForSelector('.chart[data-chart="latency-distribution"][data-state="ready"]');
    const cdf = await option('latency-distribution');
    assert.deepEqual(cdf.series.map((s) => s.name), ['disk · randrw70 · read', 'disk · randrw70 · write', 'fast · randrw70 · read', 'fast · randrw70 · write']);
    // The twin's buckets are half the latency: its curve is the disk's, shifted left.
    const expected = cdfFromBins(fixture.randrw.fast['jobs'][0].read.clat_ns.bins);
    assert.deepEqual((cdf.series[2]!.data as Array<[number, number]>).map((p) => p[1]), expected.map((p) => p[1]));
    await shot('latency-cdf-two-configs-light.png');

    await overlay('run-series');
    await page.locator('select[name="overlay-metric"]').selectOption('read.iops');
    await page.waitForSelector('[data-testid="overlay-view"][data-state="ready"] .chart[data-chart="series-overlay"][data-state="ready"]');
    await page.waitForFunction(() => (window.perfdeltaCharts!['series-overlay']!.getOption() as { series: Array<{ data: unknown[] }> }).series.length === 2);
    const o = await option('series-overlay');
    assert.equal(o.xAxis[0]!.type, 'value');
    const [disk, fast] = o.series.map((s) => s.data as Array<[number, number | null]>);
    assert.deepEqual(disk!.map((p) => p[0]), fast!.map((p) => p[0]), 'one grid');
    assert.equal(disk![1]![0]! - disk![0]![0]!, 0.5, 'the coarser interval');
    // The 250 ms samples averaged per 500 ms interval are the 500 ms log's values (fio writes whole numbers: within 0.5).
    let compared = 0;
    disk!.forEach(([, v], k) => {
      const w = fast![k]![1];
      if (v !== null && w !== null) { assert.ok(Math.abs(v - w) <= 0.5, `t=${disk![k]![0]}: ${v} vs ${w}`); compared++; }
    });
    assert.ok(compared >= 8, `${compared} grid points compared`);
    assert.match((await page.locator('[data-testid="overlay-note"]').textContent()) ?? '', /0\.5 s/);
    await shot('series-aligned-light.png');
  });

  it('the study tabs work from the keyboard: arrows, Home, End, one tab stop', async () => {
    await page.locator('[data-tab="overlay"]').focus();
    await page.keyboard.press('ArrowRight');
    const state = (): Promise<{ focused: string | null; selected: string | null; stops: number; outline: string }> => page.evaluate(() => ({
      focused: document.activeElement?.getAttribute('data-tab') ?? null,
      selected: document.querySelector('[role="tab"][aria-selected="true"]')?.getAttribute('data-tab') ?? null,
      stops: document.querySelectorAll('[role="tab"][tabindex="0"]').length,
      outline: getComputedStyle(document.activeElement!).outlineStyle,
    }));
    let s = await state();
    assert.equal(s.focused, s.selected);
    assert.notEqual(s.focused, 'overlay');
    assert.equal(s.stops, 1);
    assert.equal(s.outline, 'solid', 'focus is visible');
    await page.keyboard.press('End');
    s = await state();
    assert.equal(s.selected, 'reports');
    await page.keyboard.press('Home');
    s = await state();
    assert.equal(s.selected, 'compare');
    await page.keyboard.press('ArrowLeft');
    assert.equal((await state()).selected, 'reports', 'wraps around');
    assert.equal(await page.locator('[role="tabpanel"]').getAttribute('aria-labelledby'), 'tab-reports');
  });

  it('switches to the dark theme, re-themes the charts and remembers it', async () => {
    await page.locator('[data-tab="compare"]').click();
    await page.waitForSelector('.chart[data-chart="compare-bars"][data-state="ready"]');
    await setTheme('dark');
    await page.waitForSelector('.chart[data-chart="compare-bars"][data-theme="dark"][data-state="ready"]');
    const bg = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    assert.equal(bg, 'rgb(18, 22, 28)');
    const colours = await page.evaluate(() => (window.perfdeltaCharts!['compare-bars']!.getOption() as { color: string[] }).color);
    assert.equal(colours[0], '#56B4E9', 'the dark palette');
    assert.equal(await page.evaluate(() => localStorage.getItem('perfdelta.theme')), 'dark');
    await page.reload();
    await page.waitForSelector('.app[data-state="ready"]');
    assert.equal(await page.evaluate(() => document.documentElement.dataset['theme']), 'dark');
    assert.equal(await page.locator('select[name="theme"]').inputValue(), 'dark');
  });

  it('screenshots every chart kind in the dark theme', async () => {
    await wb.openStudy('charts-fixture');
    await wb.compare('disk', 'fast', 'read.iops');
    await shot('compare-bars-dark.png');
    await page.locator('input[name="repetitions"]').check();
    await page.waitForSelector('.chart[data-chart="compare-repetitions"][data-state="ready"]');
    await shot('repetitions-dark.png', '.chart-frame:has(.chart[data-chart="compare-repetitions"])');
    await page.locator('[data-tab="overlay"]').click();
    await page.waitForSelector('[data-testid="overlay-view"][data-state="ready"] .chart[data-state="ready"]');
    await shot('latency-cdf-two-configs-dark.png');
    await overlay('latency-exceedance');
    await shot('latency-exceedance-dark.png');
    await overlay('run-series');
    await shot('series-aligned-dark.png');

    await wb.openStudy('fio-output-shapes');
    await page.locator('[data-tab="runs"]').click();
    await page.locator('tr', { hasText: 'randrw70' }).first().click();
    await page.waitForSelector('.chart[data-chart="run-ladder"][data-state="ready"]');
    await shot('run-detail-dark.png', '[data-testid="run-detail"]');

    await wb.openStudy('s1-flash-migration');
    await page.locator('[data-tab="compare"]').click();
    await page.waitForSelector('.chart[data-chart="speedup-heatmap"][data-state="ready"]', { timeout: 60_000 });
    await shot('compare-heatmap-dark.png', '.chart-frame:has(.chart[data-chart="speedup-heatmap"])');
    await page.locator('[data-tab="series"]').click();
    await page.waitForSelector('.chart[data-chart="study-series"][data-state="ready"]', { timeout: 60_000 });
    await shot('time-series-dark.png', '.chart-frame:has(.chart[data-chart="study-series"])');

    await wb.openStudy('s5-rook-ceph-optane');
    await page.locator('[data-tab="scaling"]').click();
    await page.waitForSelector('.chart[data-chart="scaling"][data-state="ready"]');
    await shot('scaling-dark.png', '.chart-frame:has(.chart[data-chart="scaling"])');

    await wb.openStudy('s2-exadata-flash-cache');
    await page.locator('[data-tab="waits"]').click();
    await page.waitForSelector('[data-testid="waits-view"] .chart[data-state="ready"]');
    await shot('waits-dark.png');
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'workbench-dark.png') });
    await setTheme('light');
  });

  it('follows the system theme until the user chooses', async () => {
    const fresh = await browser.newPage({ viewport: { width: 1200, height: 800 }, colorScheme: 'dark' });
    await fresh.goto(host.url);
    await fresh.waitForSelector('.app[data-state="ready"]');
    assert.equal(await fresh.evaluate(() => document.documentElement.dataset['theme']), 'dark', 'prefers-color-scheme: dark');
    await fresh.emulateMedia({ colorScheme: 'light' });
    await fresh.waitForFunction(() => document.documentElement.dataset['theme'] === 'light');
    await fresh.close();
  });
});
