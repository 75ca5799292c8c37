/**
 * Issue 18: an import started while another PerfDelta (here the CLI) writes to the same data
 * folder waits its turn: the sheet says it is waiting for another import, then the import lands.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startCli, stopWhileWriting, writeBigLog } from '../app/core/test-support/processes.js';
import { OUTPUT_DIR, REPO_ROOT, type RunningHost } from './support/host.js';
import { WorkbenchPage } from './support/workbench-page.js';
import { closeWorkbench, openWorkbench } from './support/session.js';

describe('an import while the CLI writes to the same data folder', () => {
  let host: RunningHost;
  let browser: Browser;
  let page: Page;
  let wb: WorkbenchPage;

  before(async () => {
    ({ host, browser, page, wb } = await openWorkbench());
  });
  after(async () => {
    await closeWorkbench({ host, browser });
  });

  it('says it is waiting for another import, then imports', async () => {
    const big = path.join(host.home, 'big_clat.1.log');
    writeBigLog(big);
    const cli = startCli(['import', '--study', 'cli', big], { PERFDELTA_HOME: host.home });
    const held = await stopWhileWriting(cli.child, path.join(host.home, 'perfdelta.sqlite'));
    try {
      await wb.dropFiles([path.join(REPO_ROOT, 'samples', 'fio', 'disk', 'randread-4k-qd1.json')]);
      await wb.sheet().locator('input[name="study"]').fill('Waited');
      await wb.sheet().locator('input[name="config"]').fill('disk');
      await wb.sheet().locator('button[type="submit"]').click();
      const waiting = wb.sheet().locator('[data-testid="import-waiting"]');
      await waiting.waitFor();
      assert.match(await waiting.textContent() ?? '', /Waiting for another import to finish/);
      await wb.screenshot(path.join(OUTPUT_DIR, 'import-waiting.png'));
    } finally {
      held.resume();
    }
    await page.waitForSelector('[data-testid="import-sheet"][data-state="done"]', { timeout: 120_000 });
    assert.match(await wb.sheet().locator('[data-testid="import-summary"]').textContent() ?? '', /1/);
    assert.equal(await cli.exited, 0, cli.stderr());
  });
});
