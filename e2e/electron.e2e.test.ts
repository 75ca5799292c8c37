/**
 * The same flow in the Electron window, through the preload bridge. Runs where the Electron
 * binary is installed; elsewhere it is reported as skipped, with the reason.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { _electron as electron } from 'playwright-core';
import { OUTPUT_DIR, REPO_ROOT } from './support/host.js';
import { WorkbenchPage } from './support/workbench-page.js';

function electronBinary(): { path: string } | { reason: string } {
  try {
    const p = createRequire(import.meta.url)('electron') as unknown;
    if (typeof p === 'string' && fs.existsSync(p)) return { path: p };
    return { reason: 'the electron package is installed but its binary is missing' };
  } catch {
    return { reason: 'Electron binary not installed: the electron package (an optional dependency) could not download it on this machine' };
  }
}

const binary = electronBinary();
const skip = 'reason' in binary ? binary.reason : process.platform === 'linux' && !process.env['DISPLAY'] ? 'no DISPLAY for an Electron window (run under xvfb-run)' : false;

describe('workbench in Electron', () => {
  it('imports two configurations and shows the speedups', { skip }, async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-electron-'));
    const app = await electron.launch({
      executablePath: (binary as { path: string }).path,
      args: [path.join(REPO_ROOT, 'build', 'app', 'electron-main.cjs')],
      env: { ...process.env, PERFDELTA_HOME: home, PERFDELTA_NO_SAMPLES: '1' },
    });
    try {
      const page = await app.firstWindow();
      const wb = new WorkbenchPage(page);
      await page.waitForSelector('.app[data-state="ready"]');
      assert.equal(await page.evaluate(() => typeof (window as unknown as { require?: unknown }).require), 'undefined', 'no Node in the renderer');
      for (const config of ['disk', 'tmpfs']) {
        const dir = path.join(REPO_ROOT, 'samples', 'fio', config);
        await wb.dropFiles(fs.readdirSync(dir).map((f) => path.join(dir, f)));
        assert.match(await wb.confirmImport('Disk vs RAM', config), /Imported 6 files/);
        await wb.closeSheet();
      }
      await wb.openStudy('disk-vs-ram');
      await wb.compare('disk', 'tmpfs', 'total.iops');
      const chart = await wb.chart('compare-bars');
      const table = await wb.speedupTable();
      chart.categories.forEach((w, i) => {
        const b = chart.series[0]!.data[i] as number;
        const c = (chart.series[1]!.data[i] as { value: number }).value;
        assert.equal(table.find((r) => r.workload === w)!.speedup, `${(c / b).toFixed(2)}x`);
      });
      await wb.screenshot(path.join(OUTPUT_DIR, 'electron-compare.png'));

      // A report from a template, printed by Electron's printToPDF in a hidden window.
      await page.locator('[data-tab="reports"]').click();
      await page.locator('button[name="create-report"]').click();
      await page.waitForSelector('[data-testid="report-preview"] .pd-page');
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('button[name="export-pdf"]').click()]);
      const pdf = path.join(OUTPUT_DIR, 'electron-report.pdf');
      await download.saveAs(pdf);
      assert.equal(fs.readFileSync(pdf).subarray(0, 5).toString(), '%PDF-');
    } finally {
      await app.close();
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});
