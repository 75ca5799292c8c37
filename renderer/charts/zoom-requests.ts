/**
 * A zoomed chart's requests for its window: debounced with a leading edge, newest wins.
 *
 * The first zoom after a pause asks at once (a click on the slider, a single wheel step: the
 * answer is on screen in tens of milliseconds, not after a fixed wait); zooms that follow within
 * `quietMs` of each other (a wheel spun, a slider dragged) wait for the pause and ask once for
 * where they ended. Asking aborts the request before it, and an answer is used only if it
 * answers the newest request; on the host the same call names a channel, so a superseded call
 * still waiting never reaches the core and a stale answer is dropped (app/host/rpc-host.ts).
 */
export const ZOOM_QUIET_MS = 80;

export class ZoomRequests<W, T> {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private controller: AbortController | null = null;
  private newest = 0;
  private lastEvent = -Infinity;
  private disposed = false;

  constructor(
    private readonly ask: (window: W, signal: AbortSignal) => Promise<T>,
    private readonly answer: (window: W, result: T) => void,
    private readonly quietMs = ZOOM_QUIET_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The user's zoom moved to `window`. */
  want(window: W): void {
    if (this.disposed) return;
    const now = this.now();
    const leading = this.timer === null && now - this.lastEvent > this.quietMs;
    this.lastEvent = now;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (leading) {
      this.send(window);
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      this.send(window);
    }, this.quietMs);
  }

  /** Forgets what was asked (the chart shows its overview again): a late answer is not used. */
  reset(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.controller?.abort();
    this.controller = null;
    this.newest++;
  }

  dispose(): void {
    this.reset();
    this.disposed = true;
  }

  private send(window: W): void {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const seq = ++this.newest;
    this.ask(window, controller.signal).then(
      (result) => { if (seq === this.newest && !this.disposed) this.answer(window, result); },
      () => undefined, // aborted, superseded, or failed: the overview stays
    );
  }
}
