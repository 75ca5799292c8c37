/**
 * Each sample study's report printed as a manager receives it, read back with pdftotext: the
 * tables and figures the study published are in it as values (S1's day × volume read response
 * and its pre-go-live grids, S2's wait events side by side, S3's jitter as a number, S4's CPU
 * overhead in percentage points, S5's geometric mean without the COSBench housekeeping stages),
 * a regression is neither styled nor worded as a win, and the Chinese report is Chinese
 * throughout. Every page goes to PNG in e2e/output for a person to look at.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { Core } from '../app/core/core.js';
import { coefficientOfVariationPct } from '../app/core/series/variation.js';
import { OUTPUT_DIR, type RunningHost } from './support/host.js';
import { hasPoppler, pdfText, pdfToPngs } from './support/pdf.js';
import { WorkbenchPage } from './support/workbench-page.js';
import { closeWorkbench, openWorkbench } from './support/session.js';

const needPoppler = hasPoppler() ? {} : { skip: 'pdftotext/pdftoppm (poppler-utils) are not installed' };

async function openReport(page: Page, wb: WorkbenchPage, slug: string, report: string): Promise<void> {
  await wb.openStudy(slug);
  await page.locator('[data-tab="reports"]').click();
  await page.waitForSelector('[data-testid="reports-view"][data-state="ready"] [data-testid="report-preview"] .pd-page');
  if (await page.locator('input[name="report-name"]').inputValue() !== report) {
    await page.locator('select[name="report"]').selectOption({ label: report });
    await page.waitForFunction((name) => document.querySelector<HTMLInputElement>('input[name="report-name"]')?.value === name, report);
    await page.waitForSelector('[data-testid="reports-view"][data-state="ready"] [data-testid="report-preview"] .pd-page');
  }
  await page.waitForSelector('.pd-report[data-fonts="complete"]');
}

/** Prints the shown report through the Export PDF button; its text with runs of blanks as one space, and the page PNGs written. */
async function printed(page: Page, file: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 90_000 }), page.locator('button[name="export-pdf"]').click()]);
  const out = path.join(OUTPUT_DIR, file);
  await download.saveAs(out);
  assert.ok(pdfToPngs(out).length >= 3, 'title page, contents, sections');
  return pdfText(out).replace(/[ \t]+/g, ' ');
}

/** A headline card in the preview: its verdict class and the colour its big figure is drawn in. */
async function headline(page: Page, text: string): Promise<{ verdict: string | null; colour: string }> {
  const card = page.locator('.pd-page .pd-headline', { has: page.locator('.big', { hasText: text }) }).first();
  return {
    verdict: await card.getAttribute('data-verdict'),
    colour: await card.locator('.big').evaluate((el) => getComputedStyle(el).color),
  };
}

const GREEN = 'rgb(0, 115, 77)';
const RED = 'rgb(179, 38, 30)';

