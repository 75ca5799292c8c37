/** Starts the core worker and the local web host over one database. */
import fs from 'node:fs';
import path from 'node:path';
import { RpcHost } from '../host/rpc-host.js';
import { startWebHost, type WebHost } from '../web/web-host.js';
import { printUrl, printWithChromium } from '../print/pdf-chromium.js';

export interface ServeOptions {
  dbPath: string;
  port?: number;
  /**
   * The sample studies: 'if-new' loads them on a first launch (an empty data folder), as
   * `npm start` and the Electron window do; 'always' loads those not loaded yet whatever the
   * folder holds; 'never' starts empty. Default 'if-new'.
   */
  samples?: SamplesOnStart;
  token?: string;
}

export type SamplesOnStart = 'if-new' | 'always' | 'never';

/** PERFDELTA_NO_SAMPLES=1 starts empty, whichever way PerfDelta starts (the Electron window reads it too). */
export function samplesFromEnv(fallback: SamplesOnStart = 'if-new'): SamplesOnStart {
  return process.env['PERFDELTA_NO_SAMPLES'] === '1' ? 'never' : fallback;
}

export async function serve(options: ServeOptions): Promise<WebHost> {
  const isNew = !fs.existsSync(options.dbPath);
  const rpc = new RpcHost({ dbPath: options.dbPath, dataDir: path.dirname(options.dbPath), mode: 'web' });
  await rpc.ready;
  const samples = options.samples ?? 'if-new';
  if (samples === 'always' || (samples === 'if-new' && isNew)) {
    process.stderr.write(isNew ? 'First launch: loading the sample studies (a few seconds)…\n' : 'Loading the sample studies not loaded yet…\n');
    await rpc.call('samples.load', {});
  }
  const host = await startWebHost({ rpc, staticDir: path.join(__dirname, '..', 'renderer'), port: options.port, token: options.token });
  // The host prints its own print page: the same renderer, so the PDF shows what the preview shows.
  rpc.printer = ({ study, report }) => printWithChromium(printUrl(host.url, host.token, study, report));
  return {
    ...host,
    close: async () => {
      await host.close();
      await rpc.close();
    },
  };
}
