import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RunRecord } from '../contract/records.js';
import { corpusFile, SKIP_NO_CORPUS } from '../../importers/test-support/corpus.js';
import { call, importStaged, startTestHost, upload, type TestHost } from './test-host.js';

/** Issue 18: a second summary.html uploaded into one study and configuration was swallowed. */
describe('two vdbench summary.html uploaded to the web host', () => {
  const hero = corpusFile('vdbench/hero0906__fsd_vdbench50406_summary.html');
  const ocean = corpusFile('vdbench/masakioui-vdboceanstor__sd-raw_summary.html');
  let host: TestHost;
  let dir: string;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perfdelta-upload-'));
    host = await startTestHost(dir);
  });
  after(async () => {
    await host.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('one after the other: the second gives its own runs', async (t) => {
    if (!hero || !ocean) return t.skip(SKIP_NO_CORPUS);
    const first = await importStaged(host.web, [(await upload(host.web, 'summary.html', fs.readFileSync(hero))).id], 'uploads', 'array');
    assert.equal(first.state, 'done', first.error ?? '');
    const second = await importStaged(host.web, [(await upload(host.web, 'summary.html', fs.readFileSync(ocean))).id], 'uploads', 'array');
    assert.equal(second.state, 'done', second.error ?? '');
    const outcome = second.result!.files[0]!;
    assert.equal(outcome.runs.length, 1);
    assert.ok(!first.result!.files[0]!.runs.includes(outcome.runs[0]!));
    assert.match(outcome.warnings[0]!, /other results than summary\.html, from an earlier import of this folder \(rd1: iorate 100 here, max there\)/);
    const runs = await call<RunRecord[]>(host.web, 'runs.list', { study: 'uploads' });
    assert.equal(runs.length, 3);
    assert.equal(runs.find((r) => r.id === outcome.runs[0])!.metrics['total.iops'], 97.8);
  });

  it('both in one import: both give their runs; the same file again gives none', async (t) => {
    if (!hero || !ocean) return t.skip(SKIP_NO_CORPUS);
    const ids = [(await upload(host.web, 'summary.html', fs.readFileSync(ocean))).id, (await upload(host.web, 'summary.html', fs.readFileSync(hero))).id];
    const job = await importStaged(host.web, ids, 'together', 'array');
    assert.equal(job.state, 'done', job.error ?? '');
    assert.deepEqual(job.result!.files.map((f) => f.runs.length).sort(), [1, 2]);
    assert.equal((await call<RunRecord[]>(host.web, 'runs.list', { study: 'together' })).length, 3);
    const again = await importStaged(host.web, [(await upload(host.web, 'summary.html', fs.readFileSync(ocean))).id], 'together', 'array');
    assert.equal(again.result!.files[0]!.status, 'duplicate');
    assert.equal((await call<RunRecord[]>(host.web, 'runs.list', { study: 'together' })).length, 3);
  });
});
