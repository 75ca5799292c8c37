/**
 * `perfdelta serve` in a process of its own, for tests that measure it (its peak RSS, read from
 * /proc) or that must see it as a user's browser does: its address, its token, and a stop.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { BIN } from './processes.js';

export interface ServeProcess {
  port: number;
  token: string;
  pid: number;
  /** Peak resident set size so far (VmHWM), MB. */
  peakRssMb(): number;
  stop(): Promise<void>;
}

export async function startServe(home: string): Promise<ServeProcess> {
  const host = spawn(process.execPath, [BIN, 'serve', '--no-samples'], { env: { ...process.env, PERFDELTA_HOME: home, PERFDELTA_QUIET: '1' }, stdio: ['ignore', 'pipe', 'ignore'] });
  const launch = await new Promise<string>((resolve, reject) => {
    let out = '';
    host.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    host.once('exit', (code) => reject(new Error(`perfdelta serve exited with ${code}`)));
  });
  const url = new URL(launch);
  return {
    port: Number(url.port),
    token: /token=([0-9a-f]+)/.exec(url.hash)![1]!,
    pid: host.pid!,
    peakRssMb: () => Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${host.pid}/status`, 'utf8'))![1]) * 1024 / 1e6,
    stop: async () => {
      const exited = new Promise((r) => host.once('exit', r));
      host.kill('SIGTERM');
      await exited;
    },
  };
}
