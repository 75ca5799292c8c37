/**
 * The whole path in the browser: drop fio JSON of two configurations onto the running
 * workbench (web host in Chromium), confirm the import, build the grouped bar chart, and check
 * the speedups shown against the numbers in the files.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { OUTPUT_DIR, REPO_ROOT, type RunningHost } from './support/host.js';
import { WorkbenchPage } from './support/workbench-page.js';
import { closeWorkbench, openWorkbench } from './support/session.js';
import { systemFontRuns } from './support/fonts.js';

const FIO = path.join(REPO_ROOT, 'samples', 'fio');
const files = (config: string): string[] => fs.readdirSync(path.join(FIO, config)).sort().map((f) => path.join(FIO, config, f));

interface Direction { iops: number; total_ios: number; lat_ns: { mean: number } }
/** total IOPS and I/O-weighted mean latency (ms), straight from an fio JSON file. */
function fromFile(file: string): { iops: number; latMs: number } {
  const job = (JSON.parse(fs.readFileSync(file, 'utf8')) as { jobs: Array<{ read: Direction; write: Direction }> }).jobs[0]!;
  const dirs = [job.read, job.write].filter((d) => d.total_ios > 0);
  const ios = dirs.reduce((n, d) => n + d.total_ios, 0);
  return { iops: dirs.reduce((s, d) => s + d.iops, 0), latMs: dirs.reduce((s, d) => s + (d.lat_ns.mean / 1e6) * d.total_ios, 0) / ios };
}

