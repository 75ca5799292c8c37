/**
 * Every chart kind from the builder to the printed page, as a user makes them: chosen and saved
 * in the chart builder, found in the study's Charts list, reopened and changed there (renamed,
 * duplicated, deleted), put in a report, printed to PDF through Chromium; pdftotext finds each
 * chart's title and units in the PDF, and pdftoppm renders the pages for review.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { OUTPUT_DIR, type RunningHost } from './support/host.js';
import { hasPoppler, pdfText, pdfToPngs } from './support/pdf.js';
import { closeWorkbench, openWorkbench } from './support/session.js';
import type { WorkbenchPage } from './support/workbench-page.js';

const poppler = hasPoppler();
const needPoppler = poppler ? {} : { skip: 'pdftotext/pdftoppm (poppler-utils) are not installed' };

interface Drawn { series: Array<{ name: string; type: string; itemStyle?: { color?: string }; lineStyle?: { color?: string }; markPoint?: unknown }>; xAxis: Array<{ type: string; data?: string[] }>; yAxis: Array<{ type: string; data?: string[] }> }

/** A kind as the builder makes it: the choices after picking the kind, the title, what the chart must show. */
interface Step { kind: string; title: string; choose?: (page: Page) => Promise<void>; check?: (o: Drawn) => void; units: string[] }

