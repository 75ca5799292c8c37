import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { JobStatus } from '../../contract/records.js';
import { REPO_ROOT } from '../../../importers/test-support/corpus.js';
import { eventually, sleep, startCli, stopWhileWriting, writeBigLog, type Proc } from '../test-support/processes.js';
import { tempDir } from '../test-support/temp.js';

/**
 * Issue 18: two imports at once failed with "database is locked" after 0.2 s. Writers wait
 * their turn, say so, and both imports land. Each test catches one real PerfDelta process
 * inside its import's transaction and holds it there (SIGSTOP) while the other one imports.
 */
const SMALL = path.join(REPO_ROOT, 'samples', 'fio', 'disk', 'randread-4k-qd1.json');
const WAITING = /waiting for another import to finish/;

interface Served {
  proc: Proc;
  port: number;
  token: string;
}

async function serve(db: string): Promise<Served> {
  const proc = startCli(['serve', '--no-samples', '--db', db]);
  await eventually(() => proc.stdout().includes('\n'), 'the web host\'s URL');
  const url = new URL(proc.stdout().split('\n')[0]!);
  const token = /token=([0-9a-f]+)/.exec(url.hash)![1]!;
  return { proc, port: Number(url.port), token };
}

async function rpc<T>(s: Served, method: string, args: unknown): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${s.port}/rpc`, { method: 'POST', headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ method, args }) });
  const body = (await res.json()) as { ok: boolean; result: T; error?: { message: string } };
  if (!body.ok) throw new Error(`${method}: ${body.error?.message}`);
  return body.result;
}

async function uploadAndCommit(s: Served, file: string, study: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${s.port}/stage`, { method: 'POST', headers: { authorization: `Bearer ${s.token}`, 'x-file-name': encodeURIComponent(path.basename(file)) }, body: fs.readFileSync(file) });
  const staged = (await res.json()) as { result: { id: string } };
  return (await rpc<{ job: string }>(s, 'import.commit', { ids: [staged.result.id], study, config: 'c' })).job;
}

async function stop(s: Served): Promise<void> {
  s.proc.child.kill('SIGTERM');
  await s.proc.exited;
}

describe('two imports at once (separate processes, one data folder)', () => {
  it('CLI + CLI: the second waits for the first, says so, and both are imported', async () => {
    const dir = tempDir();
    const db = path.join(dir, 'db.sqlite');
    const big = path.join(dir, 'big_clat.1.log');
    writeBigLog(big);
    // The store made first: the first import is caught in its own transaction, not in creating the store.
    assert.equal(await startCli(['studies', '--db', db]).exited, 0);
    const first = startCli(['import', '--db', db, '--study', 'one', '--json', big]);
    const held = await stopWhileWriting(first.child, db);
    const second = startCli(['import', '--db', db, '--study', 'two', '--json', SMALL]);
    try {
      await eventually(() => WAITING.test(second.stderr()) || second.child.exitCode !== null, 'the second import to say it waits');
      assert.equal(second.child.exitCode, null, `the second import gave up: ${second.stderr()}`);
      await sleep(1500);
      assert.equal(second.child.exitCode, null, 'still waiting after 2 s, not failed');
    } finally {
      held.resume();
    }
    assert.equal(await first.exited, 0, first.stderr());
    assert.equal(await second.exited, 0, second.stderr());
    assert.doesNotMatch(second.stderr(), /locked/);
    assert.equal(JSON.parse(second.stdout()).files[0].status, 'imported');
    assert.equal(JSON.parse(first.stdout()).files[0].status, 'imported');
    const runs = startCli(['runs', '--db', db, '--json']);
    assert.equal(await runs.exited, 0);
    assert.deepEqual((JSON.parse(runs.stdout()) as Array<{ study: string }>).map((r) => r.study).sort(), ['one', 'two']);
  });

  it('CLI + web host: the workbench\'s import shows "waiting" while the CLI writes, then lands', async () => {
    const dir = tempDir();
    const db = path.join(dir, 'db.sqlite');
    const big = path.join(dir, 'big_clat.1.log');
    writeBigLog(big);
    const host = await serve(db);
    try {
      const cli = startCli(['import', '--db', db, '--study', 'cli', big]);
      const held = await stopWhileWriting(cli.child, db);
      let job: string;
      const seen: JobStatus[] = [];
      try {
        job = await uploadAndCommit(host, SMALL, 'web');
        for (let i = 0; i < 200 && !seen.some((s) => s.waiting); i++) {
          seen.push(await rpc<JobStatus>(host, 'jobs.status', { job }));
          await sleep(25);
        }
        assert.ok(seen.some((s) => s.waiting && s.state === 'running'), `the job said it waits for another import: ${JSON.stringify(seen.at(-1))}`);
      } finally {
        held.resume();
      }
      assert.equal(await cli.exited, 0, cli.stderr());
      let status: JobStatus;
      do {
        status = await rpc<JobStatus>(host, 'jobs.status', { job: job! });
        await sleep(50);
      } while (status.state === 'running');
      assert.equal(status.state, 'done', status.error ?? '');
      assert.equal(status.waiting, false);
      assert.equal(status.result!.files[0]!.status, 'imported');
    } finally {
      await stop(host);
    }
  });

  it('web host + CLI: the CLI waits while the workbench imports, then both land', async () => {
    const dir = tempDir();
    const db = path.join(dir, 'db.sqlite');
    const big = path.join(dir, 'big_clat.1.log');
    writeBigLog(big);
    const host = await serve(db);
    try {
      const job = await uploadAndCommit(host, big, 'web');
      const held = await stopWhileWriting(host.proc.child, db);
      const cli = startCli(['import', '--db', db, '--study', 'cli', '--json', SMALL]);
      try {
        await eventually(() => WAITING.test(cli.stderr()) || cli.child.exitCode !== null, 'the CLI to say it waits');
        assert.equal(cli.child.exitCode, null, `the CLI gave up: ${cli.stderr()}`);
      } finally {
        held.resume();
      }
      assert.equal(await cli.exited, 0, cli.stderr());
      assert.equal(JSON.parse(cli.stdout()).files[0].status, 'imported');
      let status: JobStatus;
      do {
        status = await rpc<JobStatus>(host, 'jobs.status', { job });
        await sleep(50);
      } while (status.state === 'running');
      assert.equal(status.state, 'done', status.error ?? '');
    } finally {
      await stop(host);
    }
  });
});
