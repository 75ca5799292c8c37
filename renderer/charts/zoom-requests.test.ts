import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { ZoomRequests } from './zoom-requests.js';

/** A promise settled by the test: answers arrive in the order the test says. */
function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => { resolve = r; });
  return { promise, resolve };
}

const flush = (): Promise<void> => new Promise((r) => setImmediate(r));

describe('a zoomed chart\'s window requests', () => {
  it('the first zoom after a pause asks at once; a burst asks once more, for where it ended; only the newest answer is used', async () => {
    mock.timers.enable({ apis: ['setTimeout'] });
    try {
      let clock = 1000;
      const asked: number[] = [];
      const aborted: number[] = [];
      const answers = new Map<number, ReturnType<typeof deferred<number>>>();
      const used: number[] = [];
      const z = new ZoomRequests<number, number>(
        (w, signal) => {
          asked.push(w);
          signal.addEventListener('abort', () => aborted.push(w));
          const d = deferred<number>();
          answers.set(w, d);
          return d.promise;
        },
        (_, r) => used.push(r),
        30,
        () => clock,
      );
      z.want(1);
      assert.deepEqual(asked, [1], 'asked at once, no fixed delay');
      for (const w of [2, 3, 4]) {
        clock += 10;
        mock.timers.tick(10);
        z.want(w);
      }
      assert.deepEqual(asked, [1], 'the burst waits for its pause');
      mock.timers.tick(30);
      assert.deepEqual(asked, [1, 4], 'then asks once, for where it ended');
      assert.deepEqual(aborted, [1], 'asking aborts the request before');
      answers.get(4)!.resolve(40);
      answers.get(1)!.resolve(10);
      await flush();
      assert.deepEqual(used, [40], 'the late answer to the first request is not used');
      clock += 500;
      z.want(5);
      assert.deepEqual(asked, [1, 4, 5], 'after a pause the next zoom asks at once again');
      z.dispose();
    } finally {
      mock.timers.reset();
    }
  });

  it('reset forgets what was asked: an answer arriving after it is not used', async () => {
    const used: number[] = [];
    const d = deferred<number>();
    const z = new ZoomRequests<number, number>(() => d.promise, (_, r) => used.push(r), 10);
    z.want(1);
    z.reset();
    d.resolve(7);
    await flush();
    assert.deepEqual(used, []);
    z.dispose();
  });
});
