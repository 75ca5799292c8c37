// Finds a Chromium for the end-to-end tests: $PERFDELTA_CHROMIUM, Playwright's, Chrome, or
// Debian's chromium. On Debian or Ubuntu as root it installs `chromium` when none is found;
// elsewhere it says, in one line, what to install.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

function which(name) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const p = path.join(dir, name);
    if (fs.existsSync(p)) return p;
  }
  return null;
}

function playwrightChromium() {
  const root = process.env.PLAYWRIGHT_BROWSERS_PATH ?? path.join(os.homedir(), '.cache', 'ms-playwright');
  if (!fs.existsSync(root)) return null;
  for (const dir of fs.readdirSync(root).filter((d) => d.startsWith('chromium')).sort().reverse()) {
    for (const rel of ['chrome-linux/chrome', 'chrome-linux64/chrome']) {
      const p = path.join(root, dir, rel);
      if (fs.existsSync(p)) return p;
    }
  }
  return null;
}

function find() {
  const env = process.env.PERFDELTA_CHROMIUM;
  if (env && fs.existsSync(env)) return env;
  return playwrightChromium() ?? NAMES.map(which).find(Boolean) ?? null;
}

function isDebianLike() {
  try {
    return /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(fs.readFileSync('/etc/os-release', 'utf8'));
  } catch {
    return false;
  }
}

/**
 * pdftotext and pdftoppm (poppler-utils) read the PDFs the report tests print. Installed like
 * Chromium on Debian as root; elsewhere the tests that need them say so and skip.
 */
export function ensurePoppler() {
  if (which('pdftotext') && which('pdftoppm')) return true;
  if (process.platform === 'linux' && isDebianLike() && process.getuid?.() === 0) {
    console.log('No pdftotext: installing Debian\'s poppler-utils (apt-get install poppler-utils)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'poppler-utils'], { stdio: 'inherit', env });
  }
  return Boolean(which('pdftotext') && which('pdftoppm'));
}

export function ensureChromium() {
  const found = find();
  if (found) return { path: found };
  if (process.platform === 'linux' && isDebianLike() && process.getuid?.() === 0) {
    console.log('No Chromium found: installing Debian\'s chromium (apt-get install chromium)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const r = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    if (r.status === 0 && find()) return { path: find() };
  }
  return { path: null, reason: 'No Chromium for the end-to-end tests: install one (Debian/Ubuntu: apt-get install chromium) or set PERFDELTA_CHROMIUM to its path.' };
}
