/**
 * Double-clicking a `.perfdelta` file opens it as a study. How the path arrives differs per OS:
 * - macOS: the 'open-file' event, which can fire before the app is ready (the launch file);
 * - Windows (NSIS file association: `PerfDelta.exe "%1"`) and Linux (the .desktop entry's
 *   `%U`, possibly a file:// URL): the process's argv, or, when PerfDelta already runs, the
 *   second launch's argv handed to the first through 'second-instance'.
 * Paths that come before the window can take them wait until `ready()`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ElectronMain } from './electron-api.js';

export const STUDY_FILE_EXTENSION = '.perfdelta';

/** An argument as a path: a file:// URL (Linux desktops) or a path, relative to `cwd`. */
function argPath(arg: string, cwd: string): string | null {
  if (/^file:\/\//i.test(arg)) {
    try {
      return fileURLToPath(arg);
    } catch {
      return null;
    }
  }
  return path.resolve(cwd, arg);
}

/**
 * The study file a launch names: the first argument (after the executable) that is an existing
 * `.perfdelta` file. Switches (Chromium's and Electron's `--flag`) and the main script are skipped.
 */
export function studyFileInArgv(argv: readonly string[], cwd: string, isFile: (p: string) => boolean = isRegularFile): string | null {
  for (const arg of argv.slice(1)) {
    if (arg.startsWith('-')) continue;
    const p = argPath(arg, cwd);
    if (p && path.extname(p).toLowerCase() === STUDY_FILE_EXTENSION && isFile(p)) return p;
  }
  return null;
}

function isRegularFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

export interface StudyFileEvents {
  /** Call once the window can open studies: the paths that came before are opened in order. */
  ready(): void;
}

/**
 * Wires the three ways a study file arrives to `open`. `argv`/`cwd` are this launch's; the
 * 'second-instance' handler also brings the window forward through `focus`.
 */
export function watchStudyFiles(
  app: Pick<ElectronMain['app'], 'on'>,
  launch: { argv: readonly string[]; cwd: string },
  open: (file: string) => void,
  focus: () => void = () => undefined,
  isFile: (p: string) => boolean = isRegularFile,
): StudyFileEvents {
  let isReady = false;
  const pending: string[] = [];
  const take = (file: string): void => {
    if (isReady) open(file);
    else pending.push(file);
  };
  const first = studyFileInArgv(launch.argv, launch.cwd, isFile);
  if (first) pending.push(first);
  app.on('open-file', (event, file) => {
    // Without preventDefault macOS reports the file as not opened.
    event.preventDefault();
    if (path.extname(file).toLowerCase() === STUDY_FILE_EXTENSION) take(file);
  });
  app.on('second-instance', (_event, argv, workingDirectory) => {
    focus();
    const file = studyFileInArgv(argv, workingDirectory, isFile);
    if (file) take(file);
  });
  return {
    ready: () => {
      isReady = true;
      for (const file of pending.splice(0)) open(file);
    },
  };
}
