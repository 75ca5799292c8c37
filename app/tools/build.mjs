// Builds the app (Node bundles) and the renderer (browser bundle) with esbuild.
// No type checking here (npm test runs tsc): the build must stay fast enough for `npm start`.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = path.join(root, 'build');

/**
 * How the Node bundles are built; the bench builds its import child with the same settings, so
 * that it measures the code the app runs (parse workers included), not the sources through tsx.
 */
export const NODE_BUNDLE = {
  absWorkingDir: root,
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
};

const nodeEntries = {
  cli: 'app/cli/cli.ts',
  'core-worker': 'app/core/worker/core-worker.ts',
  checkpointer: 'app/core/worker/checkpointer.ts',
  'parse-worker': 'app/core/import/parse-worker.ts',
  start: 'app/start/start.ts',
  'electron-main': 'app/electron/main.electron.ts',
};

// Imported (the bench takes NODE_BUNDLE), nothing is built.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildAll();

async function buildAll() {
  await build({
    ...NODE_BUNDLE,
    entryPoints: Object.fromEntries(Object.entries(nodeEntries).map(([k, v]) => [k, path.join(root, v)])),
    outdir: path.join(out, 'app'),
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
}