describe('every chart kind: builder, Charts list, report, PDF', () => {
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
  const drawn = (): Promise<Drawn> => page.evaluate(() => window.perfdeltaCharts!['builder']!.getOption() as never);
  const waitDrawn = async (title: string): Promise<void> => {
    await page.waitForSelector('[data-testid="chart-builder"][data-state="ready"] .chart[data-chart="builder"][data-state="ready"]');
    await page.waitForFunction((t) => (window.perfdeltaCharts?.['builder']?.getOption() as { title: Array<{ text: string }> } | undefined)?.title[0]?.text.startsWith(t), title);
  };
  /** Makes each kind in turn and saves it as a new chart. */
  const saveAll = async (slug: string, steps: Step[]): Promise<void> => {
    await builder(slug);
    for (const s of steps) {
      await page.locator('select[name="builder-kind"]').selectOption(s.kind);
      await page.waitForSelector(`[data-testid="chart-builder"][data-kind="${s.kind}"]`);
      await s.choose?.(page);
      await page.locator('input[name="builder-title"]').fill(s.title);
      await waitDrawn(s.title);
      s.check?.(await drawn());
      await wb.screenshot(path.join(OUTPUT_DIR, `kinds-${s.kind}-${slug}.png`));
      // A new builder stays new after a save: each title is its own chart.
      await page.locator('button[name="builder-save"]').click();
      await page.locator('[data-testid="builder-saved"]', { hasText: s.title }).waitFor();
    }
  };
  const openCharts = async (): Promise<void> => {
    await page.locator('[data-tab="charts"]').click();
    await page.waitForSelector('[data-testid="charts-view"][data-state="ready"]');
  };
  const row = (name: string) => page.locator(`[data-testid="charts-table"] tr[data-name="${name}"]`);
  /** Adds a chart section per title to the study's report (a new one when it has none), saves, prints, and reads the PDF. */
  const printWith = async (slug: string, titles: string[], file: string): Promise<string> => {
    await page.locator('[data-tab="reports"]').click();
    await page.waitForSelector('[data-testid="reports-view"][data-state="ready"]');
    if (await page.locator('select[name="report"]').count() === 0) {
      await page.locator('button[name="create-report"]').click();
      await page.waitForSelector('select[name="report"]');
    }
    await page.waitForSelector('[data-testid="reports-view"][data-state="ready"] [data-testid="report-preview"] .pd-page');
    for (const title of titles) {
      await page.locator('button[name="add-chart"]').click();
      await page.locator('.report-sections > li').last().locator('select[name="chart"]').selectOption({ label: title });
    }
    await page.locator('button[name="save-report"]').click();
    await page.locator('[data-testid="report-dirty"]', { hasText: 'Saved' }).waitFor();
    await page.waitForSelector('[data-testid="reports-view"][data-state="ready"] [data-testid="report-preview"] .pd-report[data-pages]');
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.locator('button[name="export-pdf"]').click()]);
    const out = path.join(OUTPUT_DIR, file);
    await download.saveAs(out);
    pdfToPngs(out);
    return pdfText(out).replace(/\s+/g, ' ');
  };
  const colour = (s: Drawn['series'][number]): string | undefined => s.itemStyle?.color ?? s.lineStyle?.color;

  const s5: Step[] = [
    {
      kind: 'compare-bars', title: 'E2E S5 throughput, three configurations', units: ['ops/s'],
      choose: async (p) => {
        await p.locator('select[name="builder-baseline"]').selectOption('baseline');
        await p.locator('input[name="builder-candidate-config-2"]').check();
        await p.locator('select[name="builder-metric"]').selectOption('ops_per_s');
      },
      check: (o) => assert.deepEqual(o.series.map((s) => s.name), ['baseline', 'config-1', 'config-2'], 'raw bars of all three configurations'),
    },
    {
      kind: 'compare-bars', title: 'E2E S5 normalised, three configurations', units: ['baseline'],
      choose: async (p) => { await p.locator('input[name="builder-normalised"]').check(); },
      check: (o) => assert.equal(o.series.length, 3),
    },
    {
      kind: 'scaling', title: 'E2E S5 NOPM by virtual users', units: ['NOPM', 'vus'],
      choose: async (p) => { await p.locator('select[name="builder-metric"]').selectOption('nopm'); },
      check: (o) => {
        assert.equal(o.xAxis[0]!.type, 'log');
        assert.ok(o.series.every((s) => s.markPoint), 'a knee on each line: virtual users are a load');
      },
    },
    {
      kind: 'repetitions', title: 'E2E S5 NOPM repetitions', units: ['NOPM'],
      choose: async (p) => { await p.locator('select[name="builder-candidate"]').selectOption('config-2'); },
    },
    {
      kind: 'box-plot', title: 'E2E S5 NOPM box plot', units: ['NOPM'],
      check: (o) => assert.equal(o.series[0]!.type, 'boxplot'),
    },
  ];

  it('S5: bars of three configurations, normalised, scaling, repetitions and a box plot, each configuration in one colour', async () => {
    await saveAll('s5-rook-ceph-optane', s5);
    // One colour per configuration in every kind: the bars' and the scaling lines' agree.
    await page.locator('select[name="builder-kind"]').selectOption('compare-bars');
    await waitDrawn('E2E S5 NOPM box plot');
    await page.locator('input[name="builder-candidate-config-2"]').check();
    await page.waitForFunction(() => (window.perfdeltaCharts!['builder']!.getOption() as { series: unknown[] }).series.length === 3);
    const bars = (await drawn()).series.map((s) => [s.name, colour(s)]);
    await page.locator('select[name="builder-kind"]').selectOption('scaling');
    await page.waitForFunction(() => (window.perfdeltaCharts!['builder']!.getOption() as { series: Array<{ type: string }> }).series[0]?.type === 'line');
    const lines = (await drawn()).series.map((s) => [s.name, colour(s)]);
    assert.deepEqual(lines, bars, 'baseline, config-1 and config-2 keep their colours from bars to lines');
    assert.equal(new Set(bars.map((b) => b[1])).size, 3);
  });

  it('S5: a configuration is the same colour in Compare and in Scaling (config-2 is the third configuration, whatever the chart shows)', async () => {
    await wb.compare('baseline', 'config-2', 'nopm');
    type Series = Array<{ name: string; itemStyle?: { color?: string }; lineStyle?: { color?: string } }>;
    const colours = (id: string): Promise<Record<string, string>> => page.evaluate((chartId) => Object.fromEntries(
      ((window.perfdeltaCharts![chartId]!.getOption() as { series: Series }).series).map((s) => [s.name, s.itemStyle?.color ?? s.lineStyle?.color ?? '']),
    ), id);
    const bars = await colours('compare-bars');
    await page.locator('[data-tab="scaling"]').click();
    await page.locator('select[name="scaling-x"]').selectOption('vus');
    await page.locator('select[name="scaling-metric"]').selectOption('nopm');
    await page.waitForSelector('[data-testid="scaling-view"][data-state="ready"] .chart[data-chart="scaling"][data-state="ready"]');
    const lines = await colours('scaling');
    assert.deepEqual(Object.keys(bars), ['baseline', 'config-2']);
    assert.equal(bars['config-2'], lines['config-2'], 'config-2 in one colour in both views');
    assert.equal(bars['baseline'], lines['baseline']);
    assert.notEqual(lines['config-1'], lines['config-2']);
  });

  it('S5: the Charts list holds them; one reopened in the builder is changed in place, one renamed, one duplicated and the copy deleted', async () => {
    await openCharts();
    for (const s of s5) assert.equal(await row(s.title).count(), 1, `${s.title} listed`);
    const before = await page.locator('[data-testid="charts-table"] tbody tr').count();
    const id = await row('E2E S5 NOPM by virtual users').getAttribute('data-chart-id');
    await row('E2E S5 NOPM by virtual users').locator('button[name="edit-chart"]').click();
    await page.waitForSelector(`[data-testid="chart-builder"][data-editing="${id}"][data-kind="scaling"]`);
    await waitDrawn('E2E S5 NOPM by virtual users');
    await page.locator('input[name="builder-log"]').check();
    await page.waitForFunction(() => (window.perfdeltaCharts!['builder']!.getOption() as { yAxis: Array<{ type: string }> }).yAxis[0]!.type === 'log');
    await page.locator('button[name="builder-save"]').click();
    await page.locator('[data-testid="builder-saved"]').waitFor();
    await openCharts();
    assert.equal(await page.locator('[data-testid="charts-table"] tbody tr').count(), before, 'changed in place, not added');
    assert.equal(await row('E2E S5 NOPM by virtual users').getAttribute('data-chart-id'), id);

    await row('E2E S5 NOPM repetitions').locator('button[name="rename-chart"]').click();
    await page.locator('input[name="chart-rename"]').fill('E2E S5 NOPM per run');
    await page.locator('button[name="confirm-rename"]').click();
    await page.locator('[data-testid="charts-note"]', { hasText: 'Renamed to “E2E S5 NOPM per run”' }).waitFor();
    s5.find((s) => s.kind === 'repetitions')!.title = 'E2E S5 NOPM per run';

    await row('E2E S5 NOPM box plot').locator('button[name="duplicate-chart"]').click();
    await row('E2E S5 NOPM box plot (copy)').waitFor();
    await row('E2E S5 NOPM box plot (copy)').locator('button[name="delete-chart"]').click();
    await row('E2E S5 NOPM box plot (copy)').locator('button[name="confirm-delete-chart"]').click();
    await page.locator('[data-testid="charts-note"]', { hasText: 'Deleted “E2E S5 NOPM box plot (copy)”' }).waitFor();
    await row('E2E S5 NOPM box plot (copy)').waitFor({ state: 'detached' });
    assert.equal(await page.locator('[data-testid="charts-table"] tbody tr').count(), before);
    assert.match(await row('HammerDB NOPM against virtual users').locator('[data-col="used-in"]').textContent() ?? '', /Optane PMem and Open CAS/, 'the sample report that draws it');
    await wb.screenshot(path.join(OUTPUT_DIR, 'charts-list-s5.png'));
  });

  it('S5: all five in the report, printed: each title and its units are in the PDF', needPoppler, async () => {
    const text = await printWith('s5-rook-ceph-optane', s5.map((s) => s.title), 'kinds-s5.pdf');
    for (const s of s5) {
      assert.ok(text.includes(s.title), `the PDF prints "${s.title}"`);
      for (const u of s.units) assert.ok(text.includes(u), `"${s.title}": its units "${u}"`);
    }
    assert.ok(!/Not available/.test(text), 'every chart has its data');
  });

  const s1: Step[] = [
    { kind: 'speedup-heatmap', title: 'E2E S1 speedup heat map', units: ['FS840 thick', '16.16x'], choose: async (p) => { await p.locator('select[name="builder-baseline"]').selectOption('V7000 thick'); await p.locator('select[name="builder-metric"]').selectOption('total.iops'); } },
    {
      kind: 'time-series', title: 'E2E S1 read response per volume', units: ['(ms)', 'Asia/Shanghai'],
      choose: async (p) => { await p.locator('select[name="builder-metric"]').selectOption('read.lat_avg_ms'); },
      check: (o) => assert.equal(o.xAxis[0]!.type, 'time'),
    },
    {
      kind: 'scatter', title: 'E2E S1 write response against write throughput', units: ['IOPS', 'ms'],
      check: (o) => assert.ok(o.series.length > 0 && o.series.every((s) => s.type === 'scatter')),
    },
  ];

  it('S1: heat map, time series and the write scatter, saved and printed', needPoppler, async () => {
    await saveAll('s1-flash-migration', s1);
    await openCharts();
    for (const s of s1) assert.equal(await row(s.title).count(), 1);
    const text = await printWith('s1-flash-migration', s1.map((s) => s.title), 'kinds-s1.pdf');
    for (const s of s1) {
      assert.ok(text.includes(s.title), `the PDF prints "${s.title}"`);
      for (const u of s.units) assert.ok(text.includes(u), `"${s.title}": "${u}"`);
    }
  });

  it('S2: AWR wait events side by side, free buffer waits flagged as write-through only, printed', needPoppler, async () => {
    await saveAll('s2-exadata-flash-cache', [{
      kind: 'wait-events', title: 'E2E S2 wait events', units: ['%'],
      choose: async (p) => {
        await p.locator('select[name="builder-baseline"]').selectOption('write-back');
        await p.locator('select[name="builder-candidate"]').selectOption('write-through');
      },
      check: (o) => assert.ok(o.yAxis[0]!.data?.includes('free buffer waits · only in write-through'), 'an event on one side only says so'),
    }]);
    const text = await printWith('s2-exadata-flash-cache', ['E2E S2 wait events'], 'kinds-s2.pdf');
    assert.ok(text.includes('E2E S2 wait events') && text.includes('free buffer waits'));
  });

  const fio: Step[] = [
    { kind: 'latency-cdf', title: 'E2E fio latency CDF', units: ['latency (ms, log scale)', 'p99'], check: (o) => assert.equal(o.xAxis[0]!.type, 'log') },
    { kind: 'latency-exceedance', title: 'E2E fio latency exceedance', units: ['latency (ms, log scale)'], check: (o) => assert.equal(o.yAxis[0]!.type, 'log') },
    { kind: 'run-series', title: 'E2E fio runs over time', units: ['seconds since the run started'] },
  ];

  it('fio: latency CDF, exceedance and runs over time, saved and printed in a new report', needPoppler, async () => {
    await saveAll('fio-output-shapes', fio);
    const text = await printWith('fio-output-shapes', fio.map((s) => s.title), 'kinds-fio.pdf');
    for (const s of fio) {
      assert.ok(text.includes(s.title), `the PDF prints "${s.title}"`);
      for (const u of s.units) assert.ok(text.includes(u), `"${s.title}": "${u}"`);
    }
  });
});
