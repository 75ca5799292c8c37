/**
 * For tests that run PerfDelta as separate processes on one data folder (two CLIs, a CLI beside
 * the web host): the built CLI, a large fio log that keeps an import busy for seconds, and a way
 * to catch a process while it holds the database's write lock.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { REPO_ROOT } from '../../../importers/test-support/corpus.js';

export const BIN = path.join(REPO_ROOT, 'app', 'cli', 'bin.cjs');

export interface Proc {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  exited: Promise<number>;
}

/** Runs the built CLI; its output is collected. */
export function startCli(args: string[], env: Record<string, string> = {}): Proc {
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, PERFDELTA_QUIET: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => { out += c.toString(); });
  child.stderr!.on('data', (c: Buffer) => { err += c.toString(); });
  const exited = new Promise<number>((resolve) => child.once('close', (code) => resolve(code ?? -1)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** An fio clat log of `rows` rows (about 26 bytes each): an orphan log that imports as a run of its own. */
export function writeBigLog(file: string, rows = 2_500_000): void {
  const fd = fs.openSync(file, 'w');
  try {
    for (let i = 0; i < rows;) {
      const lines: string[] = [];
      for (const end = Math.min(rows, i + 100_000); i < end; i++) lines.push(`${i}, ${50_000 + ((i * 7919) % 30_000)}, 0, 4096, 0`);
      fs.writeSync(fd, lines.join('\n') + '\n');
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** Whether some connection holds the write lock: a BEGIN IMMEDIATE that may not wait fails. */
export function writeLockTaken(dbPath: string): boolean {
  if (!fs.existsSync(dbPath)) return false;
  const db = new Database(dbPath, { timeout: 0 });
  try {
    db.exec('BEGIN IMMEDIATE');
    db.exec('ROLLBACK');
    return false;
  } catch (err) {
    if ((err as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw err;
  } finally {
    db.close();
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until `proc` holds the write lock (inside its import's transaction), then stops it
 * there (SIGSTOP): it keeps the lock until `resume`. Fails if it ends first.
 */
export async function stopWhileWriting(child: ChildProcess, dbPath: string, timeoutMs = 60_000): Promise<{ resume(): void }> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error('the process ended before it was caught writing');
    if (writeLockTaken(dbPath)) {
      child.kill('SIGSTOP');
      // Still ours after the stop: it did not commit in between.
      if (writeLockTaken(dbPath)) return { resume: () => child.kill('SIGCONT') };
      child.kill('SIGCONT');
      throw new Error('the process committed before it could be stopped');
    }
    await sleep(5);
  }
  throw new Error('the process never took the write lock');
}

/** Polls until `ok()` or the timeout. */
export async function eventually(ok: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}
