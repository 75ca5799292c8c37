/**
 * Issue #38 item 9: study files in the browser workbench travel as streams both ways. A study
 * file over 24 MB (a study holding a 31 MB fio log) was refused on open (413: the 16 MiB JSON
 * limit, the file sent as base64 in JSON); saving a large study built one base64 string in the
 * host. Here the file is opened with *Open study file…* in Chromium (uploaded as the raw body
 * the host spools), then saved with *Save study file* (a download the host streams from its
 * spool, once), and the saved file opens in a fresh data folder with the same runs.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { eventually, writeBigLog } from '../app/core/test-support/processes.js';
import { launchChromium } from './support/browser.js';
import { OUTPUT_DIR, runCli, startHost, type RunningHost } from './support/host.js';
import { WorkbenchPage } from './support/workbench-page.js';

const MB = 1e6;

describe('study files through the web host, as streams', () => {
  let browser: Browser;
  let host: RunningHost;
  let page: Page;
  let work: string;
  let studyFile: string;

  before(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-e2e-study-'));
    // A study holding a 31 MB fio log: its study file is well over the 16 MiB a JSON call takes.
    const source = path.join(work, 'source');
    const log = path.join(work, 'long-run_clat.1.log');
    writeBigLog(log, 1_200_000);
    assert.equal(runCli(source, 'import', '--study', 'Long run', '--config', 'nvme', log).status, 0);
    studyFile = path.join(work, 'long-run.perfdelta');
    assert.equal(runCli(source, 'save-study', '--study', 'Long run', '--out', studyFile).status, 0);
    browser = await launchChromium();
    host = await startHost();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
  });

  after(async () => {
    await page?.close();
    await browser?.close();
    await host?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('opens a study file over 24 MB and saves it again, whole', { timeout: 300_000 }, async () => {
    const size = fs.statSync(studyFile).size;
    assert.ok(size > 24 * MB, `the study file is ${(size / MB).toFixed(1)} MB`);
    const wb = new WorkbenchPage(page);
    await wb.open(host.url);
    await page.locator('[data-testid="study-file-input"]').setInputFiles(studyFile);
    await page.waitForSelector('[data-testid="study-view"][data-study="long-run"][data-state="ready"]', { timeout: 120_000 });
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'study-file-opened.png') });

    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('button[name="save-study-file"]').click()]);
    assert.equal(download.suggestedFilename(), 'long-run.perfdelta');
    const saved = path.join(work, 'saved.perfdelta');
    await download.saveAs(saved);
    assert.ok(fs.statSync(saved).size > 24 * MB, `the saved file is ${(fs.statSync(saved).size / MB).toFixed(1)} MB`);

    // The download was offered once: the spool holds nothing of it once it is sent.
    const spool = path.join(host.home, 'spool');
    const left = (): string[] => (fs.readdirSync(spool, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(spool, f)).isFile());
    await eventually(() => left().length === 0, 'the spool to hold nothing of the study file');

    // The saved file is the study: opened in a fresh data folder, the same run with the same figures.
    const fresh = path.join(work, 'fresh');
    assert.equal(runCli(fresh, 'open-study', saved).status, 0);
    const figures = (home: string): unknown => (JSON.parse(runCli(home, 'runs', '--json').stdout) as Array<{ name: string; metrics: unknown }>).map((r) => [r.name, r.metrics]);
    assert.deepEqual(figures(fresh), figures(path.join(work, 'source')));
  });
});
