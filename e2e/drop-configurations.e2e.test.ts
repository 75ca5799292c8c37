/**
 * Issue 39, item 1: 28 fio JSON files of four cloud volumes × seven block sizes dropped at once,
 * the volume only in each file's name and fio's `filename` option. The sheet says what tells the
 * files apart and proposes four configurations, labels editable, as the default; the import
 * makes them, one transaction.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { VOLUMES, writeFioVolumeStudy } from './support/fio-sweep-study.js';
import { OUTPUT_DIR, REPO_ROOT, type RunningHost } from './support/host.js';
import { closeWorkbench, openWorkbench } from './support/session.js';
import type { WorkbenchPage } from './support/workbench-page.js';

const TEMPLATE = path.join(REPO_ROOT, 'samples', 'fio', 'disk', 'randwrite-4k-qd16.json');

describe('a drop of four volumes (issue 39)', () => {
  let host: RunningHost;
  let browser: Browser;
  let page: Page;
  let wb: WorkbenchPage;
  let files: string[] = [];

  before(async () => {
    ({ host, browser, page, wb } = await openWorkbench({ page: { viewport: { width: 1440, height: 900 } } }));
    files = writeFioVolumeStudy(path.join(host.home, 'downloads'), TEMPLATE);
  });
  after(() => closeWorkbench({ host, browser }));

  it('proposes one configuration per volume, labels editable, and imports four configurations of seven runs', async () => {
    assert.equal(files.length, 28);
    await wb.dropFiles(files);
    const split = wb.sheet().locator('[data-testid="split-configs"]');
    await split.waitFor();
    assert.equal(await split.getAttribute('data-split'), 'yes', 'split is the default');
    assert.match(await split.locator('legend').textContent() ?? '', /^These files hold 4 configurations$/);
    const why = await split.locator('[data-testid="split-why"]').textContent() ?? '';
    assert.match(why, /target \(\/dev\/md0, \/dev\/nvme1n1, \/dev\/xvdf, \/dev\/xvdg\)/, why);
    assert.match(why, /their names \(md0, nvme1n1, xvdf, xvdg\)/, why);
    const labels = split.locator('input[name="split-label"]');
    assert.deepEqual(await labels.evaluateAll((is) => is.map((i) => (i as HTMLInputElement).value)), VOLUMES.map((v) => v.device));
    assert.deepEqual(await split.locator('tr[data-group] td.num').allTextContents(), ['7 files', '7 files', '7 files', '7 files']);
    // Every file has its configuration: no single label to type.
    assert.equal(await wb.sheet().locator('input[name="config"]').count(), 0);
    await labels.nth(0).fill('raid0 (md0)');
    fs.mkdirSync(OUTPUT_DIR, { recursive: true });
    await wb.screenshot(path.join(OUTPUT_DIR, 'drop-configurations-sheet.png'));

    await wb.sheet().locator('button[type="submit"]').click();
    await page.waitForSelector('[data-testid="import-sheet"][data-state="done"]');
    assert.match(await wb.sheet().locator('[data-testid="import-summary"]').textContent() ?? '', /Imported 28 files \(28 runs\)/);
    await wb.closeSheet();
    await page.locator('[data-tab="runs"]').click();
    await page.waitForSelector('.config-group[data-config="xvdg"]');
    const groups = await page.locator('.config-group').evaluateAll((gs) => gs.map((g) => [g.getAttribute('data-config'), g.querySelectorAll('tbody tr[data-run]').length]));
    assert.deepEqual(groups.sort(), [['nvme1n1', 7], ['raid0 (md0)', 7], ['xvdf', 7], ['xvdg', 7]]);
    // Each configuration holds its volume's files only.
    const md0Files = await page.locator('.config-group[data-config="raid0 (md0)"] td.path').allTextContents();
    assert.ok(md0Files.every((f) => f.includes('_md0_')), md0Files.join(', '));
    // The file's whole name on hover, whatever the column's width.
    assert.match(await page.locator('.config-group[data-config="xvdf"] td.path').first().getAttribute('title') ?? '', /_xvdf_randwrite\.json\nsha256 [0-9a-f]{64}$/);
  });
});
