/**
 * A long series in the run chart: a million-row fio IOPS log, imported with the CLI, drawn from
 * its pyramid (at most two points a pixel, its one spike among them) and zoomed: a window of a
 * few hundred samples shows the window's raw samples, exactly as the log wrote them. One
 * setOption per answer.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { OUTPUT_DIR, runCli, type RunningHost } from './support/host.js';
import { WorkbenchPage } from './support/workbench-page.js';
import { closeWorkbench, openWorkbench } from './support/session.js';

const ROWS = 1_000_000;
const SPIKE = 654_321;
/** The log's row i: a sample every millisecond, a slow wave, one single-row spike. */
const timeOf = (i: number): number => i + 1;
const valueOf = (i: number): number => (i === SPIKE ? 99_999 : 20_000 + Math.round(5_000 * Math.sin(i / 20_000)) + (i % 37));

interface Drawn {
  applied: number;
  rendered: number;
  detail: string;
  raw: string;
  points: Array<[number, number]>;
}

describe('a million-point series: the overview from its pyramid, a small window raw', () => {
  let host: RunningHost;
  let browser: Browser;
  let page: Page;
  let wb: WorkbenchPage;
  let t0 = 0;

  before(async () => {
    ({ host, browser, page, wb } = await openWorkbench({ page: { viewport: { width: 1400, height: 1000 } } }));
    const log = path.join(host.home, 'long_iops.1.log');
    const fd = fs.openSync(log, 'w');
    for (let at = 0; at < ROWS; at += 100_000) {
      const lines: string[] = [];
      for (let i = at; i < Math.min(ROWS, at + 100_000); i++) lines.push(`${timeOf(i)}, ${valueOf(i)}, 0, 4096\n`);
      fs.writeSync(fd, lines.join(''));
    }
    fs.closeSync(fd);
    const r = runCli(host.home, 'import', log, '--study', 'Long series', '--config', 'nvme', '--json');
    assert.equal(r.status, 0, r.stderr);
    const runs = JSON.parse(runCli(host.home, 'runs', '--study', 'long-series', '--json').stdout) as Array<{ id: number; start: string | null }>;
    const start = runs[0]!.start ? Date.parse(runs[0]!.start) : null;
    // The chart's zero: the run's start when the series begins after it, else its first sample.
    t0 = start !== null && start <= timeOf(0) ? start : timeOf(0);
    // The workbench opened before the import: read the study list again.
    await page.reload();
    await page.waitForSelector('.app[data-state="ready"]');
  });
  after(() => closeWorkbench({ host, browser }));

  const drawn = (): Promise<Drawn> => page.evaluate(() => {
    const frame = document.querySelector('[data-testid="run-series-detail"]')!;
    const chart = frame.querySelector('.chart') as HTMLElement;
    const option = window.perfdeltaCharts!['run-series']!.getOption() as { series: Array<{ data: Array<[number, number]> }> };
    return {
      applied: Number(chart.dataset['applied'] ?? 0), rendered: Number(chart.dataset['rendered'] ?? 0),
      detail: frame.getAttribute('data-detail') ?? '', raw: frame.getAttribute('data-raw') ?? '', points: option.series[0]!.data,
    };
  });
  /** Waits until the chart has drawn its `n`th option. */
  const drawnOption = (n: number): Promise<unknown> => page.waitForFunction((k) => {
    const chart = document.querySelector('[data-testid="run-series-detail"] .chart') as HTMLElement | null;
    return chart !== null && Number(chart.dataset['applied']) === k && Number(chart.dataset['rendered']) === k;
  }, n);

  it('opens the run: at most two points a pixel, the spike drawn at its time, in one setOption', async () => {
    await wb.openStudy('long-series');
    await page.locator('[data-tab="runs"]').click();
    await page.locator('tr[data-run]').first().click();
    await drawnOption(1);
    const d = await drawn();
    const width = await page.evaluate(() => document.querySelector('[data-testid="run-series-detail"]')!.clientWidth);
    assert.ok(d.points.length <= 2 * width + 2, `${d.points.length} points for a ${width} px chart`);
    assert.ok(d.points.some(([x, v]) => v === 99_999 && x === (timeOf(SPIKE) - t0) / 1000), 'the single-row spike, at its time');
    await page.waitForTimeout(300); // fonts and late events: nothing may draw the same answer again
    assert.equal((await drawn()).applied, 1, 'one setOption for the first paint');
    await wb.screenshot(path.join(OUTPUT_DIR, 'large-series-overview.png'));
  });

  it('a 1% zoom reads the window from the pyramid; a 0.05% zoom gets the window\'s raw samples', async () => {
    const zoom = (start: number, end: number): Promise<void> => page.evaluate(([a, b]) => {
      (window.perfdeltaCharts!['run-series'] as unknown as { dispatchAction(x: unknown): void }).dispatchAction({ type: 'dataZoom', start: a, end: b });
    }, [start, end]);
    await zoom(65, 66);
    await drawnOption(2);
    let d = await drawn();
    assert.equal(d.raw, 'false', '10,000 samples are more than the chart has pixels: min/max per pixel');
    assert.ok(d.points.some(([, v]) => v === 99_999), 'the spike inside the window is drawn');

    await zoom(40, 40.05);
    await drawnOption(3);
    d = await drawn();
    assert.equal(d.raw, 'true');
    const [from, to] = d.detail.split('-').map(Number) as [number, number];
    const expected: Array<[number, number]> = [];
    for (let i = 0; i < ROWS; i++) {
      const t = timeOf(i);
      if (t >= from && t <= to) expected.push([(t - t0) / 1000, valueOf(i)]);
    }
    assert.ok(expected.length > 100, `${expected.length} samples in the window`);
    const inside = d.points.filter(([x]) => x * 1000 + t0 >= from - 1e-6 && x * 1000 + t0 <= to + 1e-6);
    assert.deepEqual(inside, expected, 'every sample of the window, as the log wrote it');
    await wb.screenshot(path.join(OUTPUT_DIR, 'large-series-zoom.png'));
  });
});
