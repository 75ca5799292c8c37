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
  /** Electron 25+: any frame's navigation, subframes included; the event carries the URL. */
  on(event: 'will-frame-navigate', listener: (event: { url: string; isMainFrame: boolean; preventDefault(): void }) => void): void;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): void;
  on(event: 'devtools-opened', listener: () => void): void;
  closeDevTools(): void;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  executeJavaScript(code: string): Promise<unknown>;
  printToPDF(options: { preferCSSPageSize?: boolean; printBackground?: boolean }): Promise<Uint8Array>;
}

/** The permissions a page may ask for (camera, geolocation, notifications, clipboard...): a name and where from. */
export type PermissionRequestHandler = (contents: WebContents | null, permission: string, callback: (granted: boolean) => void, details: { requestingUrl?: string }) => void;
export type PermissionCheckHandler = (contents: WebContents | null, permission: string, requestingOrigin: string) => boolean;

export interface Session {
  setPermissionRequestHandler(handler: PermissionRequestHandler | null): void;
  setPermissionCheckHandler(handler: PermissionCheckHandler | null): void;
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
    /** False in a packaged build: no DevTools for whoever sits at the machine. */
    devTools?: boolean;
  };
}

export interface BrowserWindowInstance {
  loadURL(url: string): Promise<void>;
  once(event: 'ready-to-show', listener: () => void): void;
  show(): void;
  destroy(): void;
  isMinimized(): boolean;
  restore(): void;
  focus(): void;
  webContents: WebContents;
}

export interface ElectronMain {
  app: {
    whenReady(): Promise<void>;
    getPath(name: 'userData'): string;
    on(event: 'window-all-closed', listener: () => void): void;
    on(event: 'web-contents-created', listener: (event: unknown, contents: WebContents) => void): void;
    on(event: 'before-quit', listener: () => void): void;
    /** macOS: a file opened with the app (double-click, drop on the Dock icon), possibly before 'ready'. */
    on(event: 'open-file', listener: (event: { preventDefault(): void }, file: string) => void): void;
    /** Windows and Linux: a second launch (double-click on a file) hands its argv to the first. */
    on(event: 'second-instance', listener: (event: unknown, argv: string[], workingDirectory: string) => void): void;
    requestSingleInstanceLock(): boolean;
    readonly isPackaged: boolean;
    quit(): void;
    setName(name: string): void;
  };
  session: { defaultSession: Session };
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
