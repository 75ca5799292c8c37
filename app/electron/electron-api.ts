/**
 * The slice of Electron's API PerfDelta uses, typed here because the electron package (and its
 * types) is an optional dependency: it cannot install where its binary cannot be downloaded,
 * and the rest of the project must still build and type-check there.
 */

export interface IpcMainInvokeEvent {
  senderFrame: { url: string } | null;
}

export interface WebContents {
  on(event: 'will-navigate' | 'will-redirect', listener: (event: { preventDefault(): void }, url: string) => void): void;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): void;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  executeJavaScript(code: string): Promise<unknown>;
  printToPDF(options: { preferCSSPageSize?: boolean; printBackground?: boolean }): Promise<Uint8Array>;
}

export interface BrowserWindowOptions {
  width: number;
  height: number;
  title: string;
  show?: boolean;
  backgroundColor?: string;
  webPreferences: {
    preload: string;
    contextIsolation: true;
    sandbox: true;
    nodeIntegration: false;
    webviewTag: false;
    spellcheck?: boolean;
  };
}

export interface BrowserWindowInstance {
  loadURL(url: string): Promise<void>;
  once(event: 'ready-to-show', listener: () => void): void;
  show(): void;
  destroy(): void;
  webContents: WebContents;
}

export interface ElectronMain {
  app: {
    whenReady(): Promise<void>;
    getPath(name: 'userData'): string;
    on(event: 'window-all-closed', listener: () => void): void;
    on(event: 'web-contents-created', listener: (event: unknown, contents: WebContents) => void): void;
    on(event: 'before-quit', listener: () => void): void;
    quit(): void;
    setName(name: string): void;
  };
  BrowserWindow: new (options: BrowserWindowOptions) => BrowserWindowInstance;
  dialog: { showErrorBox(title: string, content: string): void };
  ipcMain: {
    handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<unknown>): void;
  };
  protocol: {
    registerSchemesAsPrivileged(schemes: Array<{ scheme: string; privileges: Record<string, boolean> }>): void;
    handle(scheme: string, handler: (request: { url: string }) => Response | Promise<Response>): void;
  };
}

export interface ElectronRenderer {
  contextBridge: { exposeInMainWorld(key: string, api: unknown): void };
  ipcRenderer: { invoke(channel: string, ...args: unknown[]): Promise<unknown> };
}

export const RPC_CHANNEL = 'perfdelta:rpc';
export const BRIDGE_KEY = 'perfdelta';
export const APP_ORIGIN = 'app://perfdelta';
