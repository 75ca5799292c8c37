/**
 * The one typed RPC table. Every capability the UI uses is one named method here; the Electron
 * preload and the web host serve exactly this table. Types only.
 */
import type {
  AppInfo, CompareResult, FilePreview, JobStatus, MetricInfo, RunRecord, SampleStudy, SeriesRecord, StudySummary,
} from './records.js';

type NoArgs = Record<string, never>;

export interface RpcMethods {
  'app.info': { args: NoArgs; result: AppInfo };
  'metrics.dictionary': { args: NoArgs; result: MetricInfo[] };
  'studies.list': { args: NoArgs; result: StudySummary[] };
  'runs.list': { args: { study: string; config?: string }; result: RunRecord[] };
  'series.get': { args: { run: number; metric?: string; object?: string }; result: SeriesRecord[] };
  /** Parses one dropped file into the staging area; nothing is written to the store. */
  'import.stage': { args: { name: string; bytes: Uint8Array }; result: FilePreview };
  'import.discard': { args: { ids: string[] }; result: { discarded: number } };
  /** Starts writing staged files in one transaction; poll jobs.status for progress. */
  'import.commit': { args: { ids: string[]; study: string; config: string }; result: { job: string } };
  'jobs.status': { args: { job: string }; result: JobStatus };
  'compare.run': {
    args: { study: string; baseline: string; candidate: string; metrics?: string[]; pairingKeys?: string[] };
    result: CompareResult;
  };
  'samples.list': { args: NoArgs; result: SampleStudy[] };
  'samples.load': { args: { slugs?: string[] }; result: { loaded: string[] } };
}

export type RpcMethod = keyof RpcMethods;
export type RpcArgs<M extends RpcMethod> = RpcMethods[M]['args'];
export type RpcResult<M extends RpcMethod> = RpcMethods[M]['result'];

/** What the renderer holds: one function, whichever transport is behind it. */
export interface Bridge {
  call<M extends RpcMethod>(method: M, args: RpcArgs<M>): Promise<RpcResult<M>>;
}

/** Errors cross the bridge as values with a code the UI can act on. */
export interface RpcErrorBody {
  code: 'invalid_arguments' | 'not_found' | 'unknown_method' | 'failed' | 'unauthorized' | 'forbidden';
  message: string;
}

