/**
 * Nothing cut off, nothing raw (issue 39), read from the laid-out page as the chart-overlap
 * check reads a chart's words: at 1440×900 and 1024×700 every tab of every sample study is
 * reachable and no element runs past the window's edge (a wide table scrolls in its own box,
 * its first column fixed); S1's time series is drawn a panel per volume on a month-day axis
 * that gains the hours when zoomed, and a zoom recomputes the table over the window; the
 * report editor names metrics and dimensions as the catalog does, and its preview sits in the
 * page's flow. Every view at both sizes is saved under e2e/output/layout for a person to look at.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/browser.js';
import { chartTexts } from './support/chart-boxes.js';
import { OUTPUT_DIR, startHost, type RunningHost } from './support/host.js';
import { boxOf, pastTheEdge } from './support/layout.js';
import { WorkbenchPage } from './support/workbench-page.js';

const SHOTS = path.join(OUTPUT_DIR, 'layout');
const SIZES = [{ width: 1440, height: 900 }, { width: 1024, height: 700 }] as const;

describe('nothing cut off at 1440×900 and 1024×700, nothing raw (issue 39)', () => {
  let host: RunningHost;
  let browser: Browser;
  const pages: Page[] = [];

  before(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    host = await startHost({ loadSamples: true });
    browser = await launchChromium();
  });
  after(async () => { await browser?.close(); await host?.stop(); });

  /** A page at a window size, on the workbench. */
  const open = async (size: { width: number; height: number }): Promise<{ page: Page; wb: WorkbenchPage }> => {
    const page = await browser.newPage({ viewport: size });
    pages.push(page);
    page.on('pageerror', (err) => assert.fail(`page error: ${err.message}`));
    const wb = new WorkbenchPage(page);
    await wb.open(host.url);
    return { page, wb };
  };
  const openTab = async (page: Page, tab: string): Promise<void> => {
    await page.locator(`[data-tab="${tab}"]`).click();
    await page.waitForFunction(() => !document.querySelector('[role="tabpanel"] [data-state="loading"]'), null, { timeout: 60_000 });
    await page.waitForFunction(() => [...document.querySelectorAll('[role="tabpanel"] .chart')].every((c) => c.getAttribute('data-state') === 'ready'), null, { timeout: 60_000 });
  };

  for (const size of SIZES) {
    it(`every view of every sample study at ${size.width}×${size.height}: each tab reachable, nothing past the window's edge, the header on one line`, async () => {
      const { page, wb } = await open(size);
      // The header's buttons and pickers on one row: none wraps onto a second line.
      const header = await page.locator('.topbar .actions > *').evaluateAll((els) => els.map((e) => ({ text: e.textContent?.trim().slice(0, 20), top: e.getBoundingClientRect().top, height: e.getBoundingClientRect().height })));
      for (const h of header) assert.ok(h.height < 40 && h.top < 20, `"${h.text}" on the header's one line (${h.height} px high at ${h.top})`);
      const slugs = await page.locator('.study-list button[data-study]').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-study')!));
      assert.ok(slugs.length >= 8);
      const problems: string[] = [];
      for (const slug of slugs) {
        await wb.openStudy(slug);
        const tabs = await page.locator('[role="tablist"] [data-tab]').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-tab')!));
        for (const tab of tabs) {
          await openTab(page, tab);
          // The tab clicked is fully in the window, its row scrolled to it if need be.
          const box = (await boxOf(page, `[data-tab="${tab}"]`))!;
          if (box.left < 0 || box.right > size.width) problems.push(`${slug} ${tab}: the tab is at ${Math.round(box.left)}–${Math.round(box.right)} px`);
          for (const p of await pastTheEdge(page)) problems.push(`${slug} ${tab}: ${p}`);
          await wb.screenshot(path.join(SHOTS, `${slug}-${tab}-${size.width}.png`));
        }
      }
      assert.deepEqual(problems, []);
    });
  }

  it('S2\'s comparison table fits at 1440; at 1024 it scrolls in its own box, the workload column fixed', async () => {
    for (const size of SIZES) {
      const { page, wb } = await open(size);
      await wb.openStudy('s2-exadata-flash-cache');
      await openTab(page, 'compare');
      const scroll = page.locator('.table-scroll:has([data-testid="speedup-table"])');
      const fit = await scroll.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, sticky: getComputedStyle(el.querySelector('tbody td')!).position }));
      if (size.width === 1440) assert.ok(fit.scroll <= fit.client, `every column in view at 1440 (${fit.scroll} > ${fit.client})`);
      assert.equal(fit.sticky, 'sticky');
      // Scrolled to its end, the last column is whole inside the box and the first still in view.
      await scroll.evaluate((el) => { el.scrollLeft = el.scrollWidth; });
      const [box, last, first] = await Promise.all([
        scroll.evaluate((el) => el.getBoundingClientRect().right),
        scroll.locator('thead th').last().evaluate((el) => el.getBoundingClientRect().right),
        scroll.locator('tbody td').first().evaluate((el) => el.getBoundingClientRect().left),
      ]);
      const left = await scroll.evaluate((el) => el.getBoundingClientRect().left);
      assert.ok(last <= box + 1, `the last column ends inside the box (${last} > ${box})`);
      assert.ok(Math.abs(first - left) < 2, 'the workload column stays at the box\'s left edge');
    }
  });

  it('the sidebar: S4\'s fourteen configurations are a count and the first three, every name on hover', async () => {
    const { page } = await open(SIZES[1]);
    const meta = page.locator('.study-list button[data-study="s4-aws-cluster"] [data-testid="study-meta"]');
    assert.equal(await meta.textContent(), '126 runs · 14 configurations: single node / shared-disk cluster / in-AZ TCP mirror and 11 more');
    assert.equal((await meta.getAttribute('title'))?.split('\n').length, 14);
    const card = await page.locator('.study-list button[data-study="s4-aws-cluster"]').evaluate((b) => b.getBoundingClientRect().height);
    assert.ok(card < 140, `the card stays short (${card} px)`);
  });

  it('S1\'s time series: a panel per volume on a month-day axis; zoomed, the axis gains the hours and the table\'s figures are the window\'s', async () => {
    const { page, wb } = await open(SIZES[0]);
    await wb.openStudy('s1-flash-migration');
    await openTab(page, 'series');
    await page.waitForSelector('[data-testid="series-detail"][data-panels="true"] .chart[data-chart="study-series"][data-state="ready"]');
    const grids = await page.evaluate(() => (window.perfdeltaCharts!['study-series']!.getOption() as { grid: unknown[] }).grid.length);
    assert.equal(grids, 5, 'five volumes, five panels');
    const axisLabels = async (): Promise<string[]> => (await chartTexts(page, 'study-series')).boxes.map((b) => b.text).filter((t) => /^\d\d-\d\d/.test(t));
    const whole = await axisLabels();
    assert.ok(whole.length >= 4 && whole.every((l) => /^\d\d-\d\d$/.test(l)), `month-day over the week: ${whole.join(', ')}`);
    const n = async (): Promise<Array<[string, number]>> => page.locator('[data-testid="top-objects"] tbody tr').evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-object')!, Number(r.lastElementChild!.textContent!.replace(/,/g, ''))] as [string, number]));
    const before = await n();
    assert.deepEqual(before.map(([, count]) => count), [2591, 2591, 2591, 2591, 2591]);
    await wb.screenshot(path.join(SHOTS, 's1-series-panels-1440.png'));

    await page.evaluate(() => (window.perfdeltaCharts!['study-series'] as unknown as { dispatchAction(a: unknown): void }).dispatchAction({ type: 'dataZoom', start: 40, end: 41 }));
    await page.waitForSelector('[data-testid="top-objects"]:not([data-window=""])');
    await page.waitForSelector('.chart[data-chart="study-series"][data-state="ready"]');
    const zoomed = await axisLabels();
    assert.ok(zoomed.length >= 2 && zoomed.every((l) => /^\d\d-\d\d \d\d:\d\d$/.test(l)), `month-day and hours when zoomed: ${zoomed.join(', ')}`);
    // Each volume's n is the samples of the window: the points the chart draws there (every one, as stored).
    const drawn = await page.evaluate(() => {
      const o = window.perfdeltaCharts!['study-series']!.getOption() as { xAxis: Array<{ min: number; max: number }>; series: Array<{ name: string; data: Array<[number, number]> }> };
      const { min, max } = o.xAxis[0]!;
      const [from, to] = [min + (max - min) * 0.4, min + (max - min) * 0.41];
      return o.series.map((s) => [s.name, s.data.filter(([t]) => t >= from && t <= to).length] as [string, number]);
    });
    const after = await n();
    assert.deepEqual(after.map(([o]) => o), before.map(([o]) => o));
    for (const [object, count] of after) {
      const inChart = drawn.find(([o]) => o === object)![1];
      assert.ok(count < 2591 && Math.abs(count - inChart) <= 1, `${object}: n = ${count}, the window's ${inChart} samples`);
    }
    assert.match(await page.locator('[data-testid="top-objects-window"]').textContent() ?? '', /^Figures over every sample from \d\d-\d\d \d\d:\d\d to \d\d-\d\d \d\d:\d\d \(Asia\/Shanghai\), the window shown\.$/);
    await wb.screenshot(path.join(SHOTS, 's1-series-zoomed-1440.png'));
  });

  it('S3\'s time series: a series with no sample in the zoomed window leaves the table', async () => {
    const { page } = await open(SIZES[1]);
    await new WorkbenchPage(page).openStudy('s3-cloud-ssd');
    await openTab(page, 'series');
    await page.locator('select[name="series-metric"]').selectOption('read.iops');
    await page.waitForSelector('[data-testid="timeseries-view"][data-metric="read.iops"][data-state="ready"] .chart[data-state="ready"]');
    const objects = (): Promise<string[]> => page.locator('[data-testid="top-objects"] tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-object')!));
    assert.equal((await objects()).length, 2, 'the 4K random read and the 1M sequential read, one after the other');
    // The first quarter of the minute: the 4K run alone.
    await page.evaluate(() => (window.perfdeltaCharts!['study-series'] as unknown as { dispatchAction(a: unknown): void }).dispatchAction({ type: 'dataZoom', start: 0, end: 25 }));
    await page.waitForSelector('[data-testid="top-objects"]:not([data-window=""])');
    assert.deepEqual(await objects(), ['randread-4k job 1']);
  });

  it('the report editor names metrics and dimensions by the catalog\'s names; the preview is in the page\'s flow, its pages within the view', async () => {
    for (const size of SIZES) {
      const { page, wb } = await open(size);
      for (const slug of ['s1-flash-migration', 's2-exadata-flash-cache']) {
        await wb.openStudy(slug);
        await openTab(page, 'reports');
        await page.waitForSelector('[data-testid="reports-view"][data-state="ready"] .pd-report[data-pages]');
        // What the editor shows: chosen options, field values, chips. A key reads like "read.lat_avg_ms" or "pattern+read_pct".
        const shown = await page.locator('.report-editor').evaluate((ed) => [
          ...[...ed.querySelectorAll('select')].map((s) => s.selectedOptions[0]?.textContent ?? ''),
          ...[...ed.querySelectorAll('input:not([type="checkbox"])')].map((i) => (i as HTMLInputElement).value),
          ...[...ed.querySelectorAll('.chip')].map((c) => c.textContent ?? ''),
        ]);
        const raw = shown.filter((s) => /^(total|read|write|trim|wait|bgwait|load|io|cpu)\.[a-z0-9_.]+$|^[a-z_]+\+[a-z_]+$|^(config|workload|day|object|period|row)$/.test(s.trim()));
        assert.deepEqual(raw, [], `${slug}: no raw key shown in the editor`);
        const preview = await page.locator('[data-testid="report-preview"]').evaluate((el) => ({
          maxHeight: getComputedStyle(el).maxHeight, scrolls: el.scrollHeight > el.clientHeight + 1, right: el.getBoundingClientRect().right,
          pages: [...el.querySelectorAll('.pd-page')].map((p) => p.getBoundingClientRect().right),
        }));
        assert.equal(preview.maxHeight, 'none');
        assert.equal(preview.scrolls, false, 'no box scrolling inside the scrolling page');
        assert.ok(preview.pages.every((r) => r <= preview.right + 1), `${slug} at ${size.width}: every page within the preview`);
      }
      await page.locator('[data-section="pivot"], [data-section="headline"]').first().evaluate((el) => el.scrollIntoView());
      await wb.screenshot(path.join(SHOTS, `report-editor-s2-${size.width}.png`));
    }
  });
});
