/** Every test gets its own data folder, removed afterwards. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const made: string[] = [];

/**
 * A fresh folder, removed when the test process ends. Not with node:test's `after()`: called
 * inside a `before` hook (a suite's data folder made there), that runs as soon as the hook ends
 * and removed the folder while the suite still used it. SQLite kept its open database file
 * readable, but the original files are objects in that folder (app/core/originals/).
 */
export function tempDir(prefix = 'perfdelta-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (made.length === 0) process.once('exit', () => { for (const d of made) fs.rmSync(d, { recursive: true, force: true }); });
  made.push(dir);
  return dir;
}
