/**
 * The renderer's only way to the core: one `call` over the typed RPC table, with an Electron
 * implementation (the preload's `window.perfdelta`) and a web one (the local web host).
 */
import type { Bridge, CallOptions, RpcArgs, RpcErrorBody, RpcMethod, RpcResult } from '../../app/contract/rpc.js';
import type { FilePreview } from '../../app/contract/records.js';
import { parseRpcJson } from './typed-json.js';

export type { Bridge };

export class BridgeError extends Error {
  constructor(readonly code: RpcErrorBody['code'], message: string) {
    super(message);
    this.name = 'BridgeError';
  }
}

type Envelope = { ok: true; result: unknown } | { ok: false; error: RpcErrorBody };

function unwrap<T>(body: Envelope): T {
  if (!body.ok) throw new BridgeError(body.error.code, body.error.message);
  return body.result as T;
}

interface PreloadApi {
  call(method: string, args: unknown): Promise<Envelope>;
}

declare global {
  interface Window {
    perfdelta?: PreloadApi;
  }
}

/** A call given up by its caller (a newer zoom): rejects with an AbortError, whatever the transport does. */
function abortable<T>(signal: AbortSignal | undefined, work: Promise<T>): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(new DOMException('aborted', 'AbortError'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new DOMException('aborted', 'AbortError'));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export class ElectronBridge implements Bridge {
  constructor(private readonly api: PreloadApi) {}

  async call<M extends RpcMethod>(method: M, args: RpcArgs<M>, options: CallOptions = {}): Promise<RpcResult<M>> {
    // IPC cannot take a call back: the caller stops waiting, and the host drops the stale answer (a channel).
    return unwrap<RpcResult<M>>(await abortable(options.signal, this.api.call(method, args)));
  }

  async stageFile(name: string, file: Blob): Promise<FilePreview> {
    // IPC carries the bytes (structured clone, no base64); files over 2 GiB are refused by the core.
    return this.call('import.stage', { name, bytes: new Uint8Array(await file.arrayBuffer()) });
  }

  async openStudyFile(name: string, file: Blob): Promise<{ study: string }> {
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return this.call('studies.openFile', { name, base64: btoa(binary) });
  }

  async saveStudyFile(study: string): Promise<{ fileName: string; href: string }> {
    const f = await this.call('studies.saveFile', { study });
    return { fileName: f.fileName, href: `data:${f.mime};base64,${f.base64}` };
  }
}

export class WebBridge implements Bridge {
  /**
   * `token`: the per-launch token from the URL a user opened; null when a launch link signed the
   * window in, and the host's session cookie (HttpOnly, sent by the browser) is the credential.
   */
  constructor(private readonly token: string | null) {}

  private auth(): Record<string, string> {
    return this.token ? { authorization: `Bearer ${this.token}` } : {};
  }

  async stageFile(name: string, file: Blob): Promise<FilePreview> {
    return this.upload<FilePreview>('/stage', name, file);
  }

  async openStudyFile(name: string, file: Blob): Promise<{ study: string }> {
    // As a dropped file: a 24 MB (or 2 GB) study file is never one JSON string or in memory whole.
    return this.upload<{ study: string }>('/open-study', name, file);
  }

  async saveStudyFile(study: string): Promise<{ fileName: string; href: string }> {
    // The host writes the file into its spool and offers it once at `url`: the browser's own
    // download reads it from there as a stream.
    const f = await this.call('studies.saveSpooled', { study });
    if (!f.url) throw new BridgeError('failed', 'the host offered no address to download the study file from');
    return { fileName: f.fileName, href: f.url };
  }

  /** A file as a request's body: the browser streams it from disk, the host spools it to disk. */
  private async upload<T>(to: string, name: string, file: Blob): Promise<T> {
    const res = await fetch(to, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { ...this.auth(), 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) },
      body: file,
    });
    return unwrap<T>((await res.json()) as Envelope);
  }

  async call<M extends RpcMethod>(method: M, args: RpcArgs<M>, options: CallOptions = {}): Promise<RpcResult<M>> {
    if (method === 'import.stage') {
      // Bytes go up raw, as a dropped file does: base64 in JSON would triple the memory.
      const { name, bytes } = args as RpcArgs<'import.stage'>;
      return (await this.stageFile(name, new Blob([bytes as BlobPart]))) as RpcResult<M>;
    }
    const res = await fetch('/rpc', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { ...this.auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ method, args }),
      signal: options.signal,
    });
    return unwrap<RpcResult<M>>(parseRpcJson(await res.text()) as Envelope);
  }
}

/** The token arrives in the URL fragment once; it is kept for reloads and wiped from the URL. */
function webToken(): string | null {
  const match = /(?:^|[#&])token=([0-9a-f]+)/.exec(window.location.hash);
  if (match) {
    sessionStorage.setItem('perfdelta.token', match[1]!);
    history.replaceState(null, '', window.location.pathname + window.location.search);
    return match[1]!;
  }
  return sessionStorage.getItem('perfdelta.token');
}

export function createBridge(): Bridge {
  if (window.perfdelta) return new ElectronBridge(window.perfdelta);
  // No token in the URL: a launch link signed this window in with a cookie (or the host says
  // "not signed in" on the first call).
  return new WebBridge(webToken());
}
