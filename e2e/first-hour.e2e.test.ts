/**
 * The first hour in the workbench (issue 39), as a new user walks it with a stranger's study:
 * 28 fio JSON files of four cloud volumes × seven block sizes, the volume only in each file's
 * name and fio's `filename` option, beside the author's summary CSV of the same results.
 * Imported one volume at a time: the sheet names the new study from the files, says a missing
 * name at its field, keeps the CSV apart; the second import goes into the open study. Scaling
 * opens on the swept block size and keeps the user's choice; Runs lists the runs in natural
 * order and shows a clicked run where the user looks; a delete's notice goes with the next
 * action, Ctrl+Z undoes, and a later delete says it makes the earlier one final. Checked at
 * 1024×700 (a laptop) and, where the layout matters, at 1440×900 too.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { VOLUME_BLOCK_SIZES, VOLUMES, writeFioVolumeStudy } from './support/fio-sweep-study.js';
import { OUTPUT_DIR, REPO_ROOT, type RunningHost } from './support/host.js';
import { boxOf } from './support/layout.js';
import { closeWorkbench, openWorkbench } from './support/session.js';
import type { WorkbenchPage } from './support/workbench-page.js';

const TEMPLATE = path.join(REPO_ROOT, 'samples', 'fio', 'disk', 'randwrite-4k-qd16.json');
const SHOTS = path.join(OUTPUT_DIR, 'first-hour');
const LAPTOP = { width: 1024, height: 700 };
const DESKTOP = { width: 1440, height: 900 };
const STUDY = 'miztiik-automation-apps';

describe('the first hour in the workbench (issue 39)', () => {
  let host: RunningHost;
  let browser: Browser;
  let page: Page;
  let wb: WorkbenchPage;
  /** Each volume's seven files. */
  const byVolume = new Map<string, string[]>();
  let summary = '';

  before(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    ({ host, browser, page, wb } = await openWorkbench({ page: { viewport: LAPTOP } }));
    const dir = path.join(host.home, 'downloads');
    for (const v of VOLUMES) byVolume.set(v.device, writeFioVolumeStudy(dir, TEMPLATE, [v]));
    // The author's own summary of the same results, in the same folder.
    summary = path.join(dir, 'summary.csv');
    fs.writeFileSync(summary, `device,block size,iops\n${VOLUMES.flatMap((v) => VOLUME_BLOCK_SIZES.map((kib) => `${v.device},${kib}k,${Math.round((16_000 * v.scale * 16) / (16 + kib))}`)).join('\n')}\n`);
  });
  after(() => closeWorkbench({ host, browser }));

  const sheet = () => wb.sheet();
  const studyMeta = () => page.locator(`.study-list button[data-study="${STUDY}"] [data-testid="study-meta"]`);
  const openTab = async (tab: string): Promise<void> => {
    await page.locator(`[data-tab="${tab}"]`).click();
    await page.waitForFunction(() => !document.querySelector('[role="tabpanel"] [data-state="loading"]'));
  };

  it('a first drop: a new study named from the files\' common name, "Name the configuration." at its field, the summary table apart and unticked', async () => {
    await wb.dropFiles([...byVolume.get('md0')!, summary]);
    assert.equal(await sheet().locator('input[name="study"]').inputValue(), STUDY, 'the words the file names share, not the first file\'s name');
    assert.match(await sheet().locator('[data-testid="study-kind"]').textContent() ?? '', /^A new study\./);
    // The CSV: listed apart, unticked, its mapping shown; the import counts the tool outputs only.
    const apart = sheet().locator('[data-testid="tables-apart"]');
    assert.deepEqual(await apart.locator(':scope > table > tbody > tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-file'))), ['summary.csv']);
    assert.equal(await apart.locator('input[name="import-table"]').isChecked(), false);
    assert.equal(await apart.locator('[data-testid="column-mapping"][data-file="summary.csv"]').count(), 1, 'its mapping to check');
    assert.equal(await sheet().locator('.sheet-files tbody tr').count(), 7, 'the main list holds the tool outputs');
    assert.equal((await sheet().locator('button[type="submit"]').textContent())?.trim(), 'Import 7 files');

    // Import with no configuration named: the sentence is at the field, in view, and the field has the focus.
    for (const size of [LAPTOP, DESKTOP]) {
      await page.setViewportSize(size);
      await sheet().locator('button[type="submit"]').click();
      const missing = sheet().locator('#import-missing');
      await missing.waitFor();
      assert.equal(await missing.textContent(), 'Name the configuration.');
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'config');
      assert.equal(await sheet().locator('input[name="config"]').getAttribute('aria-invalid'), 'true');
      const box = (await boxOf(page, '#import-missing'))!;
      assert.ok(box.top >= 0 && box.bottom <= size.height, `the sentence is in the window at ${size.width}×${size.height} (${box.top}–${box.bottom})`);
      await wb.screenshot(path.join(SHOTS, `sheet-name-the-configuration-${size.width}.png`));
    }
    await page.setViewportSize(LAPTOP);
    await sheet().locator('input[name="config"]').fill('md0');
    assert.equal(await sheet().locator('#import-missing').count(), 0, 'typing clears it');
    await sheet().locator('button[type="submit"]').click();
    await page.waitForSelector('[data-testid="import-sheet"][data-state="done"]');
    assert.match(await sheet().locator('[data-testid="import-summary"]').textContent() ?? '', /Imported 7 files \(7 runs\)/);
    await wb.closeSheet();
    await page.waitForSelector(`[data-testid="study-view"][data-study="${STUDY}"][data-state="ready"]`);
    assert.match(await studyMeta().textContent() ?? '', /^7 runs · md0$/, 'the summary table added no run');
  });

  it('a second drop goes into the open study: only the configuration is typed', async () => {
    await wb.dropFiles(byVolume.get('nvme1n1')!);
    assert.equal(await sheet().locator('input[name="study"]').inputValue(), STUDY);
    assert.match(await sheet().locator('[data-testid="study-kind"]').textContent() ?? '', new RegExp(`^Adds to the open study "${STUDY}"\\. Import into a new study ".+" instead`));
    // The configurations the study has so far are offered.
    assert.deepEqual(await sheet().locator('#config-names option').evaluateAll((os) => os.map((o) => o.getAttribute('value'))), ['md0']);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'config', 'the field to type in has the focus');
    await page.keyboard.type('nvme1n1');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="import-sheet"][data-state="done"]');
    await wb.closeSheet();
    await studyMeta().filter({ hasText: /^14 runs · md0 \/ nvme1n1$/ }).waitFor();
    assert.equal(await page.locator('.study-list button[data-study]').count(), 1, 'no second study');
  });

  it('Scaling opens on the swept block size, named "Block size", and keeps the user\'s choice across tabs', async () => {
    await openTab('scaling');
    const view = page.locator('[data-testid="scaling-view"]');
    assert.equal(await view.getAttribute('data-x'), 'bs');
    assert.equal(await view.locator('select[name="scaling-x"] option:checked').textContent(), 'Block size');
    await page.waitForSelector('.chart[data-chart="scaling"][data-state="ready"]');
    const axis = await page.evaluate(() => (window.perfdeltaCharts!['scaling']!.getOption() as { xAxis: Array<{ name: string }> }).xAxis[0]!.name);
    assert.equal(axis, 'Block size');
    // No knee on block size: no latency to judge one on, and no "none measured" said of runs that measured it.
    assert.equal(await view.locator('select[name="scaling-latency"]').count(), 0);
    await view.locator('select[name="scaling-metric"]').selectOption('total.bw_mib_s');
    await wb.screenshot(path.join(SHOTS, 'scaling-block-size-1024.png'));
    await openTab('runs');
    await openTab('scaling');
    assert.deepEqual([await view.getAttribute('data-x'), await view.getAttribute('data-metric')], ['bs', 'total.bw_mib_s'], 'the choice survives the tab switch');
  });

  it('Runs: block sizes in natural order, and a clicked run\'s detail is scrolled into view under its table', async () => {
    await openTab('runs');
    const sizes = await page.locator('.config-group[data-config="md0"] tbody td[data-col="bs"]').allTextContents();
    assert.deepEqual(sizes, VOLUME_BLOCK_SIZES.map((k) => `${k}K`), '4K, 8K … 256K, not the files\' 128K before 16K');
    const last = page.locator('.config-group[data-config="md0"] tbody tr[data-run]').last();
    const id = await last.getAttribute('data-run');
    await last.click();
    const detail = page.locator(`.config-group[data-config="md0"] [data-testid="run-detail"][data-run="${id}"]`);
    await detail.waitFor();
    const box = (await boxOf(page, `[data-testid="run-detail"][data-run="${id}"]`))!;
    assert.ok(box.top >= 0 && box.top < LAPTOP.height / 2, `the detail's top is in view (${Math.round(box.top)} px)`);
    await page.waitForSelector(`[data-testid="run-detail"][data-run="${id}"][data-state="ready"]`);
    await wb.screenshot(path.join(SHOTS, 'runs-detail-1024.png'));
  });

  it('undo: the notice goes with the next action, Ctrl+Z undoes, a later delete says it makes the earlier one final', async () => {
    const deleteRun = async (config: string, nth: number, check?: (dialog: string) => void): Promise<void> => {
      await openTab('runs');
      await page.locator(`.config-group[data-config="${config}"] tbody tr[data-run]`).nth(nth).locator('input[type="checkbox"]').check();
      await page.locator('[data-testid="runs-toolbar"] [data-action="delete-runs"]').click();
      const dialog = page.locator('[data-testid="delete-dialog"]');
      await dialog.locator('[data-testid="deletion-plan"]').waitFor();
      check?.(await dialog.textContent() ?? '');
      await dialog.locator('[data-testid="confirm"]').click();
      await page.locator('[data-testid="undo-notice"]').waitFor();
    };
    await deleteRun('nvme1n1', 0);
    await studyMeta().filter({ hasText: /^13 runs/ }).waitFor();
    await openTab('compare');
    assert.equal(await page.locator('[data-testid="undo-notice"]').count(), 0, 'the notice went with the next action');
    await page.locator('.study-header h1').click();
    await page.keyboard.press('Control+z');
    await page.locator('[data-testid="undo-restored"]').waitFor();
    assert.match(await page.locator('[data-testid="undo-restored"]').textContent() ?? '', /^Undone: Deleted 1 run \(1 file\)\.$/);
    await studyMeta().filter({ hasText: /^14 runs/ }).waitFor();

    await deleteRun('nvme1n1', 0, (text) => assert.ok(!/makes the previous one final/.test(text), 'nothing pending: nothing made final'));
    await deleteRun('md0', 0, (text) => assert.match(text, /Only the last delete can be undone: this delete makes the previous one final \(Deleted 1 run \(1 file\)\), and it can then no longer be undone\./));
    await wb.screenshot(path.join(SHOTS, 'undo-second-delete-1024.png'));
    await studyMeta().filter({ hasText: /^12 runs/ }).waitFor();
    await page.locator('.study-header h1').click();
    await page.keyboard.press('Control+z');
    await studyMeta().filter({ hasText: /^13 runs · md0 \/ nvme1n1$/ }).waitFor();
    // The Runs table follows the study's header once it has read the runs again.
    await page.waitForFunction(() => document.querySelectorAll('.config-group[data-config="md0"] tbody tr[data-run]').length === 7);
    assert.equal(await page.locator('.config-group[data-config="md0"] tbody tr[data-run]').count(), 7, 'the last delete undone');
    assert.equal(await page.locator('.config-group[data-config="nvme1n1"] tbody tr[data-run]').count(), 6, 'the one before it made final');
  });

  it('the rename dialog shows the name as typed, the whole of it selected; a long name stays inside its card', async () => {
    await page.locator(`.study-list [data-study-actions="${STUDY}"]`).click();
    await page.locator('[data-testid="study-menu"] [role="menuitem"]', { hasText: 'Rename' }).click();
    const dialog = page.locator('[data-testid="rename-dialog"]');
    const input = dialog.locator('input[name="new-name"]');
    await input.waitFor();
    const seen = await input.evaluate((el: HTMLInputElement) => ({
      value: el.value, start: el.selectionStart, end: el.selectionEnd, focused: document.activeElement === el,
      transforms: [el, el.closest('[role="dialog"]')!.querySelector('h2')!].map((e) => getComputedStyle(e).textTransform),
    }));
    assert.deepEqual(seen, { value: STUDY, start: 0, end: STUDY.length, focused: true, transforms: ['none', 'none'] });
    assert.equal(await dialog.locator('h2').textContent(), `Rename study "${STUDY}"`);
    // A long name with nowhere to break (the first file's name, as the issue's user got): it stays inside its card.
    await page.keyboard.type('miztiik_automation_apps_128kb_16threads_md0_randwrite');
    await dialog.locator('[data-testid="confirm"]').click();
    const card = page.locator('.study-list button[data-study="miztiik-automation-apps-128kb-16threads-md0-randwrite"]');
    await card.waitFor();
    const [name, box] = await Promise.all([card.locator('.study-name').evaluate((e) => e.getBoundingClientRect().right), card.evaluate((e) => e.getBoundingClientRect().right)]);
    assert.ok(name <= box, `the name ends inside its card (${name} > ${box})`);
    await wb.screenshot(path.join(SHOTS, 'sidebar-long-name-1024.png'));
  });
});
