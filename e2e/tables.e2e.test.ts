/**
 * Tables in the browser: an XLSX with merged header cells and a units row shows its column
 * mapping, one role is changed, the import uses it; S1's pre-go-live tables pasted with Ctrl+V
 * import under the configurations their titles name and compare as published (16.16x).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { GBK_LINES, gbkCsv, mergedWorkbook, S1_TSV, UNITS_ROW_CSV } from '../importers/test-support/spreadsheet-fixtures.js';
import { REPO_ROOT } from '../importers/test-support/corpus.js';
import { OUTPUT_DIR, runCli, type RunningHost } from './support/host.js';
import { WorkbenchPage } from './support/workbench-page.js';
import { closeWorkbench, openWorkbench } from './support/session.js';

interface Run { config: string; params: Record<string, unknown>; metrics: Record<string, number> }

describe('tables: mapping, paste (web host in Chromium)', () => {
  let host: RunningHost;
  let browser: Browser;
  let page: Page;
  let wb: WorkbenchPage;

  /** The runs as the CLI reads them from the same data folder. */
  const runs = (study: string): Run[] => {
    const r = runCli(host.home, 'runs', '--study', study, '--json');
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(r.stdout) as Run[];
  };

  before(async () => {
    ({ host, browser, page, wb } = await openWorkbench({ page: { viewport: { width: 1400, height: 1100 } } }));
  });

  after(() => closeWorkbench({ host, browser }));

  it('an XLSX with merged headers and a units row: the mapping is shown, one role changed, the runs follow it', async () => {
    const file = path.join(host.home, 'merged-headers.xlsx');
    fs.writeFileSync(file, mergedWorkbook());
    await wb.dropFiles([file]);
    const rows = await wb.sheetRows();
    assert.deepEqual(rows.map((r) => [r.file, r.format, r.runs]), [['merged-headers.xlsx', 'spreadsheet', 4]]);
    const mapping = page.locator('[data-testid="column-mapping"][data-state="ready"]');
    await mapping.waitFor();
    const columns = await mapping.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-column'), tr.getAttribute('data-role')]));
    assert.deepEqual(columns, [
      ['Array', 'configuration'], ['bs', 'parameter'],
      ['4K random read / IOPS', 'metric'], ['4K random read / Bandwidth', 'metric'], ['4K random read / Latency', 'metric'],
      ['8K sequential write / IOPS', 'metric'], ['8K sequential write / Bandwidth', 'metric'], ['8K sequential write / Latency', 'metric'],
    ]);
    const latency = mapping.locator('tr[data-column="4K random read / Latency"]');
    assert.equal(await latency.locator('select[data-testid="unit"]').inputValue(), 'µs', 'the units row says µs');
    assert.match(await mapping.locator('p.muted').first().textContent() ?? '', /units on row 4/);
    assert.equal(await mapping.locator('[data-testid="mapping-origin"]').textContent(), 'proposed from the header; it is remembered when you import');
    await wb.screenshot(path.join(OUTPUT_DIR, 'table-mapping.png'));

    // The arrays are not configurations here: one study, one label given at import.
    await mapping.locator('tr[data-column="Array"] select[name="role"]').selectOption('parameter');
    await page.locator('[data-testid="column-mapping"][data-state="ready"] tr[data-column="Array"][data-role="parameter"]').waitFor();
    assert.equal(await page.locator('tr[data-column="Array"] input[name="parameter"]').inputValue(), 'array');
    const summary = await wb.confirmImport('Merged headers', 'lab');
    assert.match(summary, /Imported 1 file \(4 runs\)/);
    await wb.closeSheet();

    const imported = runs('merged-headers');
    assert.equal(imported.length, 4);
    assert.deepEqual([...new Set(imported.map((r) => r.config))], ['lab']);
    const fs840 = imported.find((r) => r.params['array'] === 'FS840' && r.params['pattern'] === 'random')!;
    assert.deepEqual(fs840.params, { array: 'FS840', bs: 4096, pattern: 'random', read_pct: 100 });
    assert.equal(fs840.metrics['total.iops'], 276371.66);
    assert.ok(Math.abs(fs840.metrics['total.lat_avg_ms']! - 0.923) < 1e-12, 'µs converted to ms');

    // The same header again: the changed mapping is remembered.
    const again = path.join(host.home, 'merged-headers-2.xlsx');
    const XLSX = await import('@e965/xlsx');
    const book = XLSX.read(mergedWorkbook(), { type: 'array' });
    book.Sheets['Results']!['C5'] = { t: 'n', v: 17000 };
    fs.writeFileSync(again, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    await wb.dropFiles([again]);
    await page.locator('[data-testid="column-mapping"][data-state="ready"]').waitFor();
    assert.equal(await page.locator('[data-testid="mapping-origin"]').textContent(), 'remembered for this header');
    assert.equal(await page.locator('tr[data-column="Array"]').getAttribute('data-role'), 'parameter');
    await wb.cancelSheet();
  });

  it('a GBK-encoded CSV and a CSV with a units row show their mappings (Chinese headers, units from the row)', async () => {
    const gbk = path.join(host.home, 'gbk-results.csv');
    fs.writeFileSync(gbk, gbkCsv(GBK_LINES));
    const units = path.join(host.home, 'units-row.csv');
    fs.writeFileSync(units, UNITS_ROW_CSV);
    await wb.dropFiles([gbk, units]);
    assert.deepEqual((await wb.sheetRows()).map((r) => [r.file, r.format, r.runs]), [['gbk-results.csv', 'spreadsheet', 2], ['units-row.csv', 'spreadsheet', 2]]);
    const gbkMap = page.locator('[data-testid="column-mapping"][data-file="gbk-results.csv"][data-state="ready"]');
    await gbkMap.waitFor();
    assert.deepEqual(await gbkMap.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-column'), tr.getAttribute('data-role')])), [
      ['配置', 'configuration'], ['块大小', 'parameter'], ['读写比', 'parameter'], ['IOPS', 'metric'], ['带宽(MB/s)', 'metric'], ['时延(ms)', 'metric'],
    ]);
    assert.match(await gbkMap.locator('p.muted').first().textContent() ?? '', /gb18030/);
    assert.equal(await gbkMap.locator('tr[data-column="带宽(MB/s)"] select[data-testid="unit"]').inputValue(), 'MB/s', 'decimal MB/s, converted to MiB/s on import');
    const unitsMap = page.locator('[data-testid="column-mapping"][data-file="units-row.csv"][data-state="ready"]');
    assert.match(await unitsMap.locator('p.muted').first().textContent() ?? '', /units on row 2/);
    assert.deepEqual(await unitsMap.locator('select[data-testid="unit"]').evaluateAll((s) => s.map((e) => (e as HTMLSelectElement).value)), ['IOPS', 'KiB/s', 'µs']);
    await page.locator('[data-testid="column-mapping"][data-file="gbk-results.csv"]').scrollIntoViewIfNeeded();
    await wb.screenshot(path.join(OUTPUT_DIR, 'table-gbk-units-row.png'));
    await wb.cancelSheet();
  });

  it('an author\'s gnuplot table: a configuration per column, named in the sheet; imported under them, runs listed', async () => {
    const file = path.join(host.home, 'mariadb-tps.dat');
    fs.copyFileSync(path.join(REPO_ROOT, 'importers/spreadsheet/test-files/gnuplot-sysbench-tps.dat'), file);
    await wb.dropFiles([file]);
    assert.deepEqual((await wb.sheetRows()).map((r) => [r.file, r.format, r.runs]), [['mariadb-tps.dat', 'spreadsheet', 21]]);
    const mapping = page.locator('[data-testid="column-mapping"][data-file="mariadb-tps.dat"][data-state="ready"]');
    await mapping.waitFor();
    assert.deepEqual(await mapping.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-column'), tr.getAttribute('data-role')])),
      [['threads', 'parameter'], ['10.1.36', 'metric'], ['10.2.18', 'metric'], ['10.3.9', 'metric']]);
    assert.deepEqual(await mapping.locator('input[name="column-configuration"]').evaluateAll((s) => s.map((e) => (e as HTMLInputElement).value)), ['10.1.36', '10.2.18', '10.3.9']);
    assert.equal(await page.locator('[data-testid="file-configurations"]').textContent(), 'configurations "10.1.36", "10.2.18", "10.3.9" from columns B ("10.1.36"), C ("10.2.18"), D ("10.3.9"), a configuration each');
    assert.match(await page.locator('[data-testid="config-from-table"]').textContent() ?? '', /a configuration per column/, 'the label is for the other files only');
    await wb.screenshot(path.join(OUTPUT_DIR, 'table-gnuplot.png'));
    const summary = await wb.confirmImport('MariaDB builds', 'unused');
    assert.match(summary, /Imported 1 file \(21 runs\)/);
    await wb.closeSheet();
    await page.waitForSelector('[data-testid="study-view"][data-study="mariadb-builds"][data-state="ready"]');
    await wb.screenshot(path.join(OUTPUT_DIR, 'table-gnuplot-runs.png'));
    const imported = runs('mariadb-builds');
    assert.deepEqual([...new Set(imported.map((r) => r.config))], ['10.1.36', '10.2.18', '10.3.9']);
    assert.equal(imported.find((r) => r.config === '10.3.9' && r.params['threads'] === 64)!.metrics['tps'], 16110.4);
  });

  it('S1 pasted with Ctrl+V (Config D and B): configurations named, imported, 4K random read is 16.16x', async () => {
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, S1_TSV);
    await page.waitForSelector('[data-testid="import-sheet"][data-state="review"]');
    const rows = await wb.sheetRows();
    assert.deepEqual(rows.map((r) => [r.format, r.runs]), [['spreadsheet', 36]]);
    const mapping = page.locator('[data-testid="column-mapping"][data-state="ready"]');
    await mapping.waitFor();
    assert.equal(await mapping.locator('tr[data-column="RR"]').getAttribute('data-role'), 'metrics');
    assert.deepEqual(await mapping.locator('tr[data-column="RR"] select[data-testid="part-unit"]').evaluateAll((s) => s.map((e) => (e as HTMLSelectElement).value)), ['IOPS', 'MiB/s', 'ms']);
    const labels = mapping.locator('input[name="block-config"]');
    assert.equal(await labels.count(), 2);
    await labels.nth(0).fill('V7000 thick');
    await labels.nth(0).blur();
    await page.locator('[data-testid="column-mapping"][data-state="ready"]').waitFor();
    await page.locator('input[name="block-config"]').nth(1).fill('FS840 thick');
    await page.locator('input[name="block-config"]').nth(1).blur();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="column-mapping"][data-state="ready"]').length === 1);
    await wb.screenshot(path.join(OUTPUT_DIR, 'table-paste-s1.png'));
    const summary = await wb.confirmImport('S1 pasted', 'unused');
    assert.match(summary, /Imported 1 file \(36 runs\)/);
    await wb.closeSheet();
    await page.waitForSelector('[data-testid="study-view"][data-study="s1-pasted"][data-state="ready"]');

    const imported = runs('s1-pasted');
    assert.deepEqual([...new Set(imported.map((r) => r.config))].sort(), ['FS840 thick', 'V7000 thick']);
    await wb.compare('V7000 thick', 'FS840 thick', 'total.iops');
    const table = await wb.speedupTable();
    assert.equal(table.length, 18);
    const rr = table.find((r) => /^4K random read\b/.test(r.workload))!;
    assert.equal(rr.speedup, '16.16x');
    await wb.screenshot(path.join(OUTPUT_DIR, 'table-paste-s1-compare.png'));
  });
});
