/**
 * The narrow preload: exposes one function, `perfdelta.call(method, args)`, never ipcRenderer
 * itself. Runs sandboxed, so it may require nothing but electron.
 */
import { BRIDGE_KEY, RPC_CHANNEL, type ElectronRenderer } from './electron-api.js';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { contextBridge, ipcRenderer } = require('electron') as ElectronRenderer;

contextBridge.exposeInMainWorld(BRIDGE_KEY, {
  call: (method: string, args: unknown) => ipcRenderer.invoke(RPC_CHANNEL, method, args),
});
