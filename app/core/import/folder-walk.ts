/**
 * The files under the files and folders a user names (`perfdelta import DIR`), depth first and
 * sorted, for a stable order. One bad entry never costs the rest of the folder: a folder that
 * cannot be read, a link that leads nowhere, a link back to a folder already read (`sub/up ->
 * ..`, which would otherwise be walked until the path is too long), a FIFO or a device (reading
 * one would wait forever) each become that entry's own outcome, named, with the reason, and the
 * walk goes on. A folder reached again through a link is read once; the link says so.
 */
import fs from 'node:fs';
import path from 'node:path';

/** A file to import, with its size as the walk found it. */
export interface WalkedFile {
  path: string;
  size: number;
}

/** An entry that is not imported, and why: `skipped` when nothing is lost (a loop), `failed` when a file could not be read. */
export interface WalkProblem {
  path: string;
  status: 'skipped' | 'failed';
  reason: string;
}

export type WalkEntry = WalkedFile | WalkProblem;

export const isProblem = (e: WalkEntry): e is WalkProblem => 'reason' in e;

/** Why an entry cannot be read, in words, from the error's code. */
function unreadable(p: string, err: unknown): WalkProblem {
  const code = (err as NodeJS.ErrnoException).code;
  const reason = code === 'ENOENT' ? 'a link to something that does not exist'
    : code === 'ELOOP' ? 'a link that leads back to itself (a link loop): not followed'
      : code === 'EACCES' || code === 'EPERM' ? 'permission denied: PerfDelta may not read it'
        : `cannot be read (${(err as Error).message})`;
  return { path: p, status: code === 'ELOOP' ? 'skipped' : 'failed', reason };
}

/** What a special file is, for its reason. */
function kind(stat: fs.Stats): string {
  if (stat.isFIFO()) return 'a FIFO (named pipe)';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/** Files and problems in walk order. */
export function walkInputs(inputs: readonly string[]): WalkEntry[] {
  const out: WalkEntry[] = [];
  /** Folders read, by device and inode, with the path they were read under. */
  const read = new Map<string, string>();
  const visit = (p: string, ancestors: readonly string[]): void => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(p);
    } catch (err) {
      out.push(unreadable(p, err));
      return;
    }
    if (stat.isDirectory()) {
      const id = `${stat.dev}:${stat.ino}`;
      const first = read.get(id);
      if (first !== undefined) {
        const loop = ancestors.includes(id);
        out.push({
          path: p,
          status: 'skipped',
          reason: loop
            ? `a link back to the folder ${first}, which holds it (a link loop): followed once, not again`
            : `the folder ${first} again (reached through a link): its files are read once`,
        });
        return;
      }
      read.set(id, p);
      let names: string[];
      try {
        names = fs.readdirSync(p).sort();
      } catch (err) {
        out.push(unreadable(p, err));
        return;
      }
      for (const name of names) {
        if (!name.startsWith('.')) visit(path.join(p, name), [...ancestors, id]);
      }
    } else if (stat.isFile()) {
      out.push({ path: p, size: stat.size });
    } else {
      out.push({ path: p, status: 'skipped', reason: `${kind(stat)}, not a file to import` });
    }
  };
  for (const input of inputs) visit(input, []);
  return out;
}
