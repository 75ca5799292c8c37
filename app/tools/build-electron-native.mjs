// Electron runs its own Node ABI, so the better-sqlite3 that `npm install` compiled for Node
// cannot load in the Electron app. Where the Electron binary is installed, this compiles a second
// copy for Electron into build/electron-native/ (loaded through better-sqlite3's nativeBinding
// option), leaving node_modules' copy for the CLI and the web host. Without Electron it does
// nothing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(path.join(root, 'package.json'));

let electronBinary = null;
try {
  electronBinary = require('electron');
} catch {
  process.exit(0); // no Electron here: the web host serves the workbench
}
if (typeof electronBinary !== 'string' || !fs.existsSync(electronBinary)) process.exit(0);

const version = require('electron/package.json').version;
const out = path.join(root, 'build', 'electron-native');
const marker = path.join(out, 'electron-version');
if (fs.existsSync(path.join(out, 'better_sqlite3.node')) && fs.readFileSync(marker, 'utf8') === version) process.exit(0);

const src = path.join(out, 'src');
fs.rmSync(out, { recursive: true, force: true });
fs.cpSync(path.dirname(require.resolve('better-sqlite3/package.json')), src, {
  recursive: true,
  filter: (p) => !p.includes(`${path.sep}build${path.sep}`) && !p.endsWith(`${path.sep}build`),
});
const env = { ...process.env };
delete env.npm_config_nodedir; // the Node headers are the wrong ones for Electron
console.log(`Compiling better-sqlite3 for Electron ${version}…`);
// node-gyp as npm ships it (the one that built node_modules' copy), else one on the path.
const npmGyp = process.env.npm_execpath && path.join(path.dirname(process.env.npm_execpath), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
const gyp = npmGyp && fs.existsSync(npmGyp) ? npmGyp : require.resolve('node-gyp/bin/node-gyp.js');
const r = spawnSync(process.execPath, [gyp, 'rebuild', '--release', `--target=${version}`, `--arch=${process.arch}`, '--dist-url=https://electronjs.org/headers'], { cwd: src, stdio: 'inherit', env });
if (r.status !== 0) {
  console.error('Could not compile better-sqlite3 for Electron: `npm start` will use the web host instead.');
  process.exit(0);
}
fs.copyFileSync(path.join(src, 'build', 'Release', 'better_sqlite3.node'), path.join(out, 'better_sqlite3.node'));
fs.writeFileSync(marker, version);
fs.rmSync(src, { recursive: true, force: true });
