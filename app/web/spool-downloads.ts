/**
 * Files the core wrote into the host's spool for the browser to save (a study file): each
 * offered once, at an address only the caller that asked for it was told (`/download/<random>`),
 * streamed from disk as the browser reads it (a study holding a 315 MB log never becomes one
 * string, in the host or the page), and removed once sent, or when unclaimed in time.
 *
 * The address is the credential: a download is a plain navigation, which carries no token and
 * no Origin; 128 random bits, good for one request and a few minutes, are what an RPC caller
 * with the token was given.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';

/** How long an offered file waits for the browser to ask for it. */
const OFFER_TTL_MS = 5 * 60_000;

interface Offer {
  file: string;
  fileName: string;
  timer: NodeJS.Timeout;
}

export class SpoolDownloads {
  private readonly offers = new Map<string, Offer>();

  constructor(private readonly spoolDir: string) {}

  /** Offers the spooled file `spool` (a name inside the spool, never a path) under `fileName`; returns the address to fetch it from. */
  offer({ spool, fileName }: { spool: string; fileName: string }): string {
    if (!/^[0-9a-f-]{36}$/.test(spool)) throw new Error(`no spooled file "${spool}"`);
    const ticket = randomBytes(16).toString('hex');
    const file = path.join(this.spoolDir, spool);
    const timer = setTimeout(() => this.drop(ticket), OFFER_TTL_MS);
    timer.unref();
    this.offers.set(ticket, { file, fileName, timer });
    return `/download/${ticket}`;
  }

  /** Streams the offered file, once; a ticket used or unknown is a 404. */
  send(ticket: string, res: http.ServerResponse): void {
    const offer = this.offers.get(ticket);
    if (!offer) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end('This download was already used or has expired: save the study file again.\n');
      return;
    }
    this.offers.delete(ticket);
    clearTimeout(offer.timer);
    let size: number;
    try {
      size = fs.statSync(offer.file).size;
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('The saved study file is gone from the spool: save it again.\n');
      return;
    }
    res.writeHead(200, {
      'content-type': 'application/vnd.sqlite3',
      'content-length': String(size),
      // RFC 6266 / 5987: the name as given, in UTF-8 (a Chinese study name stays readable).
      'content-disposition': `attachment; filename="${offer.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(offer.fileName)}`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    const stream = fs.createReadStream(offer.file);
    // Sent, or the browser went away: either way the spooled copy is of no more use, and goes
    // once the file is closed (Windows keeps an open file).
    res.once('close', () => stream.destroy());
    stream.once('close', () => removeQuietly(offer.file));
    stream.once('error', () => res.destroy());
    stream.pipe(res);
  }

  /** Files offered and never fetched are removed (the host's spool goes when it closes anyway). */
  close(): void {
    for (const ticket of [...this.offers.keys()]) this.drop(ticket);
  }

  private drop(ticket: string): void {
    const offer = this.offers.get(ticket);
    if (!offer) return;
    clearTimeout(offer.timer);
    this.offers.delete(ticket);
    removeQuietly(offer.file);
  }
}

/** A spooled copy removed; one that cannot be (held open elsewhere) goes with the spool folder when the host closes. */
function removeQuietly(file: string): void {
  try {
    fs.rmSync(file, { force: true });
  } catch {
    // left to the spool's removal
  }
}
