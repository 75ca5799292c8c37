/**
 * Prints a report to PDF through Chromium: the web host's own print page (the same React
 * renderer, charts as SVG without animation), loaded headless, then Page.printToPDF. Used by
 * the web host and the CLI; Electron prints the same page with its own printToPDF.
 */
import { findChromium } from '../start/find-chromium.js';

export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** The print page's address on a host: the token in the fragment, as for the workbench. */
export function printUrl(baseUrl: string, token: string, study: string, report: number): string {
  const q = new URLSearchParams({ print: 'report', study, report: String(report) });
  return `${baseUrl}?${q.toString()}#token=${token}`;
}

/** Waits for the print page to say it is laid out (or why it could not be). */
export const READY_SELECTOR = '[data-print-state="ready"], [data-print-state="error"]';

export async function printWithChromium(url: string, timeoutMs = 60_000): Promise<Uint8Array> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('printing to PDF needs Chromium or Chrome: install one (Debian/Ubuntu: apt-get install chromium) or set PERFDELTA_CHROMIUM');
  // playwright-core drives the browser: no download, the browser found above.
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS, headless: true });
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(url);
    const state = await page.waitForSelector(READY_SELECTOR, { timeout: timeoutMs });
    if ((await state.getAttribute('data-print-state')) === 'error') {
      throw new Error(`the report could not be laid out: ${(await state.textContent())?.trim() ?? ''}`);
    }
    // Page size, orientation and margins come from the page's @page rule.
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    return new Uint8Array(pdf);
  } finally {
    await browser.close();
  }
}