describe('the sample reports print the studies\' published tables', () => {
  let host: RunningHost;
  let browser: Browser;
  let page: Page;
  let wb: WorkbenchPage;

  before(async () => {
    ({ host, browser, page, wb } = await openWorkbench({ loadSamples: true }));
  });
  after(() => closeWorkbench({ host, browser }));

  it('S1: a regression is red and "slower", the day × volume table and the five pre-go-live grids are printed as values', needPoppler, async () => {
    await openReport(page, wb, 's1-flash-migration', 'Flash migration');
    assert.deepEqual(await headline(page, '32.06x slower'), { verdict: 'worse', colour: RED }, 'the thin write penalty is not styled as a win');
    assert.deepEqual(await headline(page, '16.16x faster'), { verdict: 'better', colour: GREEN });
    assert.equal(await page.locator('.pd-table td.verdict-worse').count() > 0 || await page.locator('.pd-table td.verdict-better').count() > 0, true, 'table ratios carry their verdict');
    const text = await printed(page, 'published-s1.pdf');
    assert.match(text, /32\.06x slower/);
    assert.match(text, /Data as of 2017-09-15 · recorded 2017-08-21 to 2017-09-15 \(Asia\/Shanghai\)/, 'the data\'s own dates, not today');
    // Day × volume: the four volumes' means, then their maxima, the margins beside them.
    assert.match(text, /before 2017-09-08 7\.640 6\.180 8\.340 6\.460 7\.155\n 10\.46 8\.990 12\.84 7\.660 9\.988/);
    assert.match(text, /after 2017-09-15 0\.675 0\.970 1\.255 1\.340 1\.060\n 1\.020 1\.480 2\.170 2\.910 1\.895/);
    // Config A's grid: IOPS, MB/s and ms stacked in each cell, RR RW RM SR SW SM across.
    assert.match(text, /FS840 raw[\s\S]{0,400}4K 307,135\.53 293,871\.81 299,106\.01 309,636\.30 240,655\.33 275,673\.79\n 1,199\.75 1,147\.94 1,168\.38 1,209\.52 940\.06 1,076\.85\n 0\.831 0\.868 0\.853 0\.823 1\.060 0\.925/);
    assert.match(text, /FS840 thin[\s\S]{0,400}4K 280,605\.31 8,486\.06 50,753\.15/, 'thin volumes write far worse');
    for (const config of ['FS840 thick', 'V7000 thick', 'V7000 thin']) assert.match(text, new RegExp(`${config} ?\n[^\n]*Each cell`), `a grid for ${config}`);
    assert.ok(!/\/(tmp|home|root|Users)\//.test(text), 'no absolute path of this machine in the evidence');
    assert.ok(!/total\.iops|read\.lat_avg_ms/.test(text), 'metric names from the catalog, never ids');
  });

  it('S1 in Chinese: Chinese section titles and headings, the same table values', needPoppler, async () => {
    await openReport(page, wb, 's1-flash-migration', '闪存迁移（中文）');
    const text = await printed(page, 'published-s1-zh.pdf');
    for (const s of ['主要结论', '四个 DB2 卷每天白天的读响应时间', '证据附录', '源文件', '公式', '数据截至 2017-09-15']) assert.ok(text.includes(s), `the PDF says "${s}"`);
    for (const s of ['Headline', 'Evidence', 'Source files', 'Formulas', 'Warnings', 'Data as of']) assert.ok(!text.includes(s), `no English heading "${s}"`);
    assert.match(text, /before 2017-09-08 7\.640 6\.180 8\.340 6\.460 7\.155/);
    assert.match(text, /4K 307,135\.53/);
  });

  it('S2: the top wait events of both modes side by side, free buffer waits (63.0% of DB time) shown for write-through only; SQL by elapsed time', needPoppler, async () => {
    await openReport(page, wb, 's2-exadata-flash-cache', 'Write-back against write-through');
    const text = await printed(page, 'published-s2.pdf');
    assert.match(text, /free buffer waits – 63\.0 – 11\.72 – 1,039,389/);
    assert.match(text, /cell single block physical read 68\.1 22\.0/);
    assert.match(text, /db file parallel write 19\.1 7\.40 1\.000 21\.74 395,538 7,019/);
    // Each cell: elapsed, executions, % DB time, one per line; the same SQL ID on both sides.
    assert.match(text, /g7ac5u7zzfbyd UPDATE CF1 SET[^\n]* 1,996\.3 16,087\.4\n[^\n]* 88,329 32,140\n[^\n]* 83\.1 83\.2/);
  });

  it('S3: the write jitter is printed as a number, the CV of the fio IOPS log', needPoppler, async () => {
    await openReport(page, wb, 's3-cloud-ssd', 'Cloud SSD against its limits');
    const text = await printed(page, 'published-s3.pdf');
    const core = new Core(path.join(host.home, 'perfdelta.sqlite'));
    let cv: number;
    try {
      const run = core.runs({ study: 's3-cloud-ssd' }).find((r) => r.name === 'randwrite-4k')!;
      cv = coefficientOfVariationPct(core.series(run.id, 'write.iops')[0]!.points.map((p) => p[1]))!;
    } finally {
      core.close();
    }
    assert.match(text, new RegExp(`4K random write QD32 ×1 20,0\\d\\d ${cv.toFixed(2).replace('.', '\\.')} `), `the write IOPS log's CV, ${cv.toFixed(2)}%`);
    assert.match(text, /CV of the/, 'the column says what the number is');
  });

  it('S4: throughput and CPU beside IOPS; the CPU overhead in percentage points', needPoppler, async () => {
    await openReport(page, wb, 's4-aws-cluster', 'Five configurations and tuning');
    assert.equal((await headline(page, '1.99x slower')).colour, RED, 'the in-AZ mirror\'s halved IOPS is a regression');
    const tie = await headline(page, 'within the tie band');
    assert.equal(tie.verdict, 'tie');
    assert.notEqual(tie.colour, GREEN);
    const text = await printed(page, 'published-s4.pdf');
    assert.match(text, /CPU overhead of the in-AZ TCP mirror\n+ CPU utilisation \+1\.\d pp/);
    assert.match(text, /IOPS \/ MB\/s \/ %/);
    assert.match(text, /4K random read QD8 1 thread 2,012 1,998 1,107 1,127 805\n 8\.24 8\.18 4\.53 4\.62 3\.30\n 6\.2 6\.5 7\.7 7\.7 7\.8/);
    assert.match(text, /CPU utilisation \+0\.\d pp/, 'the CPU table, pair by pair');
    assert.ok(!/within the tie band \(-0\.7%\)[\s\S]{0,20}faster/.test(text));
  });

  it('S5: the geometric mean over every workload leaves the COSBench init, prepare and cleanup stages out, and the evidence says so', needPoppler, async () => {
    await openReport(page, wb, 's5-rook-ceph-optane', 'Optane PMem and Open CAS');
    const text = await printed(page, 'published-s5.pdf');
    assert.match(text, /Throughput over every workload \(geometric mean, COSBench init\/prepare\/cleanup left out\)\n+ 146\.6% of baseline/);
    assert.match(text, /geometric mean of the speedups over 4 workloads/);
    assert.match(text, /Workload filter: stage ≠ \*init, \*prepare, \*cleanup \(9 runs left out; runs without stage are kept\)/);
    assert.ok(!/s1-init|s2-prepare|s5-cleanup/.test(text.slice(0, text.indexOf('Evidence'))), 'no housekeeping stage in any table');
  });

  it('Compare: the same workload filter leaves the COSBench stages out of the pairs and the geometric mean; colours follow the verdict', async () => {
    await wb.openStudy('s5-rook-ceph-optane');
    await wb.compare('baseline', 'config-2', 'ops_per_s');
    const rows = async (): Promise<string[]> => page.locator('[data-testid="speedup-table"] tbody tr').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-workload') ?? ''));
    assert.ok((await rows()).some((w) => /init|prepare|cleanup/.test(w)), 'without a filter the stages pair (1.00x each)');
    const cleanup = page.locator('[data-testid="speedup-table"] tr[data-workload="s5-cleanup"] td[data-col="speedup"]');
    assert.equal(await cleanup.getAttribute('data-verdict'), 'tie', 'an unchanged stage is a tie, not a win');
    assert.match(await page.locator('[data-testid="speedup-table"] tr[data-workload="s5-cleanup"] td[data-col="text"]').textContent() ?? '', /^no change \(\+0\.0%\)$/);
    await page.locator('input[name="where"]').fill('stage!=*init,*prepare,*cleanup');
    await page.locator('input[name="where"]').press('Enter');
    await page.locator('[data-testid="workload-filter"]', { hasText: 'stage ≠ *init, *prepare, *cleanup' }).waitFor();
    await page.waitForFunction(() => ![...document.querySelectorAll('[data-testid="speedup-table"] tbody tr')].some((tr) => /cleanup/.test(tr.getAttribute('data-workload') ?? '')));
    assert.deepEqual((await rows()).filter((w) => /stage|s\d-/.test(w)), ['s3-4k-70r30w 4000B 70/30']);
    assert.match(await page.locator('[data-testid="geomean"]').textContent() ?? '', /over 4 workloads: 1\.47x/);
    const bank = page.locator('[data-testid="speedup-table"] tr[data-workload="bank 8 threads"] td[data-col="speedup"]');
    assert.deepEqual([await bank.getAttribute('data-verdict'), await bank.evaluate((el) => getComputedStyle(el).color !== getComputedStyle(el.parentElement!).color)], ['better', true]);
    await wb.screenshot(path.join(OUTPUT_DIR, 'compare-where-s5.png'));
  });

  it('the composer makes a table of values: S2\'s top events of both modes from the AWR tables', async () => {
    await openReport(page, wb, 's2-exadata-flash-cache', 'Write-back against write-through');
    await page.locator('button[name="add-pivot"]').click();
    const last = page.locator('.report-sections > li').last();
    await last.locator('input[name="section-title"]').fill('Events, composed');
    await last.locator('select[name="pivot-source"]').selectOption('run-table');
    // Rows and the filter are picked by name ("Table row", "Configuration"), never typed as keys.
    const rows = last.locator('[data-field="pivot-rows"]');
    await rows.locator('[data-dim="workload"] button').click();
    await rows.locator('select[name="pivot-rows"]').selectOption({ label: 'Table row' });
    await last.locator('input[name="pivot-metric"]').fill('pct_db_time');
    await last.locator('select[name="pivot-only-add"]').selectOption({ label: 'Configuration' });
    const only = last.locator('[data-field="pivot-only"] [data-dim="config"] input[name="pivot-only-values"]');
    await only.fill('write-back,write-through');
    await only.blur();
    await last.locator('select[name="pivot-sort"]').selectOption('0');
    await page.locator('button[name="save-report"]').click();
    await page.locator('[data-testid="report-dirty"]', { hasText: 'Saved' }).waitFor();
    await page.locator('.pd-page .pd-title', { hasText: 'Events, composed' }).waitFor();
    await page.waitForSelector('.pd-report[data-fonts="complete"]');
    // The new section's table: the one right after its title, in the laid-out pages.
    const table = page.locator('.pd-page .pd-block:has(.pd-title:has-text("Events, composed")) ~ .pd-block .pd-table').first();
    await table.waitFor();
    const head = await table.locator('th').allTextContents();
    assert.deepEqual(head.map((h) => h.trim()), ['Event', 'write-back% DB time', 'write-through% DB time'], 'a column per configuration, the value named under it');
    const cells = await table.locator('tr', { has: page.locator('td', { hasText: 'free buffer waits' }) }).locator('td').allTextContents();
    assert.deepEqual(cells.map((c) => c.trim()), ['free buffer waits', '–', '63.0']);
  });
});

