/**
 * The sample studies as a user meets them: S5's NOPM-against-VU curves for three
 * configurations, S1's vdbench response-time curves and its configuration matrix, S3's throttled
 * fio runs and sysbench run, S4's IOmeter configurations and tuning variants, with the figures
 * checked against the sample files.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { OUTPUT_DIR, REPO_ROOT, type RunningHost } from './support/host.js';
import { WorkbenchPage } from './support/workbench-page.js';
import { closeWorkbench, openWorkbench } from './support/session.js';

/** NOPM per VU count, read straight from a hammerdb.log. */
function nopmByVu(config: string): Array<[number, number]> {
  const text = fs.readFileSync(path.join(REPO_ROOT, 'samples', 'hammerdb', config, 'hammerdb.log'), 'utf8');
  const vus = [...text.matchAll(/Vuser 1:(\d+) Active Virtual Users configured/g)].map((m) => Number(m[1]));
  const nopm = [...text.matchAll(/System achieved (\d+) NOPM/g)].map((m) => Number(m[1]));
  return vus.map((v, i) => [v, nopm[i]!]);
}

/** The values of one direction of a fio log (ddir 0 read, 1 write), in file order. */
function logValues(file: string, ddir: number): number[] {
  return fs.readFileSync(file, 'utf8').trim().split('\n').map((l) => l.split(',').map((x) => Number(x.trim()))).filter((c) => c[2] === ddir).map((c) => c[1]!);
}

interface Drawn { name: string; data: Array<[number, number]>; markPoint?: { data: Array<{ coord: [number, number] }> } }

