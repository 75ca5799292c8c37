/**
 * Issue 18: `npm start` put the web host's token on Chromium's command line, where any local
 * user reads it with `ps`. Started the way `npm start` starts it, the workbench now gets a
 * one-time launch link there: this test reads every command line of that Chromium from /proc,
 * tries what it finds against the host (refused: the link was used, there is no token), and
 * checks the workbench in that Chromium works, signed in by an HttpOnly SameSite=Strict cookie.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { eventually } from '../app/core/test-support/processes.js';
import { OUTPUT_DIR, REPO_ROOT } from './support/host.js';

const START = path.join(REPO_ROOT, 'build', 'app', 'start.cjs');

/** Every process whose command line names `needle`, with that command line's arguments. */
function processesNaming(needle: string): Array<{ pid: number; args: string[] }> {
  const out: Array<{ pid: number; args: string[] }> = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean);
      if (args.some((a) => a.includes(needle))) out.push({ pid: Number(entry), args });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

describe('npm start: nothing secret on Chromium\'s command line', { skip: process.platform !== 'linux' ? 'reads /proc' : false }, () => {
  let home: string;
  let start: ChildProcess;
  let stdout = '';
  let browser: Browser | null = null;
  let chromiumPid: number | null = null;

  before(async () => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-launch-e2e-'));
    // Chromium as `npm start` runs it, plus what a machine without a screen needs to run it at
    // all (headless) and what the test needs to look inside (a DevTools port, written to the profile).
    const wrapper = path.join(home, 'chromium');
    fs.writeFileSync(wrapper, `#!/bin/sh\nexec ${process.env['PERFDELTA_CHROMIUM'] ?? '/usr/bin/chromium'} --headless=new --remote-debugging-port=0 --disable-gpu "$@"\n`, { mode: 0o755 });
    start = spawn(process.execPath, [START], {
      env: { ...process.env, PERFDELTA_HOME: home, PERFDELTA_WEB: '1', PERFDELTA_CHROMIUM: wrapper, DISPLAY: process.env['DISPLAY'] ?? ':99', PERFDELTA_QUIET: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    start.stdout!.on('data', (c: Buffer) => { stdout += c.toString(); });
    await eventually(() => /Data folder:/.test(stdout), 'npm start to print its link', 120_000);
  });

  after(async () => {
    await browser?.close().catch(() => undefined);
    if (chromiumPid !== null) {
      try {
        process.kill(-chromiumPid, 'SIGTERM'); // its own process group: it was started detached
      } catch {
        // already gone
      }
    }
    if (start.exitCode === null) {
      const exited = new Promise((r) => start.once('exit', r));
      start.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(home, { recursive: true, force: true });
  });

  it('carries only a used launch link, which the host refuses; the workbench there works on its cookie', async () => {
    const profile = path.join(home, 'chromium-profile');
    await eventually(() => processesNaming(`--user-data-dir=${profile}`).some((p) => p.args.some((a) => a.startsWith('--app='))), 'Chromium to start', 60_000);
    const procs = processesNaming(`--user-data-dir=${profile}`);
    const main = procs.find((p) => p.args.some((a) => a.startsWith('--app=')))!;
    chromiumPid = main.pid;
    const commandLines = procs.map((p) => p.args.join(' '));
    const appUrl = new URL(main.args.find((a) => a.startsWith('--app='))!.slice('--app='.length));
    assert.equal(appUrl.pathname, '/launch', 'Chromium opens a launch link');
    assert.ok(commandLines.every((c) => !/token=/.test(c)), 'no token on any command line');

    // The workbench in that Chromium, once it has used its link.
    const portFile = path.join(profile, 'DevToolsActivePort');
    // The file appears before its port is written in it.
    const portOf = (): string => (fs.existsSync(portFile) ? /^\d+/.exec(fs.readFileSync(portFile, 'utf8'))?.[0] ?? '' : '');
    await eventually(() => portOf() !== '', 'the DevTools port', 60_000);
    const devtoolsPort = portOf();
    browser = await chromium.connectOverCDP(`http://127.0.0.1:${devtoolsPort}`);
    // The page once the launch link has redirected it to the workbench.
    const workbench = (): Page | undefined => browser!.contexts().flatMap((c) => c.pages()).find((p) => p.url() === `${appUrl.origin}/`);
    await eventually(() => workbench() !== undefined, 'the launch link to lead on to the workbench', 60_000);
    const page = workbench();
    await page!.waitForSelector('.app[data-state="ready"]', { timeout: 60_000 });
    await page!.waitForSelector('.study-list button[data-study="fio-disk-vs-tmpfs"]', { timeout: 60_000 });
    await page!.screenshot({ path: path.join(OUTPUT_DIR, 'launch-cookie-workbench.png') });
    const cookies = await page!.context().cookies(appUrl.origin);
    const session = cookies.find((c) => c.name === `perfdelta_session_${appUrl.port}`);
    assert.ok(session, 'signed in by the session cookie');
    assert.equal(session.httpOnly, true);
    assert.equal(session.sameSite, 'Strict');
    assert.equal(await page!.evaluate(() => document.cookie), '', 'the page\'s scripts cannot read it');

    // Whatever a local user reads from ps: the used link, and any long hex string as a token.
    const used = await fetch(appUrl, { redirect: 'manual' });
    assert.equal(used.status, 401, 'the launch link from the command line is used up');
    assert.equal(used.headers.get('set-cookie'), null);
    const secrets = [...new Set(commandLines.join(' ').match(/[0-9a-f]{32,}/g) ?? [])];
    assert.ok(secrets.length > 0, 'the launch code was found on the command line');
    for (const s of secrets) {
      const call = await fetch(`${appUrl.origin}/rpc`, { method: 'POST', headers: { authorization: `Bearer ${s}`, 'content-type': 'application/json' }, body: JSON.stringify({ method: 'studies.list', args: {} }) });
      assert.equal(call.status, 401, `${s.slice(0, 8)}… from the command line opens nothing`);
      assert.equal((await fetch(`${appUrl.origin}/launch?code=${s}`, { redirect: 'manual' })).status, 401);
    }
  });

  it('prints a one-time link of its own, which signs one browser in, once', async () => {
    const printed = /Open (http:\/\/127\.0\.0\.1:\d+\/launch\?code=[0-9a-f]{64})/.exec(stdout);
    assert.ok(printed, stdout);
    assert.doesNotMatch(stdout, /token=/);
    const first = await fetch(printed[1]!, { redirect: 'manual' });
    assert.equal(first.status, 303);
    assert.match(first.headers.get('set-cookie') ?? '', /HttpOnly; SameSite=Strict/);
    assert.equal((await fetch(printed[1]!, { redirect: 'manual' })).status, 401);
  });
});
