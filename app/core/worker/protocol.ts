/** Messages between a host (Electron main, web host) and the core worker. */
import type { RpcErrorBody, RpcMethod } from '../../contract/rpc.js';
import type { HostOnlyMethod } from '../rpc/handlers.js';

export interface WorkerData {
  dbPath: string;
  dataDir: string;
  mode: 'electron' | 'web';
  /** better-sqlite3 compiled for Electron's ABI (build/electron-native), inside Electron only. */
  sqliteBinding?: string;
  /**
   * Shared with the host: slot [0] holds the number of the import to cancel. The worker is
   * busy inside the import's transaction and reads no messages until it ends; it reads this
   * between files and chunks.
   */
  cancel: SharedArrayBuffer;
  /** Where the host spools uploads (import.stageSpooled reads only from there). */
  spoolDir: string;
}

export interface WorkerRequest {
  id: number;
  method: Exclude<RpcMethod, HostOnlyMethod>;
  args: unknown;
  /** For import.commit: the job its progress messages belong to, and its number for cancelling. */
  job?: string;
  jobSeq?: number;
}

export type WorkerReply =
  | { kind: 'ready' }
  | { kind: 'result'; id: number; ok: true; result: unknown }
  | { kind: 'result'; id: number; ok: false; error: RpcErrorBody }
  | { kind: 'progress'; job: string; done: number; total: number; current: string; bytesDone: number; bytesTotal: number; waiting?: boolean };
