/** Starts the core worker and the local web host over one database. */
import fs from 'node:fs';
import path from 'node:path';
import { RpcHost } from '../host/rpc-host.js';
import { startWebHost, type WebHost } from '../web/web-host.js';
import { printUrl, printWithChromium } from '../print/pdf-chromium.js';

export interface ServeOptions {
  dbPath: string;
  port?: number;
  /** First launch: an empty data folder gets the sample studies. */
  loadSamplesIfNew?: boolean;
  token?: string;
}

export async function serve(options: ServeOptions): Promise<WebHost> {
  const isNew = !fs.existsSync(options.dbPath);
  const rpc = new RpcHost({ dbPath: options.dbPath, dataDir: path.dirname(options.dbPath), mode: 'web' });
  await rpc.ready;
  if (isNew && options.loadSamplesIfNew) {
    process.stderr.write('First launch: loading the sample studies (a few seconds)…\n');
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
