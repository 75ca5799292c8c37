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
import { launchChromium } from './support/browser.js';
import { OUTPUT_DIR, REPO_ROOT, startHost, type RunningHost } from './support/host.js';
import { WorkbenchPage } from './support/workbench-page.js';

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
    fs.mkdirSync(OUTPUT_DIR, { recursive: true });
    host = await startHost();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.on('pageerror', (err) => assert.fail(`page error: ${err.message}`));
    wb = new WorkbenchPage(page);
    await wb.open(host.url);
  });

  after(async () => {
    await browser?.close();
    await host?.stop();
  });

  it('starts empty, with the drop target', async () => {
    assert.equal(await page.locator('[data-testid="empty-state"]').isVisible(), true);
  });

  it('a drop of only bad files imports nothing and says why, per file', async () => {
    const dir = fs.mkdtempSync(path.join(host.home, 'bad-'));
    const cut = path.join(dir, 'cut-short.json');
    fs.writeFileSync(cut, fs.readFileSync(files('disk')[0]!, 'utf8').slice(0, 400));
    const binary = path.join(dir, 'screenshot.png');
    fs.writeFileSync(binary, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]));
    const empty = path.join(dir, 'empty.json');
    fs.writeFileSync(empty, '');
    await wb.dropFiles([cut, binary, empty]);
    const rows = await wb.sheetRows();
    assert.deepEqual(rows.map((r) => r.file), ['cut-short.json', 'screenshot.png', 'empty.json']);
    assert.match(rows[0]!.error, /truncated JSON/);
    assert.match(rows[1]!.error, /binary/);
    assert.match(rows[2]!.error, /empty/);
    assert.equal(await wb.sheet().locator('button[type="submit"]').isDisabled(), true);
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
    await page.waitForSelector('.study-list button[data-study="disk-vs-ram"]');
    assert.match((await page.locator('.study-list button[data-study="disk-vs-ram"]').textContent()) ?? '', /12 runs/);
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
    assert.deepEqual(cells.slice(1, 7), ['4K', 'randread', '100', '16', '1', 'libaio']);
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
      const cand = chart.series[1]!.data[i] as { value: number; speedup: string };
      assert.ok(Math.abs(base - b.iops) < 1e-9 * b.iops, `${workload}: baseline bar ${base} vs file ${b.iops}`);
      assert.ok(Math.abs(cand.value - c.iops) < 1e-9 * c.iops, `${workload}: candidate bar ${cand.value} vs file ${c.iops}`);
      const expected = `${(c.iops / b.iops).toFixed(2)}x`;
      assert.equal(cand.speedup, expected, `${workload}: label on the bar`);
      const row = table.find((r) => r.workload === workload)!;
      assert.equal(row.speedup, expected, `${workload}: speedup in the table`);
      const change = ((c.iops - b.iops) / b.iops) * 100;
      assert.equal(row.change, `${change >= 0 ? '+' : ''}${change.toFixed(1)}%`);
    });
    const speedups = chart.categories.map((w) => fromFile(path.join(FIO, 'tmpfs', name(w))).iops / fromFile(path.join(FIO, 'disk', name(w))).iops);
    const geo = Math.exp(speedups.reduce((s, v) => s + Math.log(v), 0) / speedups.length);
    assert.match((await page.locator('[data-testid="geomean"]').textContent()) ?? '', new RegExp(`${geo.toFixed(2)}x`));
    const shot = path.join(OUTPUT_DIR, 'compare-iops.png');
    await wb.screenshot(shot);
    t.diagnostic(`screenshot: ${path.relative(REPO_ROOT, shot)}`);
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

  it('speaks Simplified Chinese', async () => {
    await page.locator('select[aria-label="Language"]').selectOption('zh-CN');
    await page.locator('[data-tab="compare"]', { hasText: '对比' }).waitFor();
    assert.match((await page.locator('[data-testid="convention"]').textContent()) ?? '', /越低越好/);
    await wb.screenshot(path.join(OUTPUT_DIR, 'compare-zh.png'));
    await page.locator('select[aria-label="语言"]').selectOption('en');
  });
});
