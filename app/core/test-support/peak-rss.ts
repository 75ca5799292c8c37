/**
 * Runs the built CLI in a child process and reads its peak resident set size when it ends: what
 * a test asserts where the issue asks for a memory bound (a junk file, a gzip bomb, a folder with
 * a 3 GB file). Measured in a process of its own, so nothing of the test runner counts.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BIN } from './processes.js';

const PRELOAD = path.join(path.dirname(new URL(import.meta.url).pathname), 'report-peak-rss.cjs');

export interface MeasuredRun {
  code: number;
  stdout: string;
  stderr: string;
  /** The child's peak RSS in MB (10^6 bytes). */
  peakRssMb: number;
}

export function cliWithPeakRss(args: readonly string[], env: Record<string, string>): MeasuredRun {
  const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-rss-')), 'peak');
  try {
    const r = spawnSync(process.execPath, ['-r', PRELOAD, BIN, ...args], {
      env: { ...process.env, PERFDELTA_QUIET: '1', ...env, PERFDELTA_PEAK_RSS_FILE: report }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024,
    });
    if (!fs.existsSync(report)) throw new Error(`the CLI ended without its peak RSS (${r.status ?? r.signal}): ${r.stderr.slice(0, 2000)}`);
    return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, peakRssMb: Number(fs.readFileSync(report, 'utf8')) / 1e6 };
  } finally {
    fs.rmSync(path.dirname(report), { recursive: true, force: true });
  }
}
