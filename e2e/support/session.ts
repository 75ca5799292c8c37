/**
 * One workbench for a test file: the web host on a fresh data folder, Chromium, a page that
 * fails the test on any page error, and the page object; `close` ends them all.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium } from './browser.js';
import { OUTPUT_DIR, startHost, type RunningHost } from './host.js';
import { WorkbenchPage } from './workbench-page.js';

export interface Workbench {
  host: RunningHost;
  browser: Browser;
  page: Page;
  wb: WorkbenchPage;
}

export async function openWorkbench(options: { loadSamples?: boolean; home?: string; page?: BrowserContextOptions } = {}): Promise<Workbench> {
  fs.mkdirSync(OUTPUT_DIR, { recursive: true });
  const host = await startHost({ loadSamples: options.loadSamples, home: options.home });
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true, ...options.page });
  page.on('pageerror', (err) => assert.fail(`page error: ${err.message}`));
  const wb = new WorkbenchPage(page);
  await wb.open(host.url);
  return { host, browser, page, wb };
}

export async function closeWorkbench(w: Partial<Workbench>): Promise<void> {
  await w.browser?.close();
  await w.host?.stop();
}
