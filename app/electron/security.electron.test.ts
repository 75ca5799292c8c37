import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ElectronMain, WebContents } from './electron-api.js';
import { guardNavigation, isAppUrl } from './security.electron.js';

/** A stand-in for Electron's app and a web contents, recording what the guard registers. */
function fakeContents() {
  const listeners: Record<string, (...args: never[]) => void> = {};
  let openHandler: ((d: { url: string }) => { action: string }) | null = null;
  const contents = {
    on: (event: string, fn: (...args: never[]) => void) => { listeners[event] = fn; },
    setWindowOpenHandler: (fn: (d: { url: string }) => { action: string }) => { openHandler = fn; },
  } as unknown as WebContents;
  let created: ((e: unknown, c: WebContents) => void) | null = null;
  const app = { on: (_: string, fn: (e: unknown, c: WebContents) => void) => { created = fn; } } as unknown as ElectronMain['app'];
  guardNavigation(app);
  created!(null, contents);
  const fire = (event: string, url?: string): boolean => {
    let prevented = false;
    (listeners[event] as (e: { preventDefault(): void }, url?: string) => void)({ preventDefault: () => { prevented = true; } }, url);
    return prevented;
  };
  return { fire, open: (url: string) => openHandler!({ url }) };
}

describe('Electron navigation security', () => {
  it('recognises only the app:// origin as ours', () => {
    assert.equal(isAppUrl('app://perfdelta/index.html'), true);
    assert.equal(isAppUrl('https://perfdelta/index.html'), false);
    assert.equal(isAppUrl('app://perfdelta.evil.example/'), false);
    assert.equal(isAppUrl('file:///etc/passwd'), false);
  });

  it('blocks navigation and redirects away from the app, webviews, and every new window', () => {
    const c = fakeContents();
    assert.equal(c.fire('will-navigate', 'https://example.com/'), true);
    assert.equal(c.fire('will-navigate', 'app://perfdelta/index.html'), false);
    assert.equal(c.fire('will-redirect', 'http://127.0.0.1:8080/'), true);
    assert.equal(c.fire('will-attach-webview'), true);
    assert.deepEqual(c.open('https://example.com/'), { action: 'deny' });
  });
});
