/** Messages between a host (Electron main, web host) and the core worker. */
import type { RpcErrorBody, RpcMethod } from '../../contract/rpc.js';
import type { HostOnlyMethod } from '../rpc/handlers.js';

export interface WorkerData {
  dbPath: string;
  dataDir: string;
  mode: 'electron' | 'web';
  /** better-sqlite3 compiled for Electron's ABI (build/electron-native), inside Electron only. */
  sqliteBinding?: string;
}

export interface WorkerRequest {
  id: number;
  method: Exclude<RpcMethod, HostOnlyMethod>;
  args: unknown;
  /** For import.commit: the job its progress messages belong to. */
  job?: string;
}

export type WorkerReply =
  | { kind: 'ready' }
  | { kind: 'result'; id: number; ok: true; result: unknown }
  | { kind: 'result'; id: number; ok: false; error: RpcErrorBody }
  | { kind: 'progress'; job: string; done: number; total: number; current: string };
