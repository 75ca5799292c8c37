/**
 * Names from imported files are data, never markup (issue #18 item 5). Files written here carry
 * hostile names where a user's files carry names: a table's configuration and workload columns,
 * Spectrum Control volume names (the SVC family's object names), an fio job name, AWR wait-event
 * names. They are dropped on the window like any file; then every chart kind is hovered with the
 * mouse. Nothing of the markup may become an element (a MutationObserver watches the whole
 * document), the page may not navigate (a meta refresh did, before), and each tooltip shows the
 * name as the literal text it is.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/browser.js';
import { OUTPUT_DIR, REPO_ROOT, startHost, type RunningHost } from './support/host.js';
import { WorkbenchPage } from './support/workbench-page.js';

// `<pd-evil>` is a tag nothing in the workbench uses: any such element is markup that got through.
const CONFIG_IMG = '<img src=x onerror="document.title=\'pwned\'"><pd-evil>A</pd-evil>';
const CONFIG_META = '<meta http-equiv="refresh" content="0;url=about:blank">B';
const CONFIG_THIRD = '<pd-evil>C</pd-evil> & "quoted" \'too\'';
const WORKLOAD = '<b>bold</b><pd-evil>read</pd-evil>';
const VOLUME_IMG = 'vol<img src=x onerror="document.title=\'pwned\'">0';
const VOLUME_META = '<meta http-equiv="refresh" content="0;url=about:blank">vol1';
const JOB = '<pd-evil>job</pd-evil><img src=x>';
// AWR's text tables are fixed-width: each hostile event name has the length of the one it replaces.
const FG_EVENT = { was: 'reliable message', now: '<pd-evil/>rel ms' };
const BG_EVENT = { was: 'log file parallel write', now: '<img src=x>log file pwr' };

const csvField = (s: string): string => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** The files, as a user would have them: nothing here goes through the UI's text fields. */
function writeFixtures(dir: string): { grid: string; volumes: string; fio: string[]; awr: { wb: string; wt: string } } {
  fs.mkdirSync(dir, { recursive: true });
  // A results table: three configurations x two workloads x four thread counts, three
  // repetitions each (repetitions, scaling over threads, a heat map of three configurations).
  const rows = ['config,workload,threads,IOPS,Latency (ms)'];
  [CONFIG_IMG, CONFIG_META, CONFIG_THIRD].forEach((config, c) => {
    for (const [w, workload] of [WORKLOAD, 'seq write'].entries()) {
      for (const threads of [1, 2, 4, 8]) {
        for (const rep of [0.97, 1, 1.04]) {
          const iops = Math.round((1000 + 400 * c + 150 * w) * Math.sqrt(threads) * rep);
          rows.push([csvField(config), csvField(workload), threads, iops, ((threads * 1000) / iops).toFixed(3)].join(','));
        }
      }
    }
  });
  const grid = path.join(dir, 'results.csv');
  fs.writeFileSync(grid, rows.join('\n') + '\n');

  // Spectrum Control volume statistics (its documented column names), hostile volume names.
  const header = '"Volume","Pool","Time","Overall Read I/O Rate (ops/s)","Overall Write I/O Rate (ops/s)","Read Response Time (ms/op)","Write Response Time (ms/op)"';
  const lines = [header];
  for (let i = 0; i < 12; i++) {
    const time = new Date(Date.UTC(2024, 2, 25, 18, 0) + i * 300_000).toISOString().replace('.000Z', '+00:00');
    [VOLUME_IMG, VOLUME_META].forEach((v, k) => lines.push([csvField(v), 'Pool0', time, 100 + 10 * i + k, 50 + 5 * i + 200 * k, 1 + k + i / 10, 0.5 + i / 20 + k].join(',')));
  }
  const volumes = path.join(dir, 'volumes.csv');
  fs.writeFileSync(volumes, lines.join('\r\n') + '\r\n');

  // A real fio json+ run and its IOPS log, the job renamed.
  const fioDir = path.join(dir, 'fio');
  fs.mkdirSync(fioDir);
  const src = path.join(REPO_ROOT, 'samples', 'fio', 'detail');
  const doc = JSON.parse(fs.readFileSync(path.join(src, 'randrw70.json'), 'utf8')) as { jobs: Array<{ jobname: string }> };
  doc.jobs[0]!.jobname = JOB;
  fs.writeFileSync(path.join(fioDir, 'randrw70.json'), JSON.stringify(doc, null, 2));
  fs.copyFileSync(path.join(src, 'randrw70_iops.1.log'), path.join(fioDir, 'randrw70_iops.1.log'));

  // The S2 AWR reports with two events renamed.
  const awr = (name: string): string => {
    let text = fs.readFileSync(path.join(REPO_ROOT, 'samples', 'awr', name), 'utf8');
    for (const e of [FG_EVENT, BG_EVENT]) {
      assert.equal(e.was.length, e.now.length);
      text = text.split(e.was).join(e.now);
    }
    const out = path.join(dir, name);
    fs.writeFileSync(out, text);
    return out;
  };
  return {
    grid, volumes,
    fio: [path.join(fioDir, 'randrw70.json'), path.join(fioDir, 'randrw70_iops.1.log')],
    awr: { wb: awr('write-back.txt'), wt: awr('write-through.txt') },
  };
}

