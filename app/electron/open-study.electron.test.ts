/**
 * Double-click on a `.perfdelta` file: the path as each OS hands it over (argv on Windows and
 * Linux, file:// URLs from Linux desktops, 'open-file' on macOS, possibly before the app is
 * ready, and a second launch's argv while PerfDelta runs) reaches `open` once, in order.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import type { ElectronMain } from './electron-api.js';
import { studyFileInArgv, watchStudyFiles } from './open-study.electron.js';

const root = path.resolve('/data/studies');
const existing = new Set([path.join(root, 'flash.perfdelta'), path.join(root, 'two words.perfdelta'), path.join(root, 'other.PERFDELTA')]);
const isFile = (p: string): boolean => existing.has(p);

function fakeApp() {
  const listeners: Record<string, (...args: never[]) => void> = {};
  const app = { on: (event: string, fn: (...args: never[]) => void) => { listeners[event] = fn; } } as unknown as Pick<ElectronMain['app'], 'on'>;
  const openFile = (file: string): boolean => {
    let prevented = false;
    (listeners['open-file'] as (e: { preventDefault(): void }, f: string) => void)({ preventDefault: () => { prevented = true; } }, file);
    return prevented;
  };
  const secondInstance = (argv: string[], cwd: string): void => (listeners['second-instance'] as (e: unknown, a: string[], c: string) => void)(null, argv, cwd);
  return { app, openFile, secondInstance };
}

describe('study files from the OS', () => {
  it('finds the study file in a launch\'s argv (Windows "%1", Linux %U), skipping switches and the main script', () => {
    const exe = 'C:\\Program Files\\PerfDelta\\PerfDelta.exe';
    assert.equal(studyFileInArgv([exe, path.join(root, 'flash.perfdelta')], '/', isFile), path.join(root, 'flash.perfdelta'));
    assert.equal(studyFileInArgv(['electron', 'build/app/electron-main.cjs', '--no-sandbox', 'flash.perfdelta'], root, isFile), path.join(root, 'flash.perfdelta'));
    assert.equal(studyFileInArgv(['perfdelta', pathToFileURL(path.join(root, 'two words.perfdelta')).href], '/', isFile), path.join(root, 'two words.perfdelta'));
    assert.equal(studyFileInArgv(['perfdelta', 'other.PERFDELTA'], root, isFile), path.join(root, 'other.PERFDELTA'));
  });

  it('ignores what is not an existing .perfdelta file', () => {
    assert.equal(studyFileInArgv(['perfdelta'], root, isFile), null);
    assert.equal(studyFileInArgv(['perfdelta', 'missing.perfdelta'], root, isFile), null);
    assert.equal(studyFileInArgv(['perfdelta', 'notes.txt'], root, isFile), null);
    assert.equal(studyFileInArgv(['perfdelta', '--flash.perfdelta'], root, isFile), null);
    assert.equal(studyFileInArgv([path.join(root, 'flash.perfdelta')], root, isFile), null, 'argv[0] is the executable');
  });

  it('holds what arrives before the window is ready and opens it, in order, once ready', () => {
    const f = fakeApp();
    const opened: string[] = [];
    const events = watchStudyFiles(f.app, { argv: ['perfdelta', 'flash.perfdelta'], cwd: root }, (file) => opened.push(file), undefined, isFile);
    assert.equal(f.openFile('/Users/me/other.perfdelta'), true, 'macOS is told the file was taken');
    assert.deepEqual(opened, [], 'nothing opens before the window exists');
    events.ready();
    assert.deepEqual(opened, [path.join(root, 'flash.perfdelta'), '/Users/me/other.perfdelta']);
    events.ready();
    assert.equal(opened.length, 2, 'each file opens once');
  });

  it('opens at once what arrives later: macOS open-file, and a second launch\'s argv (which also brings the window forward)', () => {
    const f = fakeApp();
    const opened: string[] = [];
    let focused = 0;
    const events = watchStudyFiles(f.app, { argv: ['perfdelta'], cwd: root }, (file) => opened.push(file), () => { focused++; }, isFile);
    events.ready();
    f.openFile('/Users/me/s5.perfdelta');
    f.openFile('/Users/me/notes.txt');
    f.secondInstance(['C:\\PerfDelta\\PerfDelta.exe', 'two words.perfdelta'], root);
    f.secondInstance(['C:\\PerfDelta\\PerfDelta.exe'], root);
    assert.deepEqual(opened, ['/Users/me/s5.perfdelta', path.join(root, 'two words.perfdelta')]);
    assert.equal(focused, 2);
  });
});
