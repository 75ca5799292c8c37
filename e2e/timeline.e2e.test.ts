/**
 * The Timeline tab as a user meets it: S1's layers (the array's volumes, the DB host's LUNs, the
 * database's slowest SQL) on one axis, each improving at the cutover marked across them; a
 * generated power test whose sar capture sits an hour off, lined up by a proposed offset applied
 * with one click; the timeline saved as a chart and found in the report's PDF. Waits are on
 * readiness markers; what is drawn is read from the live ECharts option.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as XLSX from '@e965/xlsx';
import type { Browser, Page } from 'playwright-core';
import { OUTPUT_DIR, runCli, type RunningHost } from './support/host.js';
import { hasPoppler, pdfText, pdfToPngs } from './support/pdf.js';
import { closeWorkbench, openWorkbench } from './support/session.js';
import type { WorkbenchPage } from './support/workbench-page.js';
// @ts-expect-error the sample generators are plain ES modules without types
import { generate as powerTest } from '../samples/timeline/power-test.mjs';

const needPoppler = hasPoppler() ? {} : { skip: 'pdftotext/pdftoppm (poppler-utils) are not installed' };
const CUTOVER = Date.UTC(2017, 8, 14, 10, 0); // 2017-09-14 18:00 Beijing
const BEIJING = 8 * 3_600_000;

interface DrawnTimeline {
  title: Array<{ text: string }>;
  series: Array<{ name: string; xAxisIndex: number; data: Array<[number, number | null]>; markLine?: { data: Array<{ xAxis: number }> } }>;
}

describe('the timeline', () => {
  let host: RunningHost;
  let browser: Browser;
  let page: Page;
  let wb: WorkbenchPage;

  before(async () => {
    // S1 alone (its generated statistics and layers), and a power test with sar an hour off.
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-e2e-'));
    assert.equal(runCli(home, 'samples', '--load', 's1-flash-migration').status, 0);
    const files = path.join(home, 'power-test');
    powerTest(files);
    assert.equal(runCli(home, 'import', '--study', 'Power test', '--config', 'run', files).status, 0);
    ({ host, browser, page, wb } = await openWorkbench({ home }));
  });
  after(() => closeWorkbench({ host, browser }));

  const openTimeline = async (slug: string): Promise<void> => {
    await wb.openStudy(slug);
    await page.locator('[data-tab="timeline"]').click();
    await page.waitForSelector('[data-testid="timeline-view"][data-state="ready"] [data-testid="timeline-chart"] .chart[data-state="ready"]');
  };
  const drawn = (): Promise<DrawnTimeline> => page.evaluate(() => window.perfdeltaCharts!['study-timeline']!.getOption() as unknown as DrawnTimeline);

  it("S1: the array, the DB host and the database on one axis, each better after the cutover marked across them", async () => {
    await openTimeline('s1-flash-migration');
    const view = page.locator('[data-testid="timeline-view"]');
    assert.deepEqual((await view.getAttribute('data-layers'))!.split(',').sort(), ['array', 'database', 'host']);
    const o = await drawn();
    const titles = o.title.map((t) => t.text);
    for (const layer of ['Database', 'Host', 'Array']) assert.ok(titles.includes(layer), `a ${layer} heading among ${titles.join(' | ')}`);
    // Each layer's latency: its mean after the cutover a fraction of its mean before.
    const lane = (pattern: RegExp) => o.series.find((s) => pattern.test(s.name));
    for (const [what, pattern] of [['the volumes\' read response', /^SVC_CREDIT/], ['the LUN\'s read await', /^iostat credit-db2-p1/], ['the slowest SQL', /^215 rows by sql id/]] as const) {
      const s = lane(pattern);
      assert.ok(s, `a lane for ${what}: ${o.series.map((x) => x.name).join(' | ')}`);
      const values = (from: number, to: number): number[] => s.data.filter(([t, v]) => v !== null && t - BEIJING >= from && t - BEIJING < to).map(([, v]) => v!);
      const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
      const before = mean(values(CUTOVER - 2 * 86_400_000, CUTOVER));
      const afterCut = mean(values(CUTOVER + 6 * 3_600_000, CUTOVER + 30 * 3_600_000));
      assert.ok(afterCut < before / 3, `${what}: ${before.toFixed(2)} before, ${afterCut.toFixed(2)} after`);
    }
    // The cutover: one line at 18:00 Beijing time in every lane.
    for (const s of o.series) assert.ok(s.markLine?.data.some((m) => m.xAxis === CUTOVER + BEIJING), `${s.name} marks the cutover`);
    // The lanes' table states each source's zone.
    const zones = await view.locator('[data-testid="timeline-lanes"] [data-col="zone"]').allTextContents();
    assert.ok(zones.includes('UTC (the statistics\' timestamp_utc)') && zones.includes('zone +08:00 applied') && zones.includes('the zone stated in the file, applied'), zones.join(' | '));
    await wb.screenshot(path.join(OUTPUT_DIR, 'timeline-s1.png'));
    // Exported as any chart is: SVG (vectors, its words as text) and XLSX (the core's rows).
    const save = async (kind: string): Promise<string> => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator(`[data-testid="timeline-chart"] [data-export="${kind}"]`).click()]);
      const out = path.join(OUTPUT_DIR, `timeline-s1.${kind}`);
      await download.saveAs(out);
      return out;
    };
    const svg = fs.readFileSync(await save('svg'), 'utf8');
    assert.ok(svg.includes('<svg') && svg.includes('Database') && svg.includes('CREDIT_DB2_DATA0'), 'an SVG with its words as text');
    const book = XLSX.read(fs.readFileSync(await save('xlsx')), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    assert.deepEqual(rows[0], ['Lane', 'Layer', 'Source', 'Metric', 'Unit', 'Time (UTC)', 'End (UTC)', 'Value', 'Event', 'Clock offset [s]', 'Zone']);
    assert.deepEqual(new Set(rows.slice(1).map((r) => r[1])), new Set(['database', 'host', 'array']));
  });

  it('a power test whose sar sits an hour off: the proposal finds −3,600 s near r = 1, applied with one click', async () => {
    await openTimeline('power-test');
    const view = page.locator('[data-testid="timeline-view"]');
    const sarRow = view.locator('[data-testid="timeline-lanes"] tr', { hasText: 'sar tpch-db · cpu' });
    assert.equal(await sarRow.locator('[data-col="zone"]').textContent(), 'no zone in the file: read as UTC');
    const options = view.locator('select[name="timeline-reference"] option');
    const id = async (pattern: RegExp): Promise<string> => {
      for (const o of await options.all()) if (pattern.test((await o.textContent()) ?? '')) return (await o.getAttribute('value'))!;
      throw new Error(`no lane ${pattern}`);
    };
    const [reference, subject] = [await id(/postgres: Process CPU/), await id(/sar tpch-db · cpu: CPU user/)];
    await view.locator('select[name="timeline-reference"]').selectOption(reference);
    await view.locator('select[name="timeline-subject"]').selectOption(subject);
    // The panel has taken both choices (its own state, which the proposal is asked with).
    await page.waitForSelector(`[data-testid="timeline-correlation"][data-reference="${reference}"][data-subject="${subject}"]`);
    await view.locator('button[name="propose-offset"]').click();
    const proposal = view.locator('[data-testid="timeline-proposal"]');
    await proposal.waitFor();
    assert.equal(await proposal.getAttribute('data-offset'), '-3600');
    assert.ok(Number(await proposal.getAttribute('data-correlation')) > 0.98);
    assert.match((await proposal.textContent())!, /^Offset −3,600 s for sar tpch-db · cpu: CPU user: r = 0\.99\d there \(r = – as it is\)/);
    await wb.screenshot(path.join(OUTPUT_DIR, 'timeline-proposal.png'));
    const revision = Number(await view.getAttribute('data-revision'));
    await view.locator('button[name="apply-offset"]').click();
    await page.waitForSelector(`[data-testid="timeline-view"][data-state="ready"][data-revision="${revision + 1}"]`);
    await view.locator('[data-testid="timeline-note"]').waitFor();
    assert.equal(await sarRow.locator('input[name="lane-offset"]').inputValue(), '-3600');
    // Moved over the test: sar's samples now fall inside the queries' span.
    const o = await drawn();
    const sar = o.series.find((s) => /^sar/.test(s.name))!;
    assert.ok(sar.data[0]![0] < Date.UTC(2024, 4, 1, 10, 0), 'sar starts before the first query, as the capture did');
    await wb.screenshot(path.join(OUTPUT_DIR, 'timeline-offset-applied.png'));
  });

  it('saved as a chart, the timeline prints in the report\'s PDF', needPoppler, async () => {
    await openTimeline('s1-flash-migration');
    await page.locator('button[name="save-chart"]').click();
    await page.locator('input[name="chart-name"]').fill('E2E S1 three layers');
    await page.locator('button[name="confirm-save-chart"]').click();
    await page.locator('[data-testid="chart-saved"]', { hasText: 'E2E S1 three layers' }).waitFor();
    await page.locator('[data-tab="reports"]').click();
    await page.waitForSelector('[data-testid="reports-view"][data-state="ready"] [data-testid="report-preview"] .pd-page');
    await page.locator('button[name="add-chart"]').click();
    await page.locator('.report-sections > li').last().locator('select[name="chart"]').selectOption({ label: 'E2E S1 three layers' });
    await page.locator('button[name="save-report"]').click();
    await page.locator('[data-testid="report-dirty"]', { hasText: 'Saved' }).waitFor();
    await page.waitForSelector('[data-testid="reports-view"][data-state="ready"] [data-testid="report-preview"] .pd-report[data-pages]');
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.locator('button[name="export-pdf"]').click()]);
    const out = path.join(OUTPUT_DIR, 'timeline-report.pdf');
    await download.saveAs(out);
    pdfToPngs(out);
    const text = pdfText(out).replace(/\s+/g, ' ');
    assert.match(text, /E2E S1 three layers/);
    // The chart's own words: its layers, its lanes' sources and figures, each lane's zone.
    const chart = text.slice(text.indexOf('E2E S1 three layers · Asia/Shanghai'));
    for (const words of ['Database', 'Host', 'Array', 'CREDIT_DB2_DATA0', 'Slowest SQL elapsed time', 'read mean latency', 'zone +08:00 applied']) assert.ok(chart.includes(words), `the PDF's timeline shows "${words}"`);
  });
});
