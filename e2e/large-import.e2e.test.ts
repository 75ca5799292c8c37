/**
 * A large fio log through the browser: the page streams the file to the web host, which spools
 * it to disk; the sheet asks the latency unit of a log without its fio JSON; the import shows
 * its progress in bytes and stops when asked, writing nothing; imported again, the log's samples
 * are all there, read in the chosen unit.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { writeBenchLog } from '../app/tools/bench-log.js';
import { OUTPUT_DIR, runCli, type RunningHost } from './support/host.js';
import { WorkbenchPage } from './support/workbench-page.js';
import { closeWorkbench, openWorkbench } from './support/session.js';

describe('a large log through the browser: progress and stop', () => {
  let host: RunningHost;
  let browser: Browser;
  let page: Page;
  let wb: WorkbenchPage;
  let log: string;
  let rows: number;

  /** The uploads spooled on disk (in the host's own folder under spool/). */
  const spooled = (): string[] => (fs.readdirSync(path.join(host.home, 'spool'), { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(host.home, 'spool', f)).isFile());

  const cli = (...args: string[]): unknown => {
    const r = runCli(host.home, ...args, '--json');
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(r.stdout);
  };

  before(async () => {
    ({ host, browser, page, wb } = await openWorkbench());
    log = path.join(host.home, 'sweep-job_clat.1.log');
    rows = writeBenchLog(log, 400).rows;
  });

  after(async () => {
    await closeWorkbench({ host, browser });
  });

  it('is staged from the spool with a preview of its head, stops when asked, and imports whole the second time', async () => {
    await page.locator('[data-testid="file-input"]').setInputFiles(log);
    await page.waitForSelector('[data-testid="import-sheet"][data-state="review"]');
    const [row] = await wb.sheetRows();
    assert.equal(row!.format, 'fio-log');
    assert.match(await wb.sheet().textContent() ?? '', /read and checked as it is imported/);
    assert.equal(spooled().length, 1, 'the upload is spooled to disk (in this host\'s own spool folder), not held in memory');

    // No fio JSON run claims the log: the sheet asks the log's latency unit, ns by default; this one is fio 2's µs.
    const unit = wb.sheet().locator('[data-testid="log-unit"] select[name="log-unit"]');
    assert.equal(await unit.inputValue(), 'ns');
    assert.match(await wb.sheet().locator('[data-testid="log-unit"]').textContent() ?? '', /no fio JSON run in this drop or in this configuration claims this log/);
    await unit.selectOption('us');
    await wb.screenshot(path.join(OUTPUT_DIR, 'large-import-unit.png'));
    await wb.sheet().locator('input[name="study"]').fill('Big log');
    await wb.sheet().locator('input[name="config"]').fill('nvme');
    await wb.sheet().locator('button[type="submit"]').click();
    const stop = wb.sheet().locator('[data-testid="import-stop"]');
    await stop.waitFor();
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="import-progress"]')?.getAttribute('value') ?? 0) > 0);
    // Stop at once, and take the picture of the moving bar while the stop is on its way: a
    // screenshot first gave a fast machine more time to finish the 400 MB before Stop (this
    // narrows the race to the click; it does not remove it).
    await Promise.all([stop.click(), wb.screenshot(path.join(OUTPUT_DIR, 'large-import-progress.png'))]);
    await page.waitForSelector('[data-testid="import-sheet"][data-state="review"] [data-testid="import-notice"]');
    assert.match(await wb.sheet().locator('[data-testid="import-notice"]').textContent() ?? '', /nothing was written/);
    assert.deepEqual((cli('studies') as unknown[]).length, 0, 'the stopped import left no study behind');

    const summary = await wb.confirmImport('Big log', 'nvme');
    assert.match(summary, /Imported 1 file \(1 run\)/);
    assert.match(await wb.sheet().textContent() ?? '', new RegExp(`${rows.toLocaleString('en-US')} rows`));
    assert.equal(spooled().length, 0, 'the spooled copy is gone once imported');
    const runs = cli('runs', '--study', 'big-log') as Array<{ metrics: Record<string, number> }>;
    assert.equal(runs.length, 1);
    // Values 150,000-550,000 read as µs: a mean between 150 and 550 ms (as ns it would be 0.15-0.55).
    assert.ok(runs[0]!.metrics['read.clat_avg_ms']! > 150 && runs[0]!.metrics['read.clat_avg_ms']! < 550, `the mean of every read row, read as µs: ${runs[0]!.metrics['read.clat_avg_ms']} ms`);
    assert.match(await wb.sheet().textContent() ?? '', /latency read as µs \(fio 2\.x\), as chosen at import/);
  });
});
