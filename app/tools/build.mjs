// Builds the app (Node bundles) and the renderer (browser bundle) with esbuild.
// No type checking here (npm test runs tsc): the build must stay fast enough for `npm start`.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = path.join(root, 'build');

const nodeEntries = {
  cli: 'app/cli/cli.ts',
  'core-worker': 'app/core/worker/core-worker.ts',
  checkpointer: 'app/core/worker/checkpointer.ts',
  'parse-worker': 'app/core/import/parse-worker.ts',
  start: 'app/start/start.ts',
  'electron-main': 'app/electron/main.electron.ts',
};

await build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(Object.entries(nodeEntries).map(([k, v]) => [k, path.join(root, v)])),
  outdir: path.join(out, 'app'),
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: 'linked',
  external: ['better-sqlite3', 'electron', 'playwright-core'],
  // The sources are ES modules; in the CommonJS bundle import.meta.url must still name the file.
  define: { 'import.meta.url': '__perfdelta_import_meta_url' },
  banner: { js: 'const __perfdelta_import_meta_url = require("node:url").pathToFileURL(__filename).href;' },
  logLevel: 'warning',
});

// The sandboxed preload may require nothing but electron: no banner, no Node built-ins.
await build({
  absWorkingDir: root,
  entryPoints: { preload: path.join(root, 'app/electron/preload.electron.ts') },
  outdir: path.join(out, 'app'),
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'chrome120',
  external: ['electron'],
  logLevel: 'warning',
});

fs.mkdirSync(path.join(out, 'renderer'), { recursive: true });
await build({
  absWorkingDir: root,
  entryPoints: { app: path.join(root, 'renderer/main.tsx') },
  outdir: path.join(out, 'renderer'),
  bundle: true,
  platform: 'browser',
  format: 'esm',
  target: 'chrome120',
  jsx: 'automatic',
  minify: true,
  sourcemap: 'linked',
  loader: { '.woff2': 'file', '.woff': 'file' },
  assetNames: 'fonts/[name]-[hash]',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});
fs.copyFileSync(path.join(root, 'renderer/index.html'), path.join(out, 'renderer/index.html'));
