/**
 * Each sample study opens on its own strongest view, the Runs tab has each tool's own columns,
 * warnings name and link their runs, and a normal load makes no failed request. The listeners
 * are attached before the first navigation, so nothing the page asks for escapes them (the
 * favicon and /rpc 404s of issue 20 included). Every study's Runs, Compare, Scaling and Time
 * series views are saved in English and Chinese under e2e/output/views for a person to look at.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/browser.js';
import { OUTPUT_DIR, REPO_ROOT, startHost, type RunningHost } from './support/host.js';
import { WorkbenchPage } from './support/workbench-page.js';

const VIEWS = ['runs', 'compare', 'scaling', 'series'] as const;
const SHOTS = path.join(OUTPUT_DIR, 'views');

/** Per table of the Runs tab: its tool, its headers, and whether each column holds anything but dashes. */
async function runsTables(page: Page): Promise<Array<{ config: string; tool: string; headers: string[]; filled: boolean[]; rows: string[][] }>> {
  return page.locator('[data-testid="runs-table"] .tool-group').evaluateAll((groups) => groups.map((g) => {
    const headers = [...g.querySelectorAll('thead th:not(.tick)')].map((th) => th.textContent ?? '');
    const rows = [...g.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td:not(.tick)')].map((td) => td.textContent ?? ''));
    return {
      config: g.closest('[data-config]')?.getAttribute('data-config') ?? '',
      tool: g.getAttribute('data-tool') ?? '',
      headers,
      filled: headers.map((_, i) => rows.some((r) => (r[i] ?? '–') !== '–')),
      rows,
    };
  }));
}

describe('the sample studies open on their strongest views', () => {
  let host: RunningHost;
  let browser: Browser;
  let page: Page;
  let wb: WorkbenchPage;
  const failures: string[] = [];

  before(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    // `perfdelta serve` as a user starts it, on an empty data folder: the first launch loads the samples.
    host = await startHost({ firstLaunch: true });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.on('pageerror', (err) => failures.push(`page error: ${err.message}`));
    // Before the first navigation: every response and every failed load is seen.
    page.on('response', (r) => { if (r.status() >= 400) failures.push(`${r.status()} ${r.request().method()} ${r.url().replace(/token=[^&]+/, 'token=…')} ${(r.request().postData() ?? '').slice(0, 120)}`); });
    page.on('requestfailed', (r) => failures.push(`failed ${r.url()}: ${r.failure()?.errorText ?? ''}`));
    // Chromium's own loads (the favicon) reach no response listener: the console reports them.
    page.on('console', (m) => { if (m.type() === 'error') failures.push(`console: ${m.text()}`); });
    wb = new WorkbenchPage(page);
    await wb.open(host.url);
  });
  after(async () => { await browser?.close(); await host?.stop(); });

  const openTab = async (tab: string): Promise<void> => {
    await page.locator(`[data-tab="${tab}"]`).click();
    await page.waitForFunction(() => !document.querySelector('[role="tabpanel"] [data-state="loading"]'));
  };

  it('perfdelta serve on an empty data folder loads the sample studies, as npm start does', async () => {
    const samples = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'samples', 'studies.json'), 'utf8')) as { studies: Array<{ slug: string }> }).studies.map((s) => s.slug);
    const listed = await page.locator('.study-list button[data-study]').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-study')!));
    assert.deepEqual([...listed].sort(), [...samples].sort());
  });

  it('S5 opens Compare on NOPM over the virtual-user sweep, Scaling on virtual users, Runs with each tool\'s columns', async () => {
    await wb.openStudy('s5-rook-ceph-optane');
    await openTab('compare');
    await page.waitForSelector('[data-testid="compare-view"][data-result="baseline|config-1|nopm"] .chart[data-state="ready"]');
    assert.equal(await page.locator('select[name="metric"]').inputValue(), 'nopm', 'not a minor COSBench pair');
    assert.equal((await wb.speedupTable()).length, 7, 'seven virtual-user counts in common');

    await openTab('scaling');
    const scaling = page.locator('[data-testid="scaling-view"]');
    assert.deepEqual([await scaling.getAttribute('data-x'), await scaling.getAttribute('data-metric')], ['vus', 'nopm']);
    // HammerDB measures no latency: the knee reads Little's law, and the latency choice says so.
    await page.waitForFunction(() => document.querySelector('select[name="scaling-latency"] option[value=""]')?.textContent === 'none measured: Little\'s law');

    await openTab('runs');
    const tables = await runsTables(page);
    const of = (config: string, tool: string) => tables.find((t) => t.config === config && t.tool === tool)!;
    assert.deepEqual(of('baseline', 'hammerdb').headers, ['Run', 'Virtual users', 'New orders per minute (NOPM)', 'Transactions per minute (TPM)', 'Source file']);
    assert.ok(of('baseline', 'hammerdb').rows.some((r) => r[1] === '8' && r[2] === '2,544' && r[3] === '7,718'), 'HammerDB at 8 VU: 2,544 NOPM, 7,718 TPM');
    assert.deepEqual(of('baseline', 'cockroach').headers.slice(3, 5), ['Operations per second (ops/s)', 'total latency p99 (ms)']);
    assert.ok(of('baseline', 'cockroach').rows.some((r) => r[0] === 'bank' && r[3] === '504.4'));
    for (const t of tables) assert.ok(t.filled.every(Boolean), `${t.config} ${t.tool}: no all-dash column (${t.headers.filter((_, i) => !t.filled[i]).join(', ')})`);
  });

  it('S2 opens Compare on its top wait event\'s average wait (not active sessions, a volume with no verdict), Scaling on sessions, Runs with AWR\'s columns', async () => {
    await wb.openStudy('s2-exadata-flash-cache');
    await openTab('compare');
    await page.waitForSelector('[data-testid="compare-view"][data-result="write-through|write-back|wait.cell_single_block_physical_read.avg_ms"] .chart[data-state="ready"]');
    const [row] = await wb.speedupTable();
    // Write-back halves the single-block read wait (0.46 ms to 0.276 ms, computed from total wait time / waits): a speedup with a verdict.
    assert.deepEqual([row!.baseline, row!.candidate, row!.speedup.slice(0, 5)], ['0.460', '0.276', '1.67x']);

    await openTab('scaling');
    assert.equal(await page.locator('[data-testid="scaling-view"]').getAttribute('data-x'), 'sessions');

    await openTab('runs');
    const tables = await runsTables(page);
    const wt = tables.find((t) => t.config === 'write-through')!;
    assert.deepEqual(wt.headers.slice(1, 5), ['Sessions', 'DB time (s)', 'Average active sessions', 'Top wait event']);
    assert.deepEqual(wt.rows[0]!.slice(1, 5), ['392', '19,347', '63.85', 'free buffer waits']);
    assert.match(wt.headers[5]!, /redo/i);
    for (const t of tables) assert.ok(t.filled.every(Boolean), `${t.config}: no all-dash column`);
  });

  it('S3\'s sysbench run shows TPS, QPS and p95; the fio runs their completion latency', async () => {
    await wb.openStudy('s3-cloud-ssd');
    await openTab('runs');
    const tables = await runsTables(page);
    const sysbench = tables.find((t) => t.tool === 'sysbench')!;
    assert.deepEqual(sysbench.headers.slice(3, 6), ['Transactions per second (TPS)', 'Queries per second (QPS)', 'total latency p95 (ms)']);
    assert.deepEqual(sysbench.rows[0]!.slice(3, 6), ['869.3', '18,265', '61.08']);
    assert.ok(tables.find((t) => t.tool === 'fio')!.headers.includes('total mean completion latency (ms)'));
  });

  it('S4 and the block-size sweep open Scaling on the load swept, never on block size', async () => {
    await wb.openStudy('fio-bs-qd-sweep');
    await openTab('scaling');
    assert.equal(await page.locator('[data-testid="scaling-view"]').getAttribute('data-x'), 'iodepth');
    await wb.openStudy('s4-aws-cluster');
    await openTab('scaling');
    await page.waitForSelector('[data-testid="scaling-no-load"]');
    assert.equal(await page.locator('[data-testid="scaling-view"]').getAttribute('data-x'), '');
  });

  it('runs that ran on different days open aligned at t = 0 in Time series', async () => {
    await wb.openStudy('fio-output-shapes');
    await openTab('series');
    await page.waitForSelector('[data-testid="series-aligned"]');
    assert.equal(await page.locator('[data-testid="timeseries-view"]').getAttribute('data-aligned'), 'true');
    assert.equal(await page.locator('input[name="series-align"]').isChecked(), true);
  });

  it('a warning is printed once, names its runs as the user sees them and opens them in the Runs tab', async () => {
    await wb.openStudy('fio-disk-vs-tmpfs');
    await openTab('compare');
    await page.waitForSelector('[data-testid="compare-view"][data-result="disk|tmpfs|total.iops"] .chart[data-state="ready"]');
    const items = page.locator('[data-testid="compare-warnings"] > ul > li');
    const texts = await items.evaluateAll((lis) => lis.map((li) => li.querySelector('strong')?.textContent ?? ''));
    assert.ok(texts.includes('Runtime under 60 s: results may not have reached steady state.'));
    const whole = (await page.locator('[data-testid="compare-warnings"]').textContent()) ?? '';
    for (const t of texts) assert.equal(whole.toLowerCase().split(t.toLowerCase().replace(/\.$/, '')).length - 1, 1, `"${t}" printed once`);
    // Direct I/O differs: the specifics beside the sentence.
    assert.match((await page.locator('[data-code="different-direct"]').textContent()) ?? '', /baseline: 1; candidate: 0/);
    // Six single runs a side: the runs fold under their count, each named configuration · workload · file.
    const single = page.locator('[data-code="single-run"]');
    assert.match((await single.locator('summary').textContent()) ?? '', /^12 runs$/);
    await single.locator('summary').click();
    const link = single.locator('button[data-run]').first();
    assert.match((await link.textContent()) ?? '', /^(disk|tmpfs) · 4K random read QD1 ×1 · [\w.-]+\.json$/);
    const id = await link.getAttribute('data-run');
    await link.click();
    await page.waitForSelector(`[data-testid="runs-table"] tr[data-run="${id}"].open`);
    assert.equal(await page.locator('[data-tab="runs"]').getAttribute('aria-selected'), 'true');
    // The roll-up reads "6.15x · 0 better, 0 worse, 6 ties", its parts apart: one run a side is no test.
    await openTab('compare');
    await page.waitForSelector('[data-testid="geomean"]');
    assert.match((await page.locator('[data-testid="geomean"]').textContent()) ?? '', /\d\.\d\dx · 0 better, 0 worse, 6 ties .*untested, counted as ties\. By the tie band alone: 6 better, 0 worse\./);
  });

  it('the reports view has one Report language selector once a report exists', async () => {
    await wb.openStudy('s2-exadata-flash-cache');
    await openTab('reports');
    if (await page.locator('select[name="report-layout-locale"]').count() === 0) {
      await page.locator('button[name="create-report"]').click();
      await page.waitForSelector('select[name="report-layout-locale"]');
    }
    assert.equal(await page.locator('select[name="report-locale"]').count(), 0);
    assert.equal(await page.locator('label:has-text("Report language")').count(), 1);
  });

  it('every sample study\'s views in English and Chinese: saved for a person to look at, with no failed request', async () => {
    const slugs = await page.locator('.study-list button[data-study]').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-study')!));
    assert.ok(slugs.length >= 8);
    for (const locale of ['en', 'zh-CN'] as const) {
      await page.locator('select[aria-label="Language"], select[aria-label="语言"]').selectOption(locale);
      await page.waitForFunction((l) => document.documentElement.lang === l, locale);
      for (const slug of slugs) {
        await wb.openStudy(slug);
        for (const view of VIEWS) {
          await openTab(view);
          await page.waitForFunction(() => [...document.querySelectorAll('[role="tabpanel"] .chart')].every((c) => c.getAttribute('data-state') === 'ready'));
          await wb.screenshot(path.join(SHOTS, `${slug}-${view}-${locale}.png`));
        }
      }
      // The other tabs are part of a normal load too.
      for (const slug of slugs) {
        await wb.openStudy(slug);
        for (const tab of await page.locator('[role="tablist"] [data-tab]').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-tab')!))) await openTab(tab);
      }
    }
    assert.deepEqual(failures, [], 'no failed request, no error in the console');
  });
});
