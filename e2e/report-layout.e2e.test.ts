/**
 * The PDF of a stranger's sweep study reads as a finished publication (issue 27 item 8): a fio
 * study of 3 configurations × 4 workloads × 8 I/O depths, its default report printed by the CLI
 * through Chromium and read back page by page with pdftotext: no page ends with a heading, the
 * short contents are on the title page, no Commentary without the user's words, the long
 * comparison grouped by workload family with bandwidth beside IOPS and completion latency, its
 * metrics named as the catalog names them. The preview in the workbench holds every page's blocks.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { describeMetric, metricLabel } from '../app/core/metrics/dictionary.js';
import { OUTPUT_DIR, REPO_ROOT, runCli, startHost, type RunningHost } from './support/host.js';
import { hasPoppler, pdfPages, pdfText, pdfToPngs } from './support/pdf.js';
import { launchChromium } from './support/browser.js';
import { WorkbenchPage } from './support/workbench-page.js';
import { SWEEP_CONFIGS, writeFioSweepStudy } from './support/fio-sweep-study.js';

const skip = hasPoppler() ? {} : { skip: 'pdftotext/pdftoppm (poppler-utils) are not installed' };
const STUDY = 'ceph-sweep';
const TEMPLATE = path.join(REPO_ROOT, 'samples', 'fio', 'disk', 'randread-4k-qd16.json');
const label = (m: string): string => metricLabel(describeMetric(m)!, 'en');

/** The lines of a PDF page a reader sees, the footer ("study … Page n of m") left out. */
function pageLines(pdf: string, page: number): string[] {
  return pdfText(pdf, page).split('\n').map((l) => l.trim()).filter((l) => l && !/Page \d+ of \d+$/.test(l));
}

describe('the default report of a fio sweep study, as a publication', () => {
  let host: RunningHost;
  let browser: Browser;
  let page: Page;
  let pdf: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-sweep-study-'));

  before(() => {
    fs.mkdirSync(OUTPUT_DIR, { recursive: true });
    const folders = writeFioSweepStudy(dir, TEMPLATE);
    pdf = path.join(OUTPUT_DIR, 'sweep-study-report.pdf');
    return (async () => {
      host = await startHost();
      for (const config of SWEEP_CONFIGS) {
        const r = runCli(host.home, 'import', '--study', STUDY, '--config', config, folders[config]!);
        assert.equal(r.status, 0, r.stderr);
      }
    })();
  });
  after(async () => {
    await browser?.close();
    await host?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prints with headings kept with their content, contents on the title page, no empty Commentary, the long table grouped with bandwidth', skip, () => {
    const r = runCli(host.home, 'report', '--study', STUDY, '--template', 'sweep', '--out', pdf);
    assert.equal(r.status, 0, r.stderr);
    const pages = pdfPages(pdf);
    const lines = Array.from({ length: pages }, (_, i) => pageLines(pdf, i + 1));
    const all = lines.flat();

    // The title page carries the contents; no page of its own holds a short list.
    assert.ok(lines[0]!.includes('Contents'), 'the contents are on the title page');
    assert.ok(!lines.slice(1).some((l) => l[0] === 'Contents'), 'no contents page');
    const sections = lines[0]!.filter((l) => /^\d+\s+\S.*\s\d+$/.test(l)).map((l) => l.replace(/^\d+\s+/, '').replace(/\s+\d+$/, ''));
    assert.ok(sections.includes('Comparison') && sections.includes('Evidence'), sections.join(' | '));

    // No page ends with a heading: a section title, a sub-heading of the evidence, a workload family's row.
    const headings = new Set([
      ...sections.map((s, i) => `${i + 1} ${s}`),
      'Source files', 'Configurations', 'Ratio convention', 'Methods and formulas', 'Filters', 'Warnings', 'Aggregation',
      '4K random read ×1', '4K random write ×1', '64K seq read ×1', '64K seq write ×1',
    ]);
    lines.forEach((l, i) => {
      const last = l[l.length - 1]!.replace(/\s+/g, ' ');
      assert.ok(!headings.has(last), `page ${i + 1} ends with the heading "${last}"`);
    });

    // The Commentary the template left empty is not printed, neither are generated words in its place.
    assert.ok(!all.some((l) => /^\d+\s+Commentary$/.test(l.replace(/\s+/g, ' '))), 'no Commentary without the user\'s words');
    assert.ok(!all.some((l) => l.includes('Swept parameter')));

    // The comparison: a row per workload family, then each depth once, bandwidth beside IOPS and clat.
    const from = all.findIndex((x) => /^\d+\s+Comparison$/.test(x.replace(/\s+/g, ' ')));
    const to = all.findIndex((x) => /^\d+\s+Values per workload$/.test(x.replace(/\s+/g, ' ')));
    assert.ok(from > 0 && to > from);
    const table = all.slice(from, to);
    for (const family of ['4K random read ×1', '4K random write ×1', '64K seq read ×1', '64K seq write ×1']) {
      assert.equal(table.filter((l) => l === family).length, 1, `one row names the family "${family}"`);
    }
    assert.equal(table.filter((l) => /^QD1\s/.test(l)).length, 4, 'QD1 once per family');
    assert.ok(!table.some((l) => /^4K random read QD\d/.test(l)), 'no row repeats the family in its label');
    // Pair rows only: the roll-up printed under the table names each metric too.
    const metricRows = (name: string): number => table.filter((l) => l.includes(name) && !l.includes('geometric mean of the speedups')).length;
    // Each metric as the catalog names it, on every pair's row: 32 workloads × 2 candidates.
    assert.equal(metricRows(label('total.iops')), 64, `"${label('total.iops')}"`);
    assert.equal(table.filter((l) => /\d MiB\/s\s+[\d,.]+ MiB\/s/.test(l)).length, 64, 'bandwidth, both sides');
    assert.ok(table.some((l) => l.includes(label('total.clat_avg_ms').split(' ').slice(0, 3).join(' '))), `"${label('total.clat_avg_ms')}"`);
    assert.ok(!all.some((l) => /\b(total|read|write)\.(iops|bw_mib_s|clat_avg_ms|lat_avg_ms)\b/.test(l)), 'no metric ids');
    // The values table: the three metrics per configuration, by family too.
    assert.ok(all.some((l) => /IOPS \/ MiB\/s \/ ms/.test(l)), 'the values table gives bandwidth');
    assert.ok(pdfToPngs(pdf).length === pages, 'pages rendered for review');
  });

  it('the preview lays every block inside its page', skip, async () => {
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const wb = new WorkbenchPage(page);
    await wb.open(host.url);
    await wb.openStudy(STUDY);
    await page.locator('[data-tab="reports"]').click();
    await page.waitForSelector('[data-testid="reports-view"][data-state="ready"] [data-testid="report-preview"] .pd-page');
    await page.waitForFunction(() => document.querySelector('.pd-report')?.getAttribute('data-pages') !== null);
    const overflow = await page.locator('.pd-content').evaluateAll((cs) => cs.filter((c) => c.scrollHeight > c.clientHeight + 1).length);
    assert.equal(overflow, 0, 'every page holds its blocks');
    // The table's header on each page it spans, and every page of it that starts mid-family names the family.
    const heads = await page.locator('.pd-page').evaluateAll((ps) => ps.map((p) => p.querySelectorAll('table.pd-table thead').length));
    assert.ok(heads.filter((n) => n > 0).length >= 4);
  });
});
