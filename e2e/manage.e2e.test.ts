/**
 * Managing what was imported, as a user does it in the browser: a drop goes into the open study
 * unless the user names another, and the workbench opens it; a mistyped configuration
 * is renamed; a run imported under the wrong label is moved; a run is excluded with a reason and
 * leaves Compare while the report's evidence states it; a delete says what goes and is undone.
 * Screenshots in English and Chinese land in e2e/output/.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { OUTPUT_DIR, REPO_ROOT, type RunningHost } from './support/host.js';
import { WorkbenchPage } from './support/workbench-page.js';
import { closeWorkbench, openWorkbench } from './support/session.js';

const FIO = path.join(REPO_ROOT, 'samples', 'fio');
const fio = (config: string, name: string): string => path.join(FIO, config, name);

describe('managing what was imported (web host, Chromium)', () => {
  let host: RunningHost;
  let browser: Browser;
  let page: Page;
  let wb: WorkbenchPage;
  let study = '';

  before(async () => {
    ({ host, browser, page, wb } = await openWorkbench({}));
  });
  after(() => closeWorkbench({ host, browser }));

  const runsTab = async (): Promise<void> => {
    await page.locator('[data-tab="runs"]').click();
    await page.waitForSelector('[data-testid="runs-table"]');
  };
  const runRow = (config: string, name: string) => page.locator(`.config-group[data-config="${config}"] tr[data-run]`, { hasText: name });
  /** Waits until the Runs tab lists exactly these configurations. */
  const configsAre = (names: string[]): Promise<unknown> => page.waitForFunction((want) =>
    JSON.stringify([...document.querySelectorAll('.config-group')].map((g) => g.getAttribute('data-config'))) === JSON.stringify(want), names);

  it('a drop goes into the open study unless the user names another, and the workbench opens the study imported into', async () => {
    await wb.dropFiles([fio('disk', 'seqread-128k-qd8.json')]);
    await wb.confirmImport('Existing study', 'disk');
    await wb.closeSheet();
    await page.waitForSelector('[data-testid="study-view"][data-study="existing-study"][data-state="ready"]');

    await wb.dropFiles([fio('disk', 'randread-4k-qd1.json'), fio('disk', 'randwrite-4k-qd16.json')]);
    assert.equal(await wb.sheet().locator('input[name="study"]').inputValue(), 'Existing study', 'the open study');
    assert.match(await wb.sheet().locator('[data-testid="study-kind"]').textContent() ?? '', /Adds to the open study "Existing study"\. Import into a new study "Import \d{4}-\d\d-\d\d" instead/);
    // The user says otherwise: a study of its own.
    await wb.sheet().locator('input[name="study"]').fill('randread-4k-qd1');
    assert.match(await wb.sheet().locator('[data-testid="study-kind"]').textContent() ?? '', /A new study\. Import into the open study "Existing study" instead/);
    await wb.screenshot(path.join(OUTPUT_DIR, 'manage-import-new-study.png'));
    await wb.sheet().locator('input[name="config"]').fill('disk');
    await wb.sheet().locator('button[type="submit"]').click();
    await page.waitForSelector('[data-testid="import-sheet"][data-state="done"]');
    await wb.closeSheet();
    study = 'randread-4k-qd1';
    await page.waitForSelector(`[data-testid="study-view"][data-study="${study}"][data-state="ready"]`);
    assert.equal(await page.locator('.study-list button.active').getAttribute('data-study'), study, 'the new study is the one open');
  });

  it('the second configuration, mistyped, is renamed from the Runs tab', async () => {
    await wb.dropFiles([fio('tmpfs', 'randread-4k-qd1.json'), fio('tmpfs', 'randwrite-4k-qd16.json')]);
    await wb.confirmImport('randread-4k-qd1', 'tmfps');
    await wb.closeSheet();
    await runsTab();
    await page.locator('.config-group[data-config="tmfps"] [data-action="rename-config"]').click();
    const dialog = page.locator('[data-testid="rename-dialog"]');
    await dialog.locator('input[name="new-name"]').fill('tmpfs');
    await dialog.locator('[data-testid="confirm"]').click();
    await configsAre(['disk', 'tmpfs']);
    assert.match(await page.locator(`.study-list button[data-study="${study}"]`).textContent() ?? '', /disk \/ tmpfs/);
  });

  it('a run imported under the wrong label is moved to its configuration', async () => {
    await wb.dropFiles([fio('tmpfs', 'seqread-128k-qd8.json')]);
    await wb.confirmImport('randread-4k-qd1', 'disk');
    await wb.closeSheet();
    await runsTab();
    await runRow('disk', 'seqread').locator('input[type="checkbox"]').check();
    const toolbar = page.locator('[data-testid="runs-toolbar"]');
    await toolbar.locator('select[name="move-to"]').selectOption('tmpfs');
    await toolbar.locator('[data-action="move"]').click();
    await page.waitForFunction(() => document.querySelectorAll('.config-group[data-config="tmpfs"] tr[data-run]').length === 3);
    assert.equal(await page.locator('.config-group[data-config="disk"] tr[data-run]').count(), 2);
  });

  it('a file imported again under its right label: the sheet offers to move its runs there', async () => {
    await wb.dropFiles([fio('disk', 'seqwrite-128k-qd8.json')]);
    await wb.confirmImport('randread-4k-qd1', 'tmpfs');
    await wb.closeSheet();
    await wb.dropFiles([fio('disk', 'seqwrite-128k-qd8.json')]);
    await wb.confirmImport('randread-4k-qd1', 'disk');
    const offer = wb.sheet().locator('[data-testid="duplicates-elsewhere"]');
    assert.match(await offer.textContent() ?? '', /1 file had been imported before under "tmpfs": its runs are still there, not under "disk"\./);
    await offer.locator('[data-testid="move-duplicates"]').click();
    assert.match(await wb.sheet().locator('[data-testid="duplicates-moved"]').textContent() ?? '', /Moved 1 run to "disk"\./);
    await wb.closeSheet();
    await runsTab();
    await runRow('disk', 'seqwrite').waitFor();
    assert.equal(await runRow('tmpfs', 'seqwrite').count(), 0);
  });

  it('an excluded run is struck through with its reason, leaves Compare, and the report\'s evidence states it', async () => {
    await wb.compare('disk', 'tmpfs', 'total.iops');
    const before = (await wb.speedupTable()).map((r) => r.workload);
    assert.equal(before.length, 2);
    const randwrite = before.find((w) => /write/i.test(w))!;

    await runsTab();
    await runRow('tmpfs', 'randwrite').locator('input[type="checkbox"]').check();
    await page.locator('[data-testid="runs-toolbar"] [data-action="exclude"]').click();
    const dialog = page.locator('[data-testid="exclude-dialog"]');
    assert.equal(await dialog.locator('[data-testid="confirm"]').isDisabled(), true, 'no exclusion without a reason');
    await dialog.locator('input[name="reason"]').fill('first run after a reboot: page cache cold');
    await dialog.locator('[data-testid="confirm"]').click();
    const row = runRow('tmpfs', 'randwrite');
    await page.waitForSelector('.config-group[data-config="tmpfs"] tr[data-excluded="true"]');
    assert.match(await row.locator('[data-testid="excluded-reason"]').textContent() ?? '', /Excluded: first run after a reboot: page cache cold/);
    assert.equal(await row.locator('.run-name').evaluate((e) => getComputedStyle(e).textDecorationLine), 'line-through');
    await wb.screenshot(path.join(OUTPUT_DIR, 'manage-runs-excluded.png'));

    await wb.compare('disk', 'tmpfs', 'total.iops');
    const after = (await wb.speedupTable()).map((r) => r.workload);
    assert.deepEqual(after, before.filter((w) => w !== randwrite), 'the excluded run\'s workload no longer pairs');

    await page.locator('[data-tab="reports"]').click();
    await page.locator('button[name="create-report"]').click();
    await page.waitForSelector('[data-testid="reports-view"][data-state="ready"] [data-testid="report-preview"] .pd-page');
    await page.waitForFunction(() => document.querySelector('.pd-report')?.getAttribute('data-pages') !== null);
    const text = await page.locator('[data-testid="report-preview"]').textContent() ?? '';
    assert.match(text, /Runs excluded from comparisons/);
    assert.match(text, /first run after a reboot: page cache cold/);
  });

  it('prices per configuration and IOPS per 1,000 $/month, compared like IOPS', async () => {
    await wb.compare('disk', 'tmpfs', 'total.iops');
    const iops = (await wb.speedupTable())[0]!;
    await runsTab();
    for (const [config, price] of [['disk', '250'], ['tmpfs', '2000']] as const) {
      await page.locator(`.config-group[data-config="${config}"] [data-action="constants"]`).click();
      const panel = page.locator(`[data-testid="constants-panel"][data-config="${config}"]`);
      await panel.locator('input[name="constant-value"]').fill(price);
      await panel.locator('button[type="submit"]').click();
      await panel.locator('tr[data-constant="price_usd_month"]').waitFor();
      assert.match(await panel.locator('tr[data-constant="price_usd_month"]').textContent() ?? '', /\$\/month.*in the workbench/);
    }
    await page.locator('.derived-section summary').click();
    const derived = page.locator('[data-testid="derived-panel"]');
    await derived.locator('input[name="derived-name"]').fill('iops_per_kusd');
    await derived.locator('select[name="derived-metric"]').selectOption('total.iops');
    await derived.locator('button[type="submit"]').click();
    await derived.locator('[data-derived="derived.iops_per_kusd"]').waitFor();
    assert.match(await derived.textContent() ?? '', /total IOPS per 1,000 \$\/month \[IOPS per 1,000 \$\/month\] = total\.iops ÷ price_usd_month × 1,000/);
    await wb.screenshot(path.join(OUTPUT_DIR, 'manage-constants-derived.png'));

    await wb.compare('disk', 'tmpfs', 'derived.iops_per_kusd');
    const perPrice = (await wb.speedupTable()).find((r) => r.workload === iops.workload)!;
    // tmpfs costs 8x as much: its IOPS per dollar gain is the IOPS gain over 8.
    assert.ok(Math.abs(parseFloat(perPrice.speedup) - parseFloat(iops.speedup) / 8) < 0.02, `${perPrice.speedup} against ${iops.speedup} / 8`);
    assert.match(await page.locator('[data-testid="compare-view"]').textContent() ?? '', /IOPS per 1,000 \$\/month/);
  });

  it('a delete says what goes and is undone from its notice', async () => {
    await runsTab();
    await runRow('tmpfs', 'seqread').locator('input[type="checkbox"]').check();
    await page.locator('[data-testid="runs-toolbar"] [data-action="delete-runs"]').click();
    const dialog = page.locator('[data-testid="delete-dialog"]');
    await dialog.locator('[data-testid="deletion-plan"]').waitFor();
    const plan = await dialog.textContent() ?? '';
    assert.match(plan, /The 1 run and the 1 imported file left with no run/);
    assert.match(plan, /seqread-128k-qd8\.json/);
    assert.match(plan, /1 original file that no other study uses will leave the store when the delete is final/);
    await wb.screenshot(path.join(OUTPUT_DIR, 'manage-delete-dialog.png'));
    await dialog.locator('[data-testid="confirm"]').click();
    const notice = page.locator('[data-testid="undo-notice"]');
    await notice.waitFor();
    assert.match(await notice.textContent() ?? '', /Deleted 1 run \(1 file\)\. It can be undone until the next delete\./);
    await page.waitForFunction(() => document.querySelectorAll('.config-group[data-config="tmpfs"] tr[data-run]').length === 2);
    await wb.screenshot(path.join(OUTPUT_DIR, 'manage-undo-notice.png'));
    await notice.locator('[data-testid="undo"]').click();
    await notice.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.querySelectorAll('.config-group[data-config="tmpfs"] tr[data-run]').length === 3);
  });

  it('a study is deleted from its context menu, and the list no longer shows it', async () => {
    await page.locator('.study-list [data-study-actions="existing-study"]').click();
    await page.locator('[data-testid="study-menu"] [role="menuitem"]', { hasText: 'Delete' }).click();
    const dialog = page.locator('[data-testid="delete-dialog"]');
    await dialog.locator('[data-testid="deletion-plan"]').waitFor();
    assert.match(await dialog.textContent() ?? '', /Its 1 run in 1 configuration, 1 imported file/);
    await dialog.locator('[data-testid="confirm"]').click();
    await page.locator('.study-list button[data-study="existing-study"]').waitFor({ state: 'detached' });
    assert.match(await page.locator('[data-testid="undo-notice"]').textContent() ?? '', /Deleted study "Existing study" \(1 run\)/);
  });

  it('the same in Chinese: the Runs tab, a delete dialog and the notice read in Chinese', async () => {
    await page.locator('.lang select').selectOption('zh-CN');
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    await wb.openStudy(study);
    await runsTab();
    assert.match(await page.locator('.config-group[data-config="tmpfs"] [data-testid="excluded-reason"]').textContent() ?? '', /已排除：first run after a reboot/);
    await page.locator('.config-group[data-config="tmpfs"] [data-action="constants"]').click();
    await page.locator('[data-testid="constants-panel"] input[name="constant-value"]').fill('4936');
    await page.locator('[data-testid="constants-panel"] button[type="submit"]').click();
    await page.waitForSelector('[data-testid="constants-panel"] tr[data-constant="price_usd_month"]');
    await wb.screenshot(path.join(OUTPUT_DIR, 'manage-runs-zh.png'));
    await page.locator('.config-group[data-config="disk"] [data-action="delete-config"]').click();
    const dialog = page.locator('[data-testid="delete-dialog"]');
    await dialog.locator('[data-testid="deletion-plan"]').waitFor();
    assert.match(await dialog.textContent() ?? '', /删除配置“disk”？/);
    await wb.screenshot(path.join(OUTPUT_DIR, 'manage-delete-dialog-zh.png'));
    await dialog.locator('button', { hasText: '取消' }).click();
    await page.locator('.lang select').selectOption('en');
  });
});