describe('sample studies in the workbench', () => {
  let host: RunningHost;
  let browser: Browser;
  let page: Page;
  let wb: WorkbenchPage;
  const drawn = (): Promise<Drawn[]> => page.evaluate(() => (window.perfdeltaCharts!['scaling']!.getOption() as { series: Drawn[] }).series);

  before(async () => {
    ({ host, browser, page, wb } = await openWorkbench({ loadSamples: true }));
  });
  after(() => closeWorkbench({ host, browser }));

  it('S5: NOPM against virtual users for three configurations, knees marked', async () => {
    await wb.openStudy('s5-rook-ceph-optane');
    await page.locator('[data-tab="scaling"]').click();
    await page.locator('select[name="scaling-x"]').selectOption('vus');
    await page.locator('select[name="scaling-metric"]').selectOption('nopm');
    await page.waitForSelector('[data-testid="scaling-view"][data-state="ready"] .chart[data-state="ready"]');
    const series = await drawn();
    assert.deepEqual(series.map((s) => s.name), ['baseline', 'config-1', 'config-2']);
    for (const s of series) assert.deepEqual(s.data, nopmByVu(s.name), `${s.name}: the curve is the log's results`);
    assert.ok(series.every((s) => s.markPoint?.data.length === 1), 'each line has its knee');
    assert.equal(await page.locator('[data-testid="knees"] li').count(), 3);
    await wb.screenshot(path.join(OUTPUT_DIR, 's5-nopm-vs-vu.png'));
  });

  it('S5: config-2 against the baseline at 8 VU is the published 3525 / 2544 NOPM', async () => {
    await wb.compare('baseline', 'config-2', 'nopm');
    const row = (await wb.speedupTable()).find((r) => r.workload === '8 VU')!;
    assert.equal(row.speedup, `${(3525 / 2544).toFixed(2)}x`);
    assert.equal(row.mark, '~', 'one run a side: no test could show the difference');
    await page.locator('input[name="normalised"]').check();
    await page.waitForFunction(() => (window.perfdeltaCharts!['compare-bars']!.getOption() as { yAxis: Array<{ name: string }> }).yAxis[0]!.name.startsWith('×'));
    const chart = await wb.chart('compare-bars');
    const i = chart.categories.indexOf('8 VU');
    assert.equal(chart.series[0]!.data[i], 1, 'the baseline is 1.0');
    assert.ok(Math.abs((chart.series[1]!.data[i] as { value: number }).value - 3525 / 2544) < 1e-12, 'config-2 relative to it');
    await wb.screenshot(path.join(OUTPUT_DIR, 's5-normalised-bars.png'));
    await page.locator('input[name="normalised"]').uncheck();
  });

  it('S1: vdbench response time against block size per configuration and pattern', async () => {
    await wb.openStudy('s1-flash-migration');
    await page.locator('[data-tab="scaling"]').click();
    await page.locator('select[name="scaling-x"]').selectOption('bs');
    await page.locator('select[name="scaling-metric"]').selectOption('total.lat_avg_ms');
    await page.waitForSelector('[data-testid="scaling-view"][data-state="ready"] .chart[data-state="ready"]');
    await page.locator('select[name="scaling-workload"]').selectOption('random read 64 threads');
    await page.waitForFunction(() => (window.perfdeltaCharts!['scaling']!.getOption() as { series: unknown[] }).series.length === 5);
    const series = await drawn();
    assert.deepEqual(series.map((s) => s.name).sort(), ['FS840 raw', 'FS840 thick', 'FS840 thin', 'V7000 thick', 'V7000 thin'], 'a line per configuration');
    const v7000 = series.find((s) => s.name === 'V7000 thick')!;
    assert.deepEqual(v7000.data, [[4096, 14.966], [8192, 27.106], [32768, 13.448]], 'the published response times');
    await wb.screenshot(path.join(OUTPUT_DIR, 's1-vdbench-response-curves.png'));
    await page.locator('select[name="scaling-workload"]').selectOption('*');
    await page.waitForFunction(() => (window.perfdeltaCharts!['scaling']!.getOption() as { series: unknown[] }).series.length === 30);
  });

  it('S1: FS840 thick against V7000 thick, 4K random read 17103.73 -> 276371.66 IOPS is 16.16x; the matrix shows all five', async () => {
    await wb.compare('V7000 thick', 'FS840 thick', 'total.iops');
    const row = (await wb.speedupTable()).find((r) => r.workload === '4K random read 64 threads')!;
    assert.equal(row.speedup, '16.16x');
    assert.equal(row.mark, '~', 'one run a side: no test could show the difference');
    const matrix = page.locator('[data-testid="speedup-matrix"]');
    await matrix.waitFor();
    assert.equal(await matrix.locator('tbody tr').count(), 4, 'the other four configurations against the baseline');
    await page.waitForSelector('.chart[data-chart="speedup-heatmap"][data-state="ready"]');
    const heat = await page.evaluate(() => (window.perfdeltaCharts!['speedup-heatmap']!.getOption() as { yAxis: Array<{ data: string[] }>; xAxis: Array<{ data: string[] }>; series: Array<{ data: Array<{ value: [number, number, number | null] }> }> }));
    assert.deepEqual([...heat.yAxis[0]!.data].sort(), ['FS840 raw', 'FS840 thick', 'FS840 thin', 'V7000 thin']);
    assert.equal(heat.xAxis[0]!.data.length, 18);
    const cell = heat.series[0]!.data.find((d) => heat.xAxis[0]!.data[d.value[0]] === '4K random read 64 threads' && heat.yAxis[0]!.data[d.value[1]] === 'FS840 thick')!;
    assert.ok(Math.abs(2 ** cell.value[2]! - 276371.66 / 17103.73) < 1e-9, 'the heat is log2 of the speedup');
    await wb.screenshot(path.join(OUTPUT_DIR, 's1-compare-matrix.png'));
  });

  it('S1 production: read response per volume around the cutover, periods shaded, the cutover marked', async () => {
    await wb.openStudy('s1-flash-migration');
    await page.locator('[data-tab="series"]').click();
    await page.locator('select[name="series-metric"]').selectOption('read.lat_avg_ms');
    await page.waitForSelector('[data-testid="timeseries-view"][data-state="ready"] .chart[data-chart="study-series"][data-state="ready"]');
    const opt = await page.evaluate(() => window.perfdeltaCharts!['study-series']!.getOption() as {
      series: Array<{ name: string; markArea?: { data: unknown[] }; markLine?: { data: Array<{ name: string }> } }>; title: Array<{ text: string }>;
    });
    assert.equal(opt.series.length, 5, 'the top five volumes');
    assert.match(opt.title[0]!.text, /Asia\/Shanghai/, 'times in the zone of the data, stated');
    assert.ok(opt.series.every((s) => s.name.startsWith('CREDIT_') || s.name.startsWith('HADR') || s.name.startsWith('BACKUP')), 'production volumes only, not the pre-go-live test');
    assert.equal(opt.series[0]!.markArea?.data.length, 4, 'before (3 days) and after shaded');
    assert.ok(opt.series[0]!.markLine!.data.some((d) => d.name === 'pre-cutover' || d.name === 'post-cutover'), 'the cutover marked');
    assert.ok(await page.locator('.chart[data-chart="write-scatter"]').isVisible(), 'write response against write throughput');
    await wb.screenshot(path.join(OUTPUT_DIR, 's1-svc-timeseries.png'));
  });

  it('S1 production: before against after, 7.31 -> 1.06 ms is 6.90x, per volume and over all', async () => {
    await wb.compare('before', 'after', 'read.lat_avg_ms');
    const rows = await wb.speedupTable();
    const all = rows.find((r) => r.workload === '*')!;
    assert.deepEqual([all.baseline, all.candidate, all.speedup, all.mark], ['7.310', '1.060', '6.90x', '~'], 'one day after the cutover: no test possible, "~"');
    assert.ok(rows.some((r) => r.workload === 'CREDIT_DB2_DATA01'));
    await wb.screenshot(path.join(OUTPUT_DIR, 's1-svc-before-after.png'));
    // Per-volume bars sorted by speedup, the top five, "all objects" kept first.
    await page.locator('select[name="objectOrder"]').selectOption('speedup');
    await page.locator('select[name="objectTop"]').selectOption('5');
    await page.waitForFunction(() => (window.perfdeltaCharts!['compare-bars']!.getOption() as { xAxis: Array<{ data: string[] }> }).xAxis[0]!.data.length === 6);
    const bars = await wb.chart('compare-bars');
    const speedups = rows.filter((r) => r.workload !== '*').map((r) => ({ w: r.workload, s: Number.parseFloat(r.speedup) }));
    const best = [...speedups].sort((a, b) => b.s - a.s).slice(0, 5);
    assert.equal(bars.categories.length, 6);
    assert.deepEqual(bars.categories.slice(1).map((w) => speedups.find((x) => x.w === w)!.s), best.map((b) => b.s), 'the five best speedups, best first');
    await wb.screenshot(path.join(OUTPUT_DIR, 's1-svc-top5-by-speedup.png'));
    await page.locator('select[name="objectTop"]').selectOption('0');
    await page.locator('select[name="objectOrder"]').selectOption('name');
  });

  it('S2: wait events side by side, db file parallel write 21.74 -> 1 ms, free buffer waits only in write-through', async () => {
    await wb.openStudy('s2-exadata-flash-cache');
    await page.locator('[data-tab="waits"]').click();
    await page.locator('select[name="waits-baseline"]').selectOption('write-through');
    await page.locator('select[name="waits-candidate"]').selectOption('write-back');
    const free = page.locator('[data-testid="waits-table"] tr[data-event="free buffer waits"]');
    await free.waitFor();
    assert.match((await free.locator('[data-col="flag"]').textContent()) ?? '', /only in write-through/);
    await wb.screenshot(path.join(OUTPUT_DIR, 's2-wait-events-foreground.png'));
    await page.locator('select[name="waits-kind"]').selectOption('background');
    const dbw = page.locator('[data-testid="waits-table"] tr[data-event="db file parallel write"]');
    await dbw.waitFor();
    assert.equal(await dbw.locator('[data-col="avg-a"]').textContent(), '21.74 ms');
    assert.equal(await dbw.locator('[data-col="avg-b"]').textContent(), '1.000 ms');
    assert.equal(await dbw.locator('[data-col="speedup"]').textContent(), '21.74x');
    await wb.screenshot(path.join(OUTPUT_DIR, 's2-wait-events-background.png'));
    // The UPDATE matched by SQL id: 1,996.3 s / 88,329 executions in write-back.
    const update = page.locator('[data-testid="sql-by-id"] tr[data-sql="g7ac5u7zzfbyd"]');
    await update.waitFor();
    const perExecWb = 1996.3 / 88329;
    const perExecWt = 16087.4 / 32140;
    assert.equal(await update.locator('[data-col="speedup"]').textContent(), `${(perExecWt / perExecWb).toFixed(2)}x`);
    assert.ok(await page.locator('[data-testid="load-profiles"] tr[data-statistic="Write IO requests"]').isVisible());
  });

  it('S3: one cloud-ssd configuration; the throttled fio run draws its real IOPS log; the sysbench run is there', async () => {
    await wb.openStudy('s3-cloud-ssd');
    await page.locator('[data-tab="runs"]').click();
    const groups = await page.locator('[data-testid="runs-table"] section.config-group').evaluateAll((ss) => ss.map((x) => x.getAttribute('data-config')));
    assert.deepEqual(groups, ['cloud-ssd']);
    const table = page.locator('[data-testid="runs-table"]');
    assert.ok(await table.locator('tr', { hasText: 'oltp_read_write, 32 threads' }).isVisible(), 'the sysbench run');
    await table.locator('tr', { hasText: 'randwrite-4k' }).first().click();
    await page.waitForSelector('[data-testid="run-detail"][data-state="ready"] .chart[data-chart="run-series"][data-state="ready"]');
    const drawn = await page.evaluate(() => (window.perfdeltaCharts!['run-series']!.getOption() as { series: Array<{ name: string; data: Array<[number, number]> }> }).series);
    const log = logValues(path.join(REPO_ROOT, 'samples', 's3', 'cloud-ssd', 'randwrite-4k_iops.1.log'), 1);
    assert.equal(drawn.length, 1);
    assert.deepEqual(drawn[0]!.data.map((d) => d[1]), log, 'the 500 ms IOPS windows fio wrote');
    const mean = log.reduce((a, b) => a + b, 0) / log.length;
    assert.ok(Math.abs(mean - 20000) < 200, `held at the 20,000 IOPS limit (mean of the windows ${mean})`);
    await wb.screenshot(path.join(OUTPUT_DIR, 's3-fio-throttled-iops.png'));
  });

  it('S4: fourteen configurations; the single node about 2,000 IOPS, the in-AZ TCP mirror about half', async () => {
    await wb.openStudy('s4-aws-cluster');
    await page.locator('[data-tab="runs"]').click();
    const groups = await page.locator('[data-testid="runs-table"] section.config-group').evaluateAll((ss) => ss.map((x) => x.getAttribute('data-config')));
    for (const c of ['single node', 'shared-disk cluster', 'in-AZ TCP mirror', 'in-AZ UDP mirror', 'cross-AZ mirror', 'in-AZ TCP mirror / MTU 9000', 'in-AZ UDP mirror / buffers x4', 'cross-AZ mirror / flow control x2']) {
      assert.ok(groups.includes(c), c);
    }
    assert.equal(groups.length, 14);
    await wb.compare('single node', 'in-AZ TCP mirror', 'total.iops');
    const rows = await wb.speedupTable();
    assert.equal(rows.length, 9, 'the nine workloads pair');
    const num = (text: string): number => Number(text.replace(/[^\d.]/g, ''));
    for (const r of rows) {
      assert.ok(Math.abs(num(r.baseline) - 2000) <= 200, `${r.workload}: ${r.baseline} IOPS is about 2,000`);
      assert.ok(num(r.speedup) >= 0.4 && num(r.speedup) <= 0.6, `${r.workload}: ${r.speedup} is about half`);
    }
    await wb.screenshot(path.join(OUTPUT_DIR, 's4-single-vs-in-az-tcp.png'));
  });

  it('S4: MTU 9000 wins 4K 50/50 sequential over TCP in one AZ', async () => {
    await wb.compare('in-AZ TCP mirror', 'in-AZ TCP mirror / MTU 9000', 'total.iops');
    const rows = await wb.speedupTable();
    const num = (text: string): number => Number(text.replace(/[^\d.]/g, ''));
    const best = rows.reduce((a, b) => (num(b.speedup) > num(a.speedup) ? b : a));
    assert.equal(best.workload, '4K seq 50/50 QD8 1 thread');
    assert.equal(best.speedup, `${(num(best.candidate) / num(best.baseline)).toFixed(2)}x`, 'the speedup is candidate / baseline of the figures shown');
    await wb.screenshot(path.join(OUTPUT_DIR, 's4-tcp-mtu-9000.png'));
  });

  it('S1: zooming into the time series asks the core again and shows every 5-minute sample of the window', async () => {
    await wb.openStudy('s1-flash-migration');
    await page.locator('[data-tab="series"]').click();
    await page.waitForSelector('[data-testid="timeseries-view"][data-state="ready"] .chart[data-chart="study-series"][data-state="ready"]');
    type Pts = Array<[number, number]>;
    const inWindow = (start: number, end: number): Promise<{ pts: Pts; from: number; to: number }> => page.evaluate(([a, b]) => {
      const o = window.perfdeltaCharts!['study-series']!.getOption() as { xAxis: Array<{ min: number; max: number }>; series: Array<{ data: Array<[number, number]> }> };
      const { min, max } = o.xAxis[0]!;
      const from = min + ((max - min) * a!) / 100;
      const to = min + ((max - min) * b!) / 100;
      return { pts: o.series[0]!.data.filter(([t]) => t >= from && t <= to), from, to };
    }, [start, end]);
    const before = await inWindow(40, 41);
    await page.evaluate(() => (window.perfdeltaCharts!['study-series'] as unknown as { dispatchAction(a: unknown): void }).dispatchAction({ type: 'dataZoom', start: 40, end: 41 }));
    await page.waitForSelector('[data-testid="series-detail"]:not([data-detail=""])');
    await page.waitForSelector('.chart[data-chart="study-series"][data-state="ready"]');
    const after = await inWindow(40, 41);
    assert.ok(after.pts.length > before.pts.length, `more points in the window after zooming (${before.pts.length} -> ${after.pts.length})`);
    const steps = new Set(after.pts.slice(1).map(([t], i) => t - after.pts[i]![0]));
    assert.deepEqual([...steps], [300_000], 'every 5-minute sample, none skipped');
    const zoom = await page.evaluate(() => (window.perfdeltaCharts!['study-series']!.getOption() as { dataZoom: Array<{ start: number; end: number }> }).dataZoom[0]);
    assert.deepEqual([zoom!.start, zoom!.end], [40, 41], 'the view stays where the user zoomed');
  });
});
