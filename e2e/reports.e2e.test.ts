/**
 * Reports as a manager receives them: each sample study's report composed in the workbench,
 * printed to PDF through the web host's Chromium, read back with pdftotext (headline numbers
 * in the report's convention, Chinese text) and turned into PNGs for review; XLSX cells equal
 * the database; a study file opened in a fresh data folder prints the same text.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as XLSX from '@e965/xlsx';
import type { Browser, Page } from 'playwright-core';
import { Core } from '../app/core/core.js';
import { OUTPUT_DIR, startHost, type RunningHost } from './support/host.js';
import { hasPoppler, pdfPages, pdfText, pdfToPngs } from './support/pdf.js';
import { systemFontRuns } from './support/fonts.js';
import { WorkbenchPage } from './support/workbench-page.js';
import { closeWorkbench, openWorkbench } from './support/session.js';

const poppler = hasPoppler();
const needPoppler = poppler ? {} : { skip: 'pdftotext/pdftoppm (poppler-utils) are not installed' };

async function openReports(page: Page, wb: WorkbenchPage, slug: string, report?: string): Promise<void> {
  await wb.openStudy(slug);
  await page.locator('[data-tab="reports"]').click();
  await page.waitForSelector('[data-testid="reports-view"][data-state="ready"] [data-testid="report-preview"] .pd-page');
  if (report) {
    // Choosing another report drops the shown one's pages at once (choosing the shown one is a no-op).
    await page.locator('select[name="report"]').selectOption({ label: report });
    await page.waitForFunction((name) => document.querySelector<HTMLInputElement>('input[name="report-name"]')?.value === name, report);
    await page.waitForSelector('[data-testid="reports-view"][data-state="ready"] [data-testid="report-preview"] .pd-page');
  }
  await page.waitForFunction(() => document.querySelector('.pd-report')?.getAttribute('data-pages') !== null);
}

/** Clicks an export button and keeps what the browser downloads. */
async function exported(page: Page, button: string, file: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 90_000 }), page.locator(`button[name="${button}"]`).click()]);
  const out = path.join(OUTPUT_DIR, file);
  await download.saveAs(out);
  return out;
}

