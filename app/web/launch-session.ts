/**
 * How the workbench window gets its access without a secret on a command line (issue 18: the
 * token was in Chromium's `--app=...#token=` argument, which any local user reads with `ps`).
 * `npm start` opens Chromium at a one-time launch link, `/launch?code=...`: the host takes the
 * code once, within a minute, and answers with an HttpOnly, SameSite=Strict cookie holding a
 * session secret that never appears in a URL. After that the code is worth nothing, so
 * reading it from `ps` gives nothing. The per-launch token (Authorization: Bearer) stays for
 * the CLI, the print page and tests; it is printed by `perfdelta serve`, never put on a
 * command line.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';

/** How long a launch link works if it is never used (Chromium opens it within seconds). */
export const LAUNCH_CODE_TTL_MS = 60_000;

export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export class LaunchSessions {
  /** The cookie's value: random per host, shown to no one (HttpOnly: not even the page's scripts). */
  private readonly secret = randomBytes(32).toString('hex');
  private readonly codes = new Map<string, number>();

  constructor(private readonly ttlMs = LAUNCH_CODE_TTL_MS, private readonly now: () => number = Date.now) {}

  /** A new one-time code, working for `ttlMs` (default: the host's, a minute). */
  issue(ttlMs = this.ttlMs): string {
    const code = randomBytes(32).toString('hex');
    this.codes.set(code, this.now() + ttlMs);
    return code;
  }

  /** True once for a code issued here and not expired; the code is gone afterwards either way. */
  redeem(code: string): boolean {
    for (const [c, until] of this.codes) if (until < this.now()) this.codes.delete(c);
    for (const [c] of this.codes) {
      if (sameSecret(code, c)) {
        this.codes.delete(c);
        return true;
      }
    }
    return false;
  }

  /** One cookie per host: hosts on other ports of 127.0.0.1 share the cookie jar, never a name. */
  cookieName(port: number): string {
    return `perfdelta_session_${port}`;
  }

  /** The Set-Cookie header that hands the session over. */
  setCookie(port: number): string {
    return `${this.cookieName(port)}=${this.secret}; HttpOnly; SameSite=Strict; Path=/`;
  }

  /** Whether the request carries this host's session cookie. */
  carriesSession(req: http.IncomingMessage, port: number): boolean {
    const name = this.cookieName(port);
    for (const part of String(req.headers.cookie ?? '').split(';')) {
      const eq = part.indexOf('=');
      if (eq > 0 && part.slice(0, eq).trim() === name && sameSecret(part.slice(eq + 1).trim(), this.secret)) return true;
    }
    return false;
  }
}
