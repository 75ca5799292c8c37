/** Finds a Chromium to open the workbench in (and for the e2e tests): env, PATH, Playwright's. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'];

function onPath(name: string): string | null {
  for (const dir of (process.env['PATH'] ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

function playwrightChromium(): string | null {
  const root = process.env['PLAYWRIGHT_BROWSERS_PATH'] ?? path.join(os.homedir(), '.cache', 'ms-playwright');
  if (!fs.existsSync(root)) return null;
  for (const dir of fs.readdirSync(root).filter((d) => d.startsWith('chromium')).sort().reverse()) {
    for (const rel of ['chrome-linux/chrome', 'chrome-linux64/chrome', 'chrome-mac/Chromium.app/Contents/MacOS/Chromium', 'chrome-win/chrome.exe']) {
      const p = path.join(root, dir, rel);
      if (fs.existsSync(p)) return p;
    }
  }
  return null;
}

export function findChromium(): string | null {
  const fromEnv = process.env['PERFDELTA_CHROMIUM'] ?? process.env['CHROME_PATH'];
  if (fromEnv && fs.existsSync(fromEnv)) return fromEnv;
  for (const name of NAMES) {
    const p = onPath(name);
    if (p) return p;
  }
  return playwrightChromium();
}
