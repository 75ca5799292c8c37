/** Launches Chromium through playwright-core with the flags this workplace needs. */
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function launchChromium(): Promise<Browser> {
  const executablePath = process.env['PERFDELTA_CHROMIUM'];
  if (!executablePath) throw new Error('PERFDELTA_CHROMIUM is not set: run the e2e tests through `npm test` (it finds or installs Chromium)');
  return chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
}
