/**
 * `npm start`: the Electron window where Electron's binary is installed; otherwise one line
 * saying so, and the same workbench from the local web host, in Chromium's app mode when a
 * Chromium and a display exist, else as a URL to open.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { dataDir, dbPathIn } from '../core/paths.js';
import { findChromium } from './find-chromium.js';
import { samplesFromEnv, serve } from './serve.js';

/** How long the link printed in the terminal works, unused. */
const PRINTED_LINK_TTL_MS = 15 * 60_000;

/** The Electron binary, or why there is none. */
export function electronBinary(): { path: string } | { reason: string } {
  let resolved: unknown;
  try {
    resolved = require('electron');
  } catch {
    return { reason: 'the electron package is not installed (its binary download needs network access)' };
  }
  if (typeof resolved !== 'string' || !fs.existsSync(resolved)) return { reason: 'the Electron binary is missing' };
  if (!fs.existsSync(path.join(__dirname, '..', 'electron-native', 'better_sqlite3.node'))) {
    return { reason: 'better-sqlite3 is not compiled for Electron (run `node app/tools/build-electron-native.mjs`)' };
  }
  return { path: resolved };
}

async function main(): Promise<void> {
  const electron = electronBinary();
  if ('path' in electron && process.env['PERFDELTA_WEB'] !== '1') {
    const child = spawn(electron.path, [path.join(__dirname, 'electron-main.cjs')], { stdio: 'inherit' });
    child.on('exit', (code) => process.exit(code ?? 0));
    return;
  }
  const why = 'reason' in electron ? electron.reason : 'PERFDELTA_WEB=1';
  console.log(`Electron is not available (${why}): serving the workbench from the local web host instead.`);

  const dir = dataDir();
  const host = await serve({ dbPath: dbPathIn(dir), samples: samplesFromEnv() });
  // One-time links, never the token: a command line (Chromium's) is readable by every local
  // user, and a used or expired link is worth nothing (launch-session.ts). The printed one, for
  // a browser of the user's choice, gives the user time to open it.
  console.log(`Open ${host.launchLink(PRINTED_LINK_TTL_MS)} (a one-time link: it signs one browser in, within 15 minutes)`);
  console.log(`Data folder: ${dir}. Ctrl-C stops PerfDelta.`);

  const chromium = findChromium();
  const hasDisplay = process.platform !== 'linux' || Boolean(process.env['DISPLAY'] || process.env['WAYLAND_DISPLAY']);
  if (chromium && hasDisplay) {
    const profile = path.join(dir, 'chromium-profile');
    // Chromium refuses to run as root without --no-sandbox (containers, CI boxes).
    const asRoot = process.platform === 'linux' && process.getuid?.() === 0 ? ['--no-sandbox'] : [];
    spawn(chromium, [`--app=${host.launchLink()}`, `--user-data-dir=${profile}`, '--no-first-run', '--disable-sync',
      '--disable-background-networking', '--disable-component-update', '--window-size=1400,900', ...asRoot], { stdio: 'ignore', detached: true }).unref();
  }
  const stop = async (): Promise<void> => {
    await host.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

void main();
