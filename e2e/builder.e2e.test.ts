/**
 * The chart builder over the sample studies: its proposal fits the study, every kind draws
 * from the data (checked through the chart's option), tooltips name the runs and files behind a
 * value, a log scale is a log axis, an incomparable choice says why, and a chart is saved.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { OUTPUT_DIR, type RunningHost } from './support/host.js';
import { closeWorkbench, openWorkbench } from './support/session.js';
import type { WorkbenchPage } from './support/workbench-page.js';

interface Drawn { kind: string; title: string; categories: string[]; series: Array<{ name: string; data: unknown[] }>; yType: string; tooltip: string }

describe('chart builder', () => {
  let host: RunningHost;
  let browser: Browser;
  let page: Page;
  let wb: WorkbenchPage;
  before(async () => {
    ({ host, browser, page, wb } = await openWorkbench({ loadSamples: true }));
  });
  after(() => closeWorkbench({ host, browser }));

  const builder = async (slug: string): Promise<void> => {
    await wb.openStudy(slug);
    await page.locator('[data-tab="builder"]').click();
    await page.waitForSelector('[data-testid="chart-builder"][data-state="ready"]');
  };
  /** What the builder's chart draws; the tooltip of the category named, if any. */
  const drawn = (category?: string): Promise<Drawn> => page.evaluate((cat) => {
    const o = window.perfdeltaCharts!['builder']!.getOption() as {
      title: Array<{ text: string }>; xAxis: Array<{ data?: string[] }>; yAxis: Array<{ type: string }>;
      series: Array<{ name: string; data: unknown[] }>; tooltip?: Array<{ formatter?: (p: unknown) => string }>;
    };
    const categories = o.xAxis[0]?.data ?? [];
    const i = cat ? categories.indexOf(cat) : -1;
    const tip = i >= 0 && o.tooltip?.[0]?.formatter ? o.tooltip[0].formatter([{ dataIndex: i }]) : '';
    return { kind: document.querySelector('[data-testid="chart-builder"]')!.getAttribute('data-kind')!, title: o.title[0]!.text, categories, series: o.series.map((s) => ({ name: s.name, data: s.data })), yType: o.yAxis[0]!.type, tooltip: tip };
  }, category);
  const waitDrawn = async (): Promise<void> => {
    await page.waitForSelector('[data-testid="chart-builder"][data-state="ready"] .chart[data-state="ready"]');
  };

  it('proposes what fits the study: periods over time for S1, the VU sweep for S5', async () => {
    await builder('s1-flash-migration');
    await waitDrawn();
    const s1 = await drawn();
    assert.equal(s1.kind, 'time-series');
    assert.match(await page.locator('[data-testid="builder-caption"]').textContent() ?? '', /ms/);
    await builder('s5-rook-ceph-optane');
    await waitDrawn();
    const s5 = await drawn();
    assert.equal(s5.kind, 'scaling');
    assert.deepEqual(s5.series.map((s) => s.name).sort(), ['baseline', 'config-1', 'config-2']);
  });

  it('bars of two configurations: the published values, a tooltip naming runs and files, units, baseline and convention stated', async () => {
    await builder('s1-flash-migration');
    await page.locator('select[name="builder-kind"]').selectOption('compare-bars');
    await page.locator('select[name="builder-baseline"]').selectOption('V7000 thick');
    await page.locator('select[name="builder-candidate"]').selectOption('FS840 thick');
    await page.locator('select[name="builder-metric"]').selectOption('total.iops');
    await page.waitForSelector('[data-testid="chart-builder"][data-state="ready"]');
    await page.waitForFunction(() => (window.perfdeltaCharts?.['builder']?.getOption() as { title: Array<{ text: string }> } | undefined)?.title[0]?.text.includes('V7000 thick / FS840 thick'));
    const d = await drawn('4K random read 64 threads');
    const i = d.categories.indexOf('4K random read 64 threads');
    assert.equal(d.series[0]!.data[i], 17103.73);
    assert.equal((d.series[1]!.data[i] as { value: number }).value, 276371.66);
    assert.match(d.tooltip, /n = 1/);
    assert.match(d.tooltip, /run \d+ · V7000 thick · samples\/vdbench\/v7000-thick\//);
    assert.match(d.tooltip, /16\.16x/);
    const caption = await page.locator('[data-testid="builder-caption"]').textContent() ?? '';
    assert.match(caption, /Units: IOPS/);
    assert.match(caption, /Baseline: V7000 thick/);
    assert.match(caption, /x-fold/);
    await page.locator('input[name="builder-log"]').check();
    await page.waitForFunction(() => (window.perfdeltaCharts!['builder']!.getOption() as { yAxis: Array<{ type: string }> }).yAxis[0]!.type === 'log');
    await wb.screenshot(path.join(OUTPUT_DIR, 'builder-s1-bars-log.png'));
  });

  it('an incomparable choice says why instead of drawing nothing', async () => {
    await page.locator('select[name="builder-baseline"]').selectOption('production');
    const why = page.locator('[data-testid="builder-why"]');
    await why.waitFor();
    assert.match(await why.textContent() ?? '', /share no workload under the pairing keys/);
  });

  it('the heat map of every configuration against a baseline, saved in the study for reports', async () => {
    await page.locator('select[name="builder-kind"]').selectOption('speedup-heatmap');
    await page.locator('select[name="builder-baseline"]').selectOption('V7000 thick');
    await waitDrawn();
    await page.waitForFunction(() => (window.perfdeltaCharts!['builder']!.getOption() as { series: Array<{ type: string }> }).series[0]?.type === 'heatmap');
    await page.locator('input[name="builder-title"]').fill('Everything against V7000 thick');
    await page.locator('button[name="builder-save"]').click();
    await page.locator('[data-testid="builder-saved"]', { hasText: 'Everything against V7000 thick' }).waitFor();
    await page.locator('[data-tab="reports"]').click();
    await page.waitForSelector('[data-testid="reports-view"][data-state="ready"]');
    await page.locator('button[name="add-chart"]').click();
    const options = await page.locator('.report-sections > li').last().locator('select[name="chart"] option').allTextContents();
    assert.ok(options.includes('Everything against V7000 thick'), 'the saved chart is offered to reports');
  });

  it('read, write and total side by side: on a 70/30 randrw workload read + write = total, on both sides', async () => {
    await builder('fio-disk-vs-tmpfs');
    await page.locator('select[name="builder-kind"]').selectOption('compare-bars');
    await page.locator('select[name="builder-baseline"]').selectOption('disk');
    await page.locator('select[name="builder-candidate"]').selectOption('tmpfs');
    await page.locator('select[name="builder-metric"]').selectOption('total.iops');
    await page.locator('select[name="builder-scope"]').selectOption('all');
    await page.waitForSelector('[data-testid="chart-builder"][data-state="ready"]');
    await page.waitForFunction(() => (window.perfdeltaCharts!['builder']!.getOption() as { series: unknown[] }).series.length === 6);
    const d = await drawn();
    const i = d.categories.findIndex((c) => / 70\/30 /.test(c));
    assert.ok(i >= 0, `a randrw workload among ${d.categories.join(', ')}`);
    const value = (x: unknown): number => (typeof x === 'number' ? x : (x as { value: number }).value);
    const bar = (name: string): number => value(d.series.find((s) => s.name === name)!.data[i]);
    for (const side of ['disk', 'tmpfs']) {
      const [r, w, t] = [bar(`${side} · read`), bar(`${side} · write`), bar(`${side} · total`)];
      assert.ok(r > 0 && w > 0 && Math.abs(r + w - t) <= 1e-6 * t, `${side}: read ${r} + write ${w} = total ${t}`);
    }
    const pure = d.categories.findIndex((c) => /random read/.test(c));
    assert.equal(d.series.find((s) => s.name === 'disk · write')!.data[pure], null, 'a pure read has no write bar');
    await wb.screenshot(path.join(OUTPUT_DIR, 'builder-scopes.png'));
  });
});