describe('reports: compose, preview, PDF, XLSX, study files', () => {
  let host: RunningHost;
  let browser: Browser;
  let page: Page;
  let wb: WorkbenchPage;

  before(async () => {
    ({ host, browser, page, wb } = await openWorkbench({ loadSamples: true }));
  });
  after(() => closeWorkbench({ host, browser }));

  it('S1: the preview states the published headline, and the contents give the pages sections are on', async () => {
    await openReports(page, wb, 's1-flash-migration', 'Flash migration');
    const big = await page.locator('.pd-headline .big').allTextContents();
    assert.deepEqual(big.map((b) => b.replace(/ ~$/, '')), ['read mean latency 6.90x lower', 'read mean latency 5.46x lower', '16.16x faster', '32.06x slower']);
    // Three days against one, and single runs: no test could show these differences, so each is "~".
    assert.ok(big.every((b) => b.endsWith(' ~')), big.join(' | '));
    const values = await page.locator('.pd-headline .values').allTextContents();
    assert.match(values[0]!, /before 7\.310 ms → after 1\.060 ms/);
    assert.match(values[1]!, /before 10\.35 ms → after 1\.895 ms/);
    assert.match(await page.locator('.pd-cover .pd-convention').textContent() ?? '', /x-fold/);
    assert.equal(await page.locator('.pd-report').getAttribute('data-fonts'), 'complete', 'every font subset the text needs was loaded before layout');
    // Every contents entry points at the page its title is printed on.
    const toc = await page.locator('.pd-toc li').evaluateAll((lis) => lis.map((li) => ({ text: li.querySelector('.text')!.textContent!, page: Number(li.querySelector('.pg')!.textContent) })));
    const titles = await page.locator('.pd-page').evaluateAll((pages) => pages.flatMap((p) => [...p.querySelectorAll('.pd-content > .pd-block > .pd-title')].map((h) => ({ text: h.textContent!.replace(/^\d+/, ''), page: Number((p as HTMLElement).dataset['page']) }))));
    assert.equal(toc.length, titles.length);
    toc.forEach((e, i) => assert.deepEqual(e, titles[i], `contents entry ${i + 1}`));
    // Nothing spills out of a page.
    const overflow = await page.locator('.pd-content').evaluateAll((cs) => cs.filter((c) => c.scrollHeight > c.clientHeight + 1).length);
    assert.equal(overflow, 0, 'every page holds its blocks');
    await wb.screenshot(path.join(OUTPUT_DIR, 'report-composer-s1.png'));
  });

  it('S1: Chinese commentary added in the composer is saved and printed; the PDF states the headline numbers', needPoppler, async () => {
    await openReports(page, wb, 's1-flash-migration', 'Flash migration');
    await page.locator('button[name="add-text"]').click();
    const last = page.locator('.report-sections > li').last();
    await last.locator('input[name="section-title"]').fill('存储组点评');
    await last.locator('textarea[name="markdown"]').fill('卷 **CREDIT_DB2_DATA01** 的读响应时间在切换后明显下降。');
    await page.locator('[data-testid="report-dirty"]', { hasText: 'Unsaved changes' }).waitFor();
    await page.locator('button[name="save-report"]').click();
    await page.locator('[data-testid="report-dirty"]', { hasText: 'Saved' }).waitFor();
    await page.locator('.pd-md', { hasText: '明显下降' }).waitFor();
    const previewPages = Number(await page.locator('.pd-report').getAttribute('data-pages'));

    const pdf = await exported(page, 'export-pdf', 's1-flash-migration-report.pdf');
    const text = pdfText(pdf);
    for (const s of ['read mean latency 6.90x lower', 'before 7.310 ms → after 1.060 ms', 'read mean latency 5.46x lower', '16.16x faster', '32.06x slower', 'Ratios are x-fold', 'Evidence', 'SHA-256']) {
      assert.ok(text.includes(s), `the PDF says "${s}"`);
    }
    assert.ok(text.includes('存储组点评') && text.includes('明显下降'), 'the Chinese commentary is real text in the PDF');
    assert.ok(text.includes('CREDIT_DB2_DATA01'), 'names with underscores print as written');
    assert.equal(pdfPages(pdf), previewPages, 'the PDF has the pages the preview laid out');
    assert.match(pdfText(pdf, 2), /Page 2 of \d+/);
    assert.ok(pdfToPngs(pdf).length === previewPages);
  });

  it('a chart saved in the compare view goes into a report, drawn from the data', async () => {
    await wb.openStudy('s5-rook-ceph-optane');
    await wb.compare('baseline', 'config-2', 'nopm');
    await page.locator('button[name="save-chart"]').first().click();
    await page.locator('input[name="chart-name"]').fill('NOPM, config-2 against the baseline');
    await page.locator('button[name="confirm-save-chart"]').click();
    await page.locator('[data-testid="chart-saved"]', { hasText: 'NOPM, config-2' }).waitFor();
    await openReports(page, wb, 's5-rook-ceph-optane');
    await page.locator('button[name="add-chart"]').click();
    const last = page.locator('.report-sections > li').last();
    await last.locator('select[name="chart"]').selectOption({ label: 'NOPM, config-2 against the baseline' });
    await page.locator('button[name="save-report"]').click();
    await page.locator('[data-testid="report-dirty"]', { hasText: 'Saved' }).waitFor();
    const drawn = await page.waitForFunction(() => {
      const charts = Object.entries(window.perfdeltaCharts ?? {}).filter(([k]) => k.startsWith('report-'));
      for (const [, c] of charts) {
        const o = c.getOption() as { title: Array<{ text: string }>; xAxis: Array<{ data: string[] }>; series: Array<{ data: Array<number | { value: number }> }>; animation: boolean };
        if (o.title[0]?.text.startsWith('NOPM, config-2')) {
          const i = o.xAxis[0]!.data.indexOf('8 VU');
          const b = o.series[0]!.data[i]!;
          const c = o.series[1]!.data[i]!;
          return { baseline: typeof b === 'number' ? b : b.value, candidate: typeof c === 'number' ? c : c.value, animation: o.animation };
        }
      }
      return null;
    });
    assert.deepEqual(await drawn.jsonValue(), { baseline: 2544, candidate: 3525, animation: false });
  });

  const published: Array<[string, string | undefined, string[]]> = [
    ['s2-exadata-flash-cache', undefined, ['21.74x lower', 'write-through 21.74 ms → write-back 1.000 ms']],
    ['s3-cloud-ssd', undefined, ['869.3 TPS', '18,265 QPS', '19,999 IOPS: 100.0% of the 20,000 IOPS limit']],
    ['s4-aws-cluster', undefined, ['1.99x slower', '1.14x faster', '1.04x faster']],
    ['s5-rook-ceph-optane', undefined, ['296.3% of baseline', 'baseline 504.4 ops/s → config-2 1,495 ops/s · 2.96x', 'mean latency at 34.2% of baseline']],
    ['s1-flash-migration', '闪存迁移（中文）', ['读平均延迟降低到 1/6.90', '读平均延迟降低到 1/5.46', '主要结论', '证据附录']],
  ];
  for (const [slug, report, expected] of published) {
    it(`${slug}${report ? ` (${report})` : ''}: the PDF prints the published headline`, needPoppler, async () => {
      await openReports(page, wb, slug, report);
      // Chinese glyphs print only if their font subsets were loaded first (else: empty boxes).
      await page.waitForSelector('.pd-report[data-fonts="complete"]');
      // Every text run on the pages is drawn in the bundled font, never a system font without
      // CJK glyphs (which prints empty boxes while the text layer still reads right).
      assert.deepEqual(await systemFontRuns(page, '.pd-page .pd-headline div, .pd-page .pd-title, .pd-page td, .pd-page th, .pd-page .pd-md p, .pd-page .pd-footer span'), [], `${slug}: Chinese drawn in a system font`);
      // On screen first: the preview is the PDF's layout.
      const onScreen = ((await page.locator('[data-testid="report-preview"]').textContent()) ?? '').replace(/\s+/g, ' ');
      for (const e of expected) assert.ok(onScreen.includes(e), `${slug}: the preview says "${e}"`);
      await wb.screenshot(path.join(OUTPUT_DIR, `report-preview-${slug}${report ? '-zh' : ''}.png`));
      const pdf = await exported(page, 'export-pdf', `${slug}${report ? '-zh' : ''}-report.pdf`);
      const text = pdfText(pdf).replace(/\s+/g, ' ');
      for (const s of expected) assert.ok(text.includes(s), `${slug}: the PDF says "${s}"`);
      assert.ok(!/Not available:|无法给出：/.test(text), `${slug}: every section has its data`);
      assert.ok(pdfToPngs(pdf).length >= 3, 'title page, contents, and the sections');
    });
  }

  it('XLSX export: the runs sheet equals the database, the headline sheet the report', async () => {
    await openReports(page, wb, 's5-rook-ceph-optane');
    const file = await exported(page, 'export-xlsx', 's5-report.xlsx');
    const book = XLSX.read(fs.readFileSync(file), { type: 'buffer' });
    const core = new Core(path.join(host.home, 'perfdelta.sqlite'));
    try {
      const runs = core.runs({ study: 's5-rook-ceph-optane' });
      const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['Runs']!, { header: 1 });
      const header = rows[0]!.map(String);
      for (const run of runs) {
        const row = rows.find((r) => r[0] === run.id)!;
        for (const [m, v] of Object.entries(run.metrics)) assert.equal(row[header.findIndex((h) => h.split(' [')[0] === m)], v, `run ${run.id} ${m}`);
      }
      const headline = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['Headline']!, { header: 1 });
      assert.ok(headline.some((r) => r[0] === 'CockroachDB bank throughput' && r[5] === 504.4 && r[6] === 1494.5));
    } finally {
      core.close();
    }
  });

  it('a study file saved here and opened in a fresh data folder prints the same PDF text', needPoppler, async () => {
    await wb.openStudy('s5-rook-ceph-optane');
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('button[name="save-study-file"]').click()]);
    const studyFile = path.join(OUTPUT_DIR, 's5-rook-ceph-optane.perfdelta');
    await download.saveAs(studyFile);
    await openReports(page, wb, 's5-rook-ceph-optane', 'Optane PMem and Open CAS');
    const first = pdfText(await exported(page, 'export-pdf', 's5-before-study-file.pdf'));

    const fresh = await startHost();
    const page2 = await browser.newPage({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
    try {
      const wb2 = new WorkbenchPage(page2);
      await wb2.open(fresh.url);
      await page2.locator('[data-testid="study-file-input"]').setInputFiles(studyFile);
      await page2.waitForSelector('[data-testid="study-view"][data-study="s5-rook-ceph-optane"][data-state="ready"]');
      await openReports(page2, wb2, 's5-rook-ceph-optane', 'Optane PMem and Open CAS');
      const second = pdfText(await exported(page2, 'export-pdf', 's5-after-study-file.pdf'));
      assert.equal(second, first);
    } finally {
      await page2.close();
      await fresh.stop();
    }
  });
});