/**
 * Runs in the page before anything else: records every element made from markup in a name. A
 * string, not a function: the test runner's transpiler would add helpers the page lacks.
 */
const WATCH_FOR_INJECTED_ELEMENTS = `
  window.__injected = [];
  const suspicious = (el) => el.localName === 'pd-evil' || (el.localName === 'img' && el.getAttribute('src') === 'x')
    || (el.localName === 'meta' && /refresh/i.test(el.getAttribute('http-equiv') || '')) || (el.localName === 'b' && el.textContent === 'bold') || el.hasAttribute('onerror');
  new MutationObserver((records) => {
    for (const r of records) for (const node of r.addedNodes) {
      if (!(node instanceof Element)) continue;
      for (const el of [node, ...node.querySelectorAll('*')]) if (suspicious(el)) window.__injected.push(el.outerHTML);
    }
  }).observe(document, { childList: true, subtree: true });
`;

describe('hostile names from imported files stay text in every chart (web host in Chromium)', () => {
  let host: RunningHost;
  let browser: Browser;
  let page: Page;
  let wb: WorkbenchPage;
  let files: ReturnType<typeof writeFixtures>;
  const navigations: string[] = [];

  before(async () => {
    fs.mkdirSync(OUTPUT_DIR, { recursive: true });
    host = await startHost();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.on('pageerror', (err) => assert.fail(`page error: ${err.message}`));
    await page.addInitScript({ content: WATCH_FOR_INJECTED_ELEMENTS });
    wb = new WorkbenchPage(page);
    await wb.open(host.url);
    page.on('framenavigated', (f) => { if (f === page.mainFrame()) navigations.push(f.url()); });
    files = writeFixtures(fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-hostile-')));
  });
  after(async () => {
    await browser?.close();
    await host?.stop();
  });

  /** Nothing injected, no navigation, the page still the workbench. */
  const assertClean = async (where: string): Promise<void> => {
    const injected = await page.evaluate(() => (window as unknown as { __injected: string[] }).__injected);
    assert.deepEqual(injected, [], `${where}: elements made from names`);
    assert.deepEqual(navigations, [], `${where}: the page navigated`);
    assert.notEqual(await page.title(), 'pwned', where);
    assert.equal(await page.locator('.app[data-state="ready"]').count(), 1, `${where}: the workbench is gone`);
  };

  const importFiles = async (paths: string[], study: string, config: string): Promise<void> => {
    await wb.dropFiles(paths);
    const rows = await wb.sheetRows();
    assert.ok(rows.every((r) => r.error === '' && r.runs > 0 || r.file.endsWith('.log')), JSON.stringify(rows));
    await wb.confirmImport(study, config);
    await wb.closeSheet();
  };

  /**
   * Moves the mouse onto one drawn item of a chart (its layout, else its value converted to
   * pixels) and returns the tooltip that appears: its text and its HTML.
   */
  const hover = async (chartId: string, seriesIndex: number, dataIndex: number): Promise<{ text: string; html: string }> => {
    await page.mouse.move(0, 0);
    await page.locator(`.chart[data-chart="${chartId}"]`).scrollIntoViewIfNeeded();
    const at = await page.evaluate(({ chartId, seriesIndex, dataIndex }) => {
      type Layout = number[] | { x: number; y: number; width?: number; height?: number } | undefined;
      const chart = (window.perfdeltaCharts as unknown as Record<string, {
        getDom(): HTMLElement;
        getModel(): { getSeriesByIndex(i: number): { getData(): { getItemLayout(i: number): Layout; getValues(i: number): number[] } } };
        convertToPixel(finder: { seriesIndex: number }, value: number[]): number[];
      }>)[chartId]!;
      const data = chart.getModel().getSeriesByIndex(seriesIndex).getData();
      const layout = data.getItemLayout(dataIndex);
      let xy: number[];
      if (Array.isArray(layout) && layout.length >= 2) xy = layout;
      // A bar of zero width (an event at 0 %) is hovered just beside its start: the axis' band still holds it.
      else if (layout && !Array.isArray(layout) && typeof layout.x === 'number') xy = [layout.x + Math.max(6, (layout.width ?? 0) / 2), layout.y + (layout.height ?? 0) / 2];
      else xy = chart.convertToPixel({ seriesIndex }, data.getValues(dataIndex));
      const box = chart.getDom().getBoundingClientRect();
      return { x: box.left + xy[0]!, y: box.top + xy[1]! };
    }, { chartId, seriesIndex, dataIndex });
    await page.mouse.move(at.x - 3, at.y - 3);
    await page.mouse.move(at.x, at.y, { steps: 3 });
    // ECharts' tooltip is the chart element's child that holds no canvas.
    const tip = page.locator(`.chart[data-chart="${chartId}"] > div:not(:has(canvas))`).filter({ hasText: /\S/ });
    await tip.first().waitFor({ state: 'visible' });
    return tip.first().evaluate((el) => ({ text: el.textContent ?? '', html: el.innerHTML }));
  };

  const expectLiteral = (tip: { text: string }, names: string[], where: string): void => {
    for (const n of names) assert.ok(tip.text.includes(n), `${where}: tooltip ${JSON.stringify(tip.text)} lacks the literal ${JSON.stringify(n)}`);
  };

  const chartReady = (id: string): Promise<unknown> => page.waitForSelector(`.chart[data-chart="${id}"][data-state="ready"]`);

  it('a results table: compare bars, normalised bars, repetitions, the heat map and scaling', async () => {
    await importFiles([files.grid], 'hostile grid', 'table');
    await wb.openStudy('hostile-grid');
    await assertClean('after import');

    await page.locator('[data-tab="compare"]').click();
    const view = page.locator('[data-testid="compare-view"]');
    await view.locator('select[name="baseline"]').selectOption(CONFIG_IMG);
    await view.locator('select[name="candidate"]').selectOption(CONFIG_META);
    await view.locator('select[name="metric"]').selectOption('total.iops');
    await page.waitForFunction((want) => document.querySelector('[data-testid="compare-view"]')?.getAttribute('data-result') === want, `${CONFIG_IMG}|${CONFIG_META}|total.iops`);
    await chartReady('compare-bars');
    const bars = await hover('compare-bars', 1, 0);
    expectLiteral(bars, [CONFIG_IMG, CONFIG_META], 'compare bars');
    await assertClean('compare bars');

    await view.locator('input[name="normalised"]').check();
    await page.waitForFunction(() => String((window.perfdeltaCharts!['compare-bars']!.getOption() as { yAxis: Array<{ name: string }> }).yAxis[0]!.name).startsWith('×'));
    expectLiteral(await hover('compare-bars', 1, 0), [CONFIG_IMG, CONFIG_META], 'normalised bars');
    await assertClean('normalised bars');
    await view.locator('input[name="normalised"]').uncheck();

    await view.locator('input[name="repetitions"]').check();
    await chartReady('compare-repetitions');
    expectLiteral(await hover('compare-repetitions', 0, 0), [CONFIG_IMG], 'repetitions (baseline)');
    expectLiteral(await hover('compare-repetitions', 1, 0), [CONFIG_META], 'repetitions (candidate)');
    await assertClean('repetitions');

    await chartReady('speedup-heatmap');
    const workloads = await page.evaluate(() => (window.perfdeltaCharts!['speedup-heatmap']!.getOption() as { xAxis: Array<{ data: string[] }> }).xAxis[0]!.data);
    const hostileColumn = workloads.findIndex((w) => w.includes(WORKLOAD));
    assert.ok(hostileColumn >= 0, `a heat-map column names ${WORKLOAD}: ${JSON.stringify(workloads)}`);
    const candidates = await page.evaluate(() => (window.perfdeltaCharts!['speedup-heatmap']!.getOption() as { yAxis: Array<{ data: string[] }> }).yAxis[0]!.data);
    for (let row = 0; row < candidates.length; row++) {
      const tip = await hover('speedup-heatmap', 0, row * workloads.length + hostileColumn);
      expectLiteral(tip, [candidates[row]!, WORKLOAD], `heat map row ${row}`);
    }
    assert.ok(candidates.includes(CONFIG_META) && candidates.includes(CONFIG_THIRD), JSON.stringify(candidates));
    await assertClean('heat map');

    await page.locator('[data-tab="scaling"]').click();
    await page.waitForSelector('[data-testid="scaling-view"][data-state="ready"]');
    await page.locator('select[name="scaling-x"]').selectOption('threads');
    await page.waitForSelector('[data-testid="scaling-view"][data-state="ready"] .chart[data-chart="scaling"][data-state="ready"]');
    const workloadSelect = page.locator('select[name="scaling-workload"]');
    if (await workloadSelect.count()) {
      const values = await workloadSelect.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
      await workloadSelect.selectOption(values.find((v) => v.includes(WORKLOAD))!);
    }
    const names = await page.evaluate(() => (window.perfdeltaCharts!['scaling']!.getOption() as { series: Array<{ name: string }> }).series.map((s) => s.name));
    for (const [i, name] of names.entries()) expectLiteral(await hover('scaling', i, 3), [name], `scaling line ${i}`);
    assert.deepEqual(new Set(names), new Set([CONFIG_IMG, CONFIG_META, CONFIG_THIRD]));
    await assertClean('scaling');
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'hostile-scaling.png') });
  });

  it('Spectrum Control volumes: the time series and the write scatter', async () => {
    await importFiles([files.volumes], 'hostile volumes', 'svc');
    await wb.openStudy('hostile-volumes');
    await page.locator('[data-tab="series"]').click();
    await page.waitForSelector('[data-testid="timeseries-view"][data-state="ready"] .chart[data-chart="study-series"][data-state="ready"]');
    const objects = await page.evaluate(() => (window.perfdeltaCharts!['study-series']!.getOption() as { series: Array<{ name: string }> }).series.map((s) => s.name));
    assert.deepEqual(new Set(objects), new Set([VOLUME_IMG, VOLUME_META]));
    expectLiteral(await hover('study-series', 0, 3), [VOLUME_IMG, VOLUME_META], 'time series');
    await assertClean('time series');
    await chartReady('write-scatter');
    const scatterNames = await page.evaluate(() => (window.perfdeltaCharts!['write-scatter']!.getOption() as { series: Array<{ name: string }> }).series.map((s) => s.name));
    for (const [i, name] of scatterNames.entries()) expectLiteral(await hover('write-scatter', i, 2), [name], `write scatter ${i}`);
    await assertClean('write scatter');
  });

  it('an fio job: the overlaid latency CDF and the series aligned at t = 0', async () => {
    await importFiles(files.fio, 'hostile fio', 'disk');
    await wb.openStudy('hostile-fio');
    await page.locator('[data-tab="overlay"]').click();
    await page.waitForSelector('[data-testid="overlay-view"][data-state="ready"]');
    for (const [kind, id] of [['latency-cdf', 'latency-distribution'], ['run-series', 'series-overlay']] as const) {
      await page.locator('select[name="overlay-kind"]').selectOption(kind);
      await page.waitForSelector(`[data-testid="overlay-view"][data-kind="${kind}"][data-state="ready"] .chart[data-chart="${id}"][data-state="ready"]`);
      expectLiteral(await hover(id, 0, 5), [JOB], kind);
      await assertClean(kind);
    }
  });

  it('AWR wait events: the foreground and background event charts', async () => {
    await importFiles([files.awr.wb], 'hostile awr', 'write-back');
    await importFiles([files.awr.wt], 'hostile awr', 'write-through');
    await wb.openStudy('hostile-awr');
    await page.locator('[data-tab="waits"]').click();
    for (const [kind, event] of [['foreground', FG_EVENT.now], ['background', BG_EVENT.now]] as const) {
      await page.locator('select[name="waits-kind"]').selectOption(kind);
      // An event on one side only is named with where it ran ("… · only in write-back").
      const named = (row: string, e: string): boolean => row === e || row.startsWith(`${e} · `);
      await page.waitForFunction((e) => ((window.perfdeltaCharts?.['wait-events']?.getOption() as { yAxis: Array<{ data: string[] }> } | undefined)?.yAxis[0]?.data ?? []).some((r) => r === e || r.startsWith(`${e} · `)), event);
      const rows = await page.evaluate(() => (window.perfdeltaCharts!['wait-events']!.getOption() as { yAxis: Array<{ data: string[] }> }).yAxis[0]!.data);
      expectLiteral(await hover('wait-events', 0, rows.findIndex((r) => named(r, event))), [event], `${kind} wait events`);
      assert.ok(((await page.locator('[data-testid="waits-table"]').textContent()) ?? '').includes(event), 'the table shows the name as text');
      await assertClean(`${kind} wait events`);
    }
  });
});
