/**
 * Navigation security for every web contents: the workbench never navigates, opens windows or
 * attaches webviews. Anything that tries is stopped. (Actual Budget's security.ts does the same.)
 */
import { APP_ORIGIN, type ElectronMain } from './electron-api.js';

export function isAppUrl(url: string): boolean {
  try {
    return new URL(url).origin === APP_ORIGIN || url.startsWith(`${APP_ORIGIN}/`);
  } catch {
    return false;
  }
}

export function guardNavigation(app: ElectronMain['app']): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
}
