/**
 * Scratch folders, one per running process: a web host's upload spool (`spool/`), the core's
 * temporary copies of study files being opened or saved (`tmp/`). Two PerfDelta processes may
 * share a data folder (a second `perfdelta serve`, the CLI beside the workbench): each writes
 * into `<root>/<pid>-<random>/` and deletes only that folder, when it closes. A folder whose
 * process is gone (a crash, kill -9: an open-study's copy can be hundreds of MB) is removed by
 * the next process that starts; a folder of a live process is never touched (issue 18: a second
 * host deleted the first one's uploads).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** `<pid>-<hex>`: the process that owns the folder, and a random part (pids are reused). */
const INSTANCE = /^(\d+)-[0-9a-f]{16}$/;
/** Files an older PerfDelta spooled straight into spool/ (or left in its root): removed once clearly abandoned. */
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

/** Removes the folders of processes that are gone; never one whose process still runs. */
export function removeStaleFolders(root: string, now = Date.now()): string[] {
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

/** A folder of this process's own under `root` (made if need be), after removing those of processes that are gone. */
export function createOwnFolder(root: string): string {
  fs.mkdirSync(root, { recursive: true });
  removeStaleFolders(root);
  const dir = path.join(root, `${process.pid}-${randomBytes(8).toString('hex')}`);
  fs.mkdirSync(dir);
  return dir;
}

/** This process's folder, removed when it closes (what is in it is of no use to anyone else). */
export function removeOwnFolder(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

/** What PerfDelta before issue #38 left in the system's temporary folder: copies of study files being opened or saved. */
const ABANDONED_TEMP = /^perfdelta-(open|save)-/;

/**
 * Removes the copies an older PerfDelta, interrupted, left in the system's temporary folder
 * (they are now made under the data folder), once a day old: no PerfDelta takes that long.
 */
export function removeAbandonedTemp(now = Date.now()): void {
  let names: string[];
  try {
    names = fs.readdirSync(os.tmpdir());
  } catch {
    return;
  }
  for (const name of names.filter((n) => ABANDONED_TEMP.test(n))) {
    const p = path.join(os.tmpdir(), name);
    try {
      if (now - fs.statSync(p).mtimeMs >= LEGACY_MAX_AGE_MS) fs.rmSync(p, { recursive: true, force: true });
    } catch {
      // gone meanwhile, or not ours to remove
    }
  }
}

/** A web host's spool folder of its own, under `<dataDir>/spool`. */
export function createSpool(dataDir: string): string {
  return createOwnFolder(path.join(dataDir, 'spool'));
}

/** Names the spool's functions by what they are for (app/host, app/web and their tests use them). */
export { removeStaleFolders as removeStaleSpools, removeOwnFolder as removeSpool };
