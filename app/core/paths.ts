/**
 * Where PerfDelta keeps its data. PERFDELTA_HOME moves it (every test uses its own); otherwise
 * the OS application-data folder, the same one Electron's app.getPath('userData') names, so
 * the CLI and the app share one database.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

export function defaultDataDir(platform = process.platform, env = process.env): string {
  if (platform === 'win32') return path.join(env['APPDATA'] ?? path.join(os.homedir(), 'AppData', 'Roaming'), 'PerfDelta');
  if (platform === 'darwin') return path.join(os.homedir(), 'Library', 'Application Support', 'PerfDelta');
  return path.join(env['XDG_CONFIG_HOME'] ?? path.join(os.homedir(), '.config'), 'PerfDelta');
}

export function dataDir(env = process.env): string {
  return env['PERFDELTA_HOME'] ? path.resolve(env['PERFDELTA_HOME']) : defaultDataDir();
}

export function dbPathIn(dir: string): string {
  return path.join(dir, 'perfdelta.sqlite');
}

/** The package root (where package.json and samples/ are), from source or from the bundle. */
export function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { name?: string }).name === 'perfdelta') return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error('cannot find the PerfDelta package root');
    dir = up;
  }
}

export function packageVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}
