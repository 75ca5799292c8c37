/**
 * The Electron main process: one sandboxed window, the renderer served from app://perfdelta
 * with a path-traversal check, and one IPC channel that serves the RPC table. Parsing and
 * queries run in the core worker, never here.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { toErrorBody } from '../core/rpc/errors.js';
import { dbPathIn } from '../core/paths.js';
import { RpcHost } from '../host/rpc-host.js';
import { CONTENT_SECURITY_POLICY } from '../web/csp.js';
import { APP_ORIGIN, RPC_CHANNEL, type BrowserWindowInstance, type ElectronMain } from './electron-api.js';
import { checkIpcCall } from './ipc-limits.electron.js';
import { watchStudyFiles } from './open-study.electron.js';
import { denyPermissions, guardNavigation, isAppUrl } from './security.electron.js';
import { printReport } from './print.electron.js';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { app, BrowserWindow, dialog, ipcMain, protocol, session } = require('electron') as ElectronMain;

const RENDERER_DIR = path.join(__dirname, '..', 'renderer');
const MIME: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.woff2': 'font/woff2', '.png': 'image/png', '.svg': 'image/svg+xml' };

app.setName('PerfDelta');
// One PerfDelta at a time: a second launch (a double-clicked study file) hands its argv to the
// first, which opens the file, and ends.
if (!app.requestSingleInstanceLock()) {
  app.quit();
  process.exit(0);
}
protocol.registerSchemesAsPrivileged([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
// DevTools only in development: a packaged build has none.
const devTools = !app.isPackaged;
guardNavigation(app, { devTools });

let win: BrowserWindowInstance | null = null;
let openStudy: (file: string) => Promise<void> = async () => undefined;
// Registered before 'ready': macOS sends the file a launch was made for before it.
const studyFiles = watchStudyFiles(app, { argv: process.argv, cwd: process.cwd() }, (file) => void openStudy(file), () => {
  if (win?.isMinimized()) win.restore();
  win?.focus();
});

function serveRenderer(request: { url: string }): Response {
  const url = new URL(request.url);
  const rel = url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname.slice(1));
  const file = path.resolve(RENDERER_DIR, rel);
  if (!file.startsWith(RENDERER_DIR + path.sep) || !fs.existsSync(file)) return new Response('not found', { status: 404 });
  return new Response(fs.readFileSync(file), {
    headers: { 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream', 'content-security-policy': CONTENT_SECURITY_POLICY },
  });
}

async function start(): Promise<void> {
  const dataDir = process.env['PERFDELTA_HOME'] ? path.resolve(process.env['PERFDELTA_HOME']) : app.getPath('userData');
  const dbPath = dbPathIn(dataDir);
  const isNew = !fs.existsSync(dbPath);
  const binding = path.join(__dirname, '..', 'electron-native', 'better_sqlite3.node');
  const rpc = new RpcHost({ dbPath, dataDir, mode: 'electron', sqliteBinding: fs.existsSync(binding) ? binding : undefined });
  await rpc.ready;
  if (isNew && process.env['PERFDELTA_NO_SAMPLES'] !== '1') await rpc.call('samples.load', {});

  protocol.handle('app', serveRenderer);
  denyPermissions(session.defaultSession);
  ipcMain.handle(RPC_CHANNEL, async (event, method, args) => {
    // Only our own page may call: not a frame that somehow loaded another origin.
    if (!event.senderFrame || !isAppUrl(event.senderFrame.url)) return { ok: false, error: { code: 'forbidden', message: 'untrusted sender' } };
    const tooLarge = checkIpcCall(String(method), args);
    if (tooLarge) return { ok: false, error: tooLarge };
    try {
      return { ok: true, result: await rpc.call(String(method), args) };
    } catch (err) {
      return { ok: false, error: toErrorBody(err) };
    }
  });

  const webPreferences = {
    preload: path.join(__dirname, 'preload.cjs'),
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    webviewTag: false,
    spellcheck: false,
    devTools,
  } as const;
  // Reports print in a hidden window of the same kind, through printToPDF.
  rpc.printer = ({ study, report }) => printReport(BrowserWindow, webPreferences, study, report);
  const window = new BrowserWindow({ width: 1400, height: 900, title: 'PerfDelta', show: false, webPreferences });
  win = window;
  window.once('ready-to-show', () => window.show());
  await window.loadURL(`${APP_ORIGIN}/index.html`);
  app.on('before-quit', () => void rpc.close());

  // A study file opened with PerfDelta becomes a study here (checked by the core like Open
  // study file...), and the window shows it; a file the core refuses is said in a dialog.
  openStudy = async (file) => {
    try {
      // Copied into the host's spool and opened from there: a study file of any size up to the
      // disk's, never one base64 string (which stops at 512 MB).
      const spool = randomUUID();
      await fs.promises.copyFile(file, path.join(rpc.spoolDir, spool));
      const { study } = (await rpc.call('studies.openSpooled', { name: path.basename(file), spool })) as { study: string };
      await window.loadURL(`${APP_ORIGIN}/index.html?study=${encodeURIComponent(study)}`);
    } catch (err) {
      dialog.showErrorBox(`PerfDelta could not open ${path.basename(file)}`, err instanceof Error ? err.message : String(err));
    }
  };
  studyFiles.ready();
}

// A failure before the window exists (a database from a newer PerfDelta, a broken install)
// must be said to the user, not leave a windowless process behind.
void app.whenReady().then(start).catch((err: unknown) => {
  dialog.showErrorBox('PerfDelta could not start', err instanceof Error ? err.message : String(err));
  app.quit();
});

app.on('window-all-closed', () => app.quit());
