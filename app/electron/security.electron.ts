/**
 * Security for every web contents and the session: the workbench never navigates (no frame of
 * it), opens windows or attaches webviews; it asks for no permission but the clipboard write
 * that *Copy data* and *Copy image* need; a packaged build has no DevTools. Anything else is
 * refused. (Actual Budget's security.ts does the same; Electron's security checklist, items
 * 5, 13-15.) The Electron objects are handed in, so all of this is tested without Electron.
 */
import { APP_ORIGIN, type ElectronMain, type PermissionCheckHandler, type PermissionRequestHandler, type Session } from './electron-api.js';

export function isAppUrl(url: string): boolean {
  try {
    // A permission check names the origin alone (no path): `app://perfdelta`.
    return url === APP_ORIGIN || url.startsWith(`${APP_ORIGIN}/`) || new URL(url).origin === APP_ORIGIN;
  } catch {
    return false;
  }
}

export interface GuardOptions {
  /** DevTools allowed: only in development (`app.isPackaged` false). */
  devTools: boolean;
}

export function guardNavigation(app: ElectronMain['app'], options: GuardOptions): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    // will-navigate covers the main frame only: an iframe (injected markup, a report's HTML)
    // navigating elsewhere is stopped here.
    contents.on('will-frame-navigate', (event) => {
      if (!isAppUrl(event.url)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    // webPreferences.devTools is false in a packaged build; this closes them should anything
    // (a keyboard shortcut, a menu) open them anyway.
    if (!options.devTools) contents.on('devtools-opened', () => contents.closeDevTools());
  });
}

/**
 * The one permission the workbench uses: writing to the clipboard (Copy data, Copy image), from
 * its own page. Everything else (camera, microphone, geolocation, notifications, MIDI, HID,
 * serial, USB, reading the clipboard, fullscreen, pointer lock, ...) is denied without asking.
 */
const ALLOWED_PERMISSIONS = new Set(['clipboard-sanitized-write']);

export const permissionAllowed = (permission: string, origin: string | undefined): boolean =>
  ALLOWED_PERMISSIONS.has(permission) && origin !== undefined && isAppUrl(origin);

export function denyPermissions(session: Session): void {
  const request: PermissionRequestHandler = (_contents, permission, callback, details) => callback(permissionAllowed(permission, details?.requestingUrl));
  const check: PermissionCheckHandler = (_contents, permission, origin) => permissionAllowed(permission, origin);
  session.setPermissionRequestHandler(request);
  session.setPermissionCheckHandler(check);
}
