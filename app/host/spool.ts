/**
 * Upload spools, one folder per running host. Two hosts may share a data folder (a second
 * `perfdelta serve`, the CLI printing a report while the workbench is open): each spools its
 * uploads into `spool/<pid>-<random>/` and deletes only that folder, when it closes. A folder
 * whose process is gone (a crash, kill -9) is removed by the next host that starts; a folder
 * of a live process is never touched (issue 18: a second host deleted the first one's uploads).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** `<pid>-<hex>`: the process that owns the folder, and a random part (pids are reused). */
const INSTANCE = /^(\d+)-[0-9a-f]{16}$/;
/** Files an older PerfDelta spooled straight into spool/: removed once clearly abandoned. */
const LEGACY_MAX_AGE_MS = 24 * 60 * 60 * 1000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, owned by someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the spools of hosts that are gone; never one whose process still runs. */
export function removeStaleSpools(root: string, now = Date.now()): string[] {
  const removed: string[] = [];
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(root, { withFileTypes: true });
  } catch {
    return removed;
  }
  for (const e of entries) {
    const p = path.join(root, e.name);
    const owner = INSTANCE.exec(e.name);
    if (e.isDirectory() && owner) {
      if (Number(owner[1]) === process.pid || alive(Number(owner[1]))) continue;
    } else if (e.isFile()) {
      if (now - fs.statSync(p).mtimeMs < LEGACY_MAX_AGE_MS) continue;
    } else {
      continue;
    }
    fs.rmSync(p, { recursive: true, force: true });
    removed.push(p);
  }
  return removed;
}

/** A spool folder of this host's own, under `<dataDir>/spool`. */
export function createSpool(dataDir: string): string {
  const root = path.join(dataDir, 'spool');
  fs.mkdirSync(root, { recursive: true });
  removeStaleSpools(root);
  const dir = path.join(root, `${process.pid}-${randomBytes(8).toString('hex')}`);
  fs.mkdirSync(dir);
  return dir;
}

/** This host's spool, removed when it closes (what was staged and not imported is of no use). */
export function removeSpool(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}
