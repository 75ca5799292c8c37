/** Starts the real web host (the built CLI's `serve`) on a fresh data folder. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const OUTPUT_DIR = path.join(REPO_ROOT, 'e2e', 'output');

const CLI = path.join(REPO_ROOT, 'app', 'cli', 'bin.cjs');

/** The built CLI on the data folder `home`, as a user would run it; waits for it to end. */
export function runCli(home: string, ...args: string[]): { status: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { env: { ...process.env, PERFDELTA_HOME: home }, encoding: 'utf8' });
  return { status: r.status ?? 1, stdout: r.stdout, stderr: r.stderr };
}

export interface RunningHost {
  url: string;
  home: string;
  stop(): Promise<void>;
}

/**
 * `home`: a data folder made beforehand (a study imported with the CLI); removed on stop like a fresh one.
 * A test starts empty unless it asks for the samples (`serve` alone loads them on a first launch,
 * as a user's would); `firstLaunch` starts `serve` as a user does, with no option at all.
 */
export async function startHost(options: { loadSamples?: boolean; home?: string; firstLaunch?: boolean } = {}): Promise<RunningHost> {
  const home = options.home ?? fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-e2e-'));
  const args = [CLI, 'serve', ...(options.firstLaunch ? [] : options.loadSamples ? ['--load-samples'] : ['--no-samples'])];
  const child: ChildProcess = spawn(process.execPath, args, { env: { ...process.env, PERFDELTA_HOME: home }, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (c: Buffer) => {
      buf += c.toString();
      const line = buf.split('\n')[0]!;
      if (buf.includes('\n')) resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`perfdelta serve exited with ${code}`)));
  });
  return {
    url,
    home,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
}