describe('workbench in Chromium (web host)', () => {
  let host: RunningHost;
  let browser: Browser;
  let page: Page;
  let wb: WorkbenchPage;

  before(async () => {
    ({ host, browser, page, wb } = await openWorkbench({}));
  });

  after(() => closeWorkbench({ host, browser }));

  it('starts empty, with the drop target, a guided tour and what each format looks like', async () => {
    assert.equal(await page.locator('[data-testid="empty-state"]').isVisible(), true);
    assert.equal(await page.locator('[data-testid="guided-tour"] li').count(), 4);
    await page.locator('.format-gallery summary').click();
    assert.ok((await page.locator('.format-gallery tr').count()) >= 8, 'a row per family of formats');
    assert.match(await page.locator('.format-gallery').textContent() ?? '', /WORKLOAD REPOSITORY report for/);
    assert.equal(await page.locator('button[name="load-samples"]').isVisible(), true);
    await wb.screenshot(path.join(OUTPUT_DIR, 'empty-state-tour.png'));
  });

  it('a drop of only bad files imports nothing and says why, per file', async () => {
    const dir = fs.mkdtempSync(path.join(host.home, 'bad-'));
    const cut = path.join(dir, 'cut-short.json');
    fs.writeFileSync(cut, fs.readFileSync(files('disk')[0]!, 'utf8').slice(0, 400));
    const binary = path.join(dir, 'screenshot.png');
    fs.writeFileSync(binary, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]));
    await wb.dropFiles([cut, binary]);
    const rows = await wb.sheetRows();
    assert.deepEqual(rows.map((r) => r.file), ['cut-short.json', 'screenshot.png']);
    assert.match(rows[0]!.error, /truncated JSON/);
    // A picture is not a result: skipped with its reason, nothing to import (not an error).
    assert.deepEqual([rows[1]!.format, rows[1]!.error], ['not a result: skipped', '']);
    assert.match(await wb.sheet().locator('tr[data-file="screenshot.png"]').textContent() ?? '', /1 warning/);
    assert.equal(await wb.sheet().locator('button[type="submit"]').isDisabled(), true);
    assert.equal(await wb.sheet().locator('.sheet-form .error-text').first().textContent(), 'None of these files can be imported.');
    await wb.cancelSheet();
    assert.equal(await page.locator('[data-testid="empty-state"]').isVisible(), true, 'still nothing imported');
  });

  it('imports the first configuration from dropped files', async () => {
    await wb.dropFiles(files('disk'));
    const rows = await wb.sheetRows();
    assert.equal(rows.length, 6);
    for (const r of rows) {
      assert.equal(r.format, 'fio-json');
      assert.equal(r.runs, 1);
    }
    const summary = await wb.confirmImport('Disk vs RAM', 'disk');
    assert.match(summary, /Imported 6 files \(6 runs\); 0 already imported; 0 failed/);
    await wb.closeSheet();
    await page.waitForSelector('[data-testid="study-view"][data-study="disk-vs-ram"][data-state="ready"]');
  });

  it('imports the second configuration; a broken file in the drop is reported and skipped', async () => {
    const broken = path.join(host.home, 'broken.json');
    fs.writeFileSync(broken, fs.readFileSync(files('tmpfs')[0]!, 'utf8').replace('"jobs" : [', '"jobs" : [,'));
    await wb.dropFiles([...files('tmpfs'), broken]);
    const rows = await wb.sheetRows();
    assert.match(rows.find((r) => r.file === 'broken.json')!.error, /invalid JSON at line \d+/);
    const summary = await wb.confirmImport('Disk vs RAM', 'tmpfs');
    assert.match(summary, /Imported 6 files \(6 runs\); 0 already imported; 1 failed/);
    await wb.closeSheet();
    // The study list refreshes after the sheet closes: it must come to show the new count.
    const study = page.locator('.study-list button[data-study="disk-vs-ram"]');
    await study.filter({ hasText: /12 runs/ }).waitFor();
  });

  it('dropping the same files again creates no duplicate runs', async () => {
    await wb.dropFiles(files('disk').slice(0, 2));
    const summary = await wb.confirmImport('Disk vs RAM', 'disk');
    assert.match(summary, /Imported 0 files \(0 runs\); 2 already imported; 0 failed/);
    await wb.closeSheet();
    assert.match((await page.locator('.study-list button[data-study="disk-vs-ram"]').textContent()) ?? '', /12 runs/);
  });

  it('lists the runs with their parameters, grouped by configuration', async () => {
    await wb.openStudy('disk-vs-ram');
    await page.locator('[data-tab="runs"]').click();
    const groups = await page.locator('.config-group').evaluateAll((els) => els.map((e) => e.getAttribute('data-config')));
    assert.deepEqual(groups, ['disk', 'tmpfs']);
    const row = page.locator('.config-group[data-config="disk"] tr', { hasText: 'randread-4k-qd16' });
    const cells = await row.locator('td').allTextContents();
    // After the tick box and the run's name.
    assert.deepEqual(cells.slice(2, 8), ['4K', 'randread', '100', '16', '1', 'libaio']);
    await wb.screenshot(path.join(OUTPUT_DIR, 'runs.png'));
  });

  it('charts IOPS side by side, and the speedups match the files', async (t) => {
    await wb.compare('disk', 'tmpfs', 'total.iops');
    const chart = await wb.chart('compare-bars');
    assert.deepEqual(chart.series.map((s) => s.name), ['disk', 'tmpfs']);
    assert.equal(chart.categories.length, 6);
    const table = await wb.speedupTable();
    const name = (label: string): string => {
      const [bs, pattern, mix, qd] = label.split(' ');
      const kind = pattern === 'seq' ? (mix === 'read' ? 'seqread' : 'seqwrite') : mix === 'read' ? 'randread' : mix === 'write' ? 'randwrite' : 'randrw70';
      return `${kind}-${bs!.toLowerCase()}-${qd!.toLowerCase()}.json`;
    };
    chart.categories.forEach((workload, i) => {
      const b = fromFile(path.join(FIO, 'disk', name(workload)));
      const c = fromFile(path.join(FIO, 'tmpfs', name(workload)));
      const base = chart.series[0]!.data[i] as number;
      const cand = chart.series[1]!.data[i] as { value: number; speedup: string; text: string };
      assert.ok(Math.abs(base - b.iops) < 1e-9 * b.iops, `${workload}: baseline bar ${base} vs file ${b.iops}`);
      assert.ok(Math.abs(cand.value - c.iops) < 1e-9 * c.iops, `${workload}: candidate bar ${cand.value} vs file ${c.iops}`);
      const expected = `${(c.iops / b.iops).toFixed(2)}x`;
      // One run a side: no test could show the difference, so the bar's label carries "~" as the table does.
      assert.equal(cand.text, `${expected} ~`, `${workload}: label on the bar (x-fold, the default wording)`);
      const row = table.find((r) => r.workload === workload)!;
      assert.equal(row.speedup, expected, `${workload}: speedup in the table`);
      assert.equal(row.mark, '~', `${workload}: one run a side`);
      const change = ((c.iops - b.iops) / b.iops) * 100;
      assert.equal(row.change, `${change >= 0 ? '+' : ''}${change.toFixed(1)}%`);
    });
    const speedups = chart.categories.map((w) => fromFile(path.join(FIO, 'tmpfs', name(w))).iops / fromFile(path.join(FIO, 'disk', name(w))).iops);
    const geo = Math.exp(speedups.reduce((s, v) => s + Math.log(v), 0) / speedups.length);
    assert.match((await page.locator('[data-testid="geomean"]').textContent()) ?? '', new RegExp(`${geo.toFixed(2)}x`));
    // Hovering a bar traces its number to the run and the file it came from.
    const tip = await page.evaluate(() => {
      const o = window.perfdeltaCharts!['compare-bars']!.getOption() as { tooltip: Array<{ formatter: (p: unknown) => string }> };
      return o.tooltip[0]!.formatter([{ dataIndex: 0 }]);
    });
    assert.match(tip, new RegExp(`n = 1[\\s\\S]*run \\d+ · disk · ${name(chart.categories[0]!).replace('.', '\\.')}`));
    const shot = path.join(OUTPUT_DIR, 'compare-iops.png');
    await wb.screenshot(shot);
    t.diagnostic(`screenshot: ${path.relative(REPO_ROOT, shot)}`);
  });

  it('exports the chart as PNG and SVG, and copies its numbers as a table', async () => {
    const frame = page.locator('.chart-frame', { has: page.locator('.chart[data-chart="compare-bars"]') });
    const [png] = await Promise.all([page.waitForEvent('download'), frame.locator('[data-export="png"]').click()]);
    assert.equal(png.suggestedFilename(), 'compare-bars.png');
    const pngBytes = fs.readFileSync((await png.path())!);
    assert.deepEqual([...pngBytes.subarray(1, 4)], [0x50, 0x4e, 0x47], 'a PNG file');
    const [svg] = await Promise.all([page.waitForEvent('download'), frame.locator('[data-export="svg"]').click()]);
    const svgText = fs.readFileSync((await svg.path())!, 'utf8');
    assert.match(svgText, /^<svg[\s\S]*<\/svg>\s*$/, 'a vector SVG');
    assert.match(svgText, /tmpfs/, 'with its legend');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(host.url).origin });
    await frame.locator('[data-export="tsv"]').click();
    await frame.locator('[data-export="tsv"]', { hasText: 'Copied' }).waitFor();
    const tsv = await page.evaluate(() => navigator.clipboard.readText());
    const lines = tsv.trimEnd().split('\n').map((l) => l.split('\t'));
    assert.deepEqual(lines[0], ['', 'disk', 'tmpfs']);
    const chart = await wb.chart('compare-bars');
    assert.equal(lines.length, chart.categories.length + 1);
    assert.equal(Number(lines[1]![1]), chart.series[0]!.data[0], 'exact numbers, not rounded');
  });

  it('for latency, lower is better: speedup = baseline ÷ candidate', async () => {
    await wb.compare('disk', 'tmpfs', 'total.lat_avg_ms');
    assert.match((await page.locator('[data-testid="convention"]').textContent()) ?? '', /lower is better: speedup = baseline ÷ candidate/);
    const chart = await wb.chart('compare-bars');
    const table = await wb.speedupTable();
    for (const [i, workload] of chart.categories.entries()) {
      const base = chart.series[0]!.data[i] as number;
      const cand = (chart.series[1]!.data[i] as { value: number }).value;
      assert.ok(base > cand, `${workload}: RAM is faster than disk`);
      assert.equal(table.find((r) => r.workload === workload)!.speedup, `${(base / cand).toFixed(2)}x`);
    }
    await wb.screenshot(path.join(OUTPUT_DIR, 'compare-latency.png'));
  });

  it('words ratios in the study\'s convention, in the table and on the bars, and keeps the choice', async () => {
    await page.locator('select[name="convention"]').selectOption('percent-of-baseline');
    await page.locator('[data-testid="speedup-table"] td[data-col="text"]', { hasText: 'of baseline' }).first().waitFor();
    const rows = await page.locator('[data-testid="speedup-table"] tbody tr').evaluateAll((trs) =>
      trs.map((tr) => ({ text: tr.querySelector('[data-col="text"]')!.textContent!, b: tr.querySelector('[data-col="baseline"]')!.textContent!, c: tr.querySelector('[data-col="candidate"]')!.textContent! })));
    const chart = await wb.chart('compare-bars');
    chart.categories.forEach((_, i) => {
      const b = chart.series[0]!.data[i] as number;
      const c = (chart.series[1]!.data[i] as { value: number; text: string });
      const pct = `${((c.value / b) * 100).toFixed(1)}%`;
      assert.equal(c.text, `${pct} ~`, 'bar label: % of baseline ("~": one run a side)');
      assert.equal(rows[i]!.text, `mean latency at ${pct} of baseline`);
    });
    await page.reload();
    await page.waitForSelector('.app[data-state="ready"]');
    await wb.openStudy('disk-vs-ram');
    await wb.compare('disk', 'tmpfs', 'total.lat_avg_ms');
    assert.equal(await page.locator('select[name="convention"]').inputValue(), 'percent-of-baseline', 'saved with the study');
    await page.locator('select[name="convention"]').selectOption('x-fold');
  });

  it('the user chooses what makes "the same workload"; repetitions then get a significance test', async () => {
    await wb.compare('disk', 'tmpfs', 'total.iops');
    assert.equal((await wb.speedupTable()).length, 6);
    await page.locator('input[name="key-iodepth"]').uncheck();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="speedup-table"] tbody tr').length === 5);
    const merged = page.locator('[data-testid="speedup-table"] tr', { hasText: '4K random read ×1' });
    assert.match((await merged.textContent()) ?? '', /2 \/ 2/, 'QD1 and QD16 are now repetitions of one workload');
    assert.match((await merged.locator('[data-col="speedup"]').textContent()) ?? '', /~/, 'two runs a side can never be significant');
    await page.locator('input[name="key-iodepth"]').check();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="speedup-table"] tbody tr').length === 6);
  });

  it('rolls up wins, losses and ties with the tie band, and lists the sanity warnings', async () => {
    await wb.compare('disk', 'tmpfs', 'total.lat_avg_ms');
    const changes = (await wb.speedupTable()).map((r) => Math.abs(Number.parseFloat(r.change)));
    // One run a side: no test, so every pair is a tie; what the band alone says is stated beside.
    assert.match((await page.locator('[data-testid="rollup"]').textContent()) ?? '', /0 better, 0 worse, 6 ties .*By the tie band alone: 6 better, 0 worse\./);
    await page.locator('input[name="tieBand"]').fill('70');
    await page.locator('[data-testid="rollup"]', { hasText: /tie band ±70%/ }).waitFor();
    const ties = changes.filter((c) => c < 70).length;
    assert.ok(ties > 0 && ties < 6, 'the sample has changes on both sides of 70%');
    assert.match((await page.locator('[data-testid="rollup"]').textContent()) ?? '', new RegExp(`0 better, 0 worse, 6 ties .*By the tie band alone: ${6 - ties} better, 0 worse\\.`));
    await page.locator('input[name="tieBand"]').fill('0');
    await page.locator('[data-testid="rollup"]', { hasText: /tie band ±0%/ }).waitFor();
    const codes = await page.locator('[data-testid="compare-warnings"] li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-code')));
    for (const c of ['short-runtime', 'different-direct', 'working-set-in-cache', 'single-run']) assert.ok(codes.includes(c), c);
    await wb.screenshot(path.join(OUTPUT_DIR, 'compare-warnings.png'));
  });

  it('defines a period and shows its ranges in its time zone', async () => {
    await page.locator('[data-tab="periods"]').click();
    await page.locator('input[name="period-name"]').fill('daytime');
    await page.locator('input[name="period-spec"]').fill('daily 08:30-15:30 on 2017-09-08, 09-13');
    await page.locator('input[name="period-zone"]').fill('Asia/Shanghai');
    await page.locator('.period-form button[type="submit"]').click();
    const row = page.locator('tr[data-period="daytime"]');
    await row.waitFor();
    assert.match((await row.textContent()) ?? '', /2017-09-08 08:30 → 2017-09-08 15:30/);
    const bad = page.locator('input[name="period-spec"]');
    await page.locator('input[name="period-name"]').fill('broken');
    await bad.fill('next week');
    await page.locator('.period-form button[type="submit"]').click();
    assert.match((await page.locator('.periods [role="alert"]').textContent()) ?? '', /cannot read period "next week"/);
    await wb.screenshot(path.join(OUTPUT_DIR, 'periods.png'));
    await page.locator('[data-tab="compare"]').click();
  });

  it('speaks Simplified Chinese', async () => {
    await wb.compare('disk', 'tmpfs', 'total.lat_avg_ms');
    await page.locator('select[aria-label="Language"]').selectOption('zh-CN');
    await page.locator('[data-tab="compare"]', { hasText: '对比' }).waitFor();
    assert.match((await page.locator('[data-testid="convention"]').textContent()) ?? '', /越低越好/);
    assert.deepEqual(await systemFontRuns(page, '.topbar .tagline, .study-meta, [role="tab"], [data-testid="convention"], h1, h2'), [], 'every Chinese glyph drawn in the bundled font (no empty boxes)');
    // A first launch in Chinese: the first paint already has its glyphs.
    const zh = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    try {
      await zh.addInitScript(() => localStorage.setItem('perfdelta.locale', 'zh-CN'));
      await zh.goto(host.url);
      await zh.waitForSelector('.app[data-state="ready"] [data-testid="study-view"][data-state="ready"]');
      await zh.evaluate(() => document.fonts.ready.then(() => undefined));
      assert.deepEqual(await systemFontRuns(zh, '.topbar .tagline, .topbar button, .study-meta, [role="tab"], h2'), [], 'no empty boxes on a Chinese first paint');
      await zh.screenshot({ path: path.join(OUTPUT_DIR, 'first-paint-zh.png') });
    } finally {
      await zh.close();
    }
    await wb.screenshot(path.join(OUTPUT_DIR, 'compare-zh.png'));
    await page.locator('select[aria-label="语言"]').selectOption('en');
  });

  it('loads the sample studies later, from the sidebar', async () => {
    await page.locator('nav.sidebar').getByRole('button', { name: 'Load sample studies' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.study-list button').length >= 8);
    const slugs = await page.locator('.study-list button').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-study')));
    for (const s of ['s1-flash-migration', 's2-exadata-flash-cache', 's3-cloud-ssd', 's4-aws-cluster', 's5-rook-ceph-optane']) assert.ok(slugs.includes(s), s);
  });
});
