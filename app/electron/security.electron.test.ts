/**
 * The Electron security module, tested with stand-ins for Electron's app, web contents and
 * session (no Electron binary here): what it registers is fired as Electron would fire it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ElectronMain, PermissionCheckHandler, PermissionRequestHandler, Session, WebContents } from './electron-api.js';
import { denyPermissions, guardNavigation, isAppUrl } from './security.electron.js';

/** A stand-in for Electron's app and a web contents, recording what the guard registers. */
function fakeContents(options = { devTools: true }) {
  const listeners: Record<string, (...args: never[]) => void> = {};
  let openHandler: ((d: { url: string }) => { action: string }) | null = null;
  let devToolsClosed = 0;
  const contents = {
    on: (event: string, fn: (...args: never[]) => void) => { listeners[event] = fn; },
    setWindowOpenHandler: (fn: (d: { url: string }) => { action: string }) => { openHandler = fn; },
    closeDevTools: () => { devToolsClosed++; },
  } as unknown as WebContents;
  let created: ((e: unknown, c: WebContents) => void) | null = null;
  const app = { on: (_: string, fn: (e: unknown, c: WebContents) => void) => { created = fn; } } as unknown as ElectronMain['app'];
  guardNavigation(app, options);
  created!(null, contents);
  const fire = (event: string, url?: string): boolean => {
    let prevented = false;
    (listeners[event] as (e: { preventDefault(): void }, url?: string) => void)({ preventDefault: () => { prevented = true; } }, url);
    return prevented;
  };
  /** will-frame-navigate carries the URL on its event object, not as an argument. */
  const fireFrame = (url: string, isMainFrame: boolean): boolean => {
    let prevented = false;
    (listeners['will-frame-navigate'] as (e: { url: string; isMainFrame: boolean; preventDefault(): void }) => void)({ url, isMainFrame, preventDefault: () => { prevented = true; } });
    return prevented;
  };
  return {
    fire, fireFrame, listeners,
    open: (url: string) => openHandler!({ url }),
    openDevTools: () => { listeners['devtools-opened']?.(); return devToolsClosed; },
  };
}

function fakeSession() {
  let request: PermissionRequestHandler | null = null;
  let check: PermissionCheckHandler | null = null;
  const session: Session = { setPermissionRequestHandler: (h) => { request = h; }, setPermissionCheckHandler: (h) => { check = h; } };
  denyPermissions(session);
  return {
    ask: (permission: string, requestingUrl: string): boolean => {
      let granted: boolean | null = null;
      request!(null, permission, (g) => { granted = g; }, { requestingUrl });
      assert.notEqual(granted, null, 'the request handler always answers');
      return granted!;
    },
    check: (permission: string, origin: string): boolean => check!(null, permission, origin),
  };
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

  it('blocks a frame navigating away (will-frame-navigate), main frame or iframe', () => {
    const c = fakeContents();
    assert.ok(c.listeners['will-frame-navigate'], 'will-frame-navigate is guarded');
    assert.equal(c.fireFrame('about:blank', false), true);
    assert.equal(c.fireFrame('https://example.com/', true), true);
    assert.equal(c.fireFrame('data:text/html,<script>1</script>', false), true);
    assert.equal(c.fireFrame('app://perfdelta/index.html?study=s1', true), false);
  });

  it('closes DevTools in a packaged build, leaves them in development', () => {
    assert.equal(fakeContents({ devTools: false }).openDevTools(), 1);
    assert.equal(fakeContents({ devTools: true }).openDevTools(), 0);
  });
});

describe('Electron permissions', () => {
  it('denies every permission request and check by default', () => {
    const s = fakeSession();
    for (const p of ['media', 'geolocation', 'notifications', 'midiSysex', 'clipboard-read', 'fullscreen', 'pointerLock', 'openExternal', 'hid', 'serial', 'usb', 'display-capture', 'unknown-future-permission']) {
      assert.equal(s.ask(p, 'app://perfdelta/index.html'), false, p);
      assert.equal(s.check(p, 'app://perfdelta'), false, p);
    }
  });

  it('grants the clipboard write (Copy data, Copy image) to the app only', () => {
    const s = fakeSession();
    assert.equal(s.ask('clipboard-sanitized-write', 'app://perfdelta/index.html'), true);
    assert.equal(s.check('clipboard-sanitized-write', 'app://perfdelta'), true);
    assert.equal(s.ask('clipboard-sanitized-write', 'https://example.com/'), false);
    assert.equal(s.check('clipboard-sanitized-write', 'null'), false);
  });
});
