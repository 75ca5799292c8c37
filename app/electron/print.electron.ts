/**
 * Electron's report printing: the same print page the web host prints through Chromium, loaded
 * in a hidden sandboxed window from app://, then webContents.printToPDF with the page's own
 * @page size. Runs in the main process; the page gets its data over the same RPC channel.
 */
import { APP_ORIGIN, type BrowserWindowOptions, type ElectronMain } from './electron-api.js';

const POLL_MS = 100;
const TIMEOUT_MS = 60_000;

export async function printReport(BrowserWindow: ElectronMain['BrowserWindow'], webPreferences: BrowserWindowOptions['webPreferences'], study: string, report: number): Promise<Uint8Array> {
  const win = new BrowserWindow({ width: 1200, height: 900, title: 'PerfDelta report', show: false, webPreferences });
  try {
    const q = new URLSearchParams({ print: 'report', study, report: String(report) });
    await win.loadURL(`${APP_ORIGIN}/index.html?${q.toString()}`);
    for (let waited = 0; ; waited += POLL_MS) {
      const state = await win.webContents.executeJavaScript(
        "(() => { const e = document.querySelector('[data-print-state]'); return e ? e.getAttribute('data-print-state') + '|' + (e.getAttribute('data-print-state') === 'error' ? e.textContent : '') : 'loading|'; })()",
      ) as string;
      const [what, message] = state.split('|');
      if (what === 'ready') break;
      if (what === 'error') throw new Error(`the report could not be laid out: ${message}`);
      if (waited > TIMEOUT_MS) throw new Error('the report page did not finish laying out within a minute');
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    return await win.webContents.printToPDF({ preferCSSPageSize: true, printBackground: true });
  } finally {
    win.destroy();
  }
}
