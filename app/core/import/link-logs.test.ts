import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { corpusFile, REPO_ROOT, SKIP_NO_CORPUS } from '../../../importers/test-support/corpus.js';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';

describe('fio logs find their run', () => {
  it('a dropped run folder: the logs become series of the JSON run, on its clock', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const result = core.importPaths([path.join(REPO_ROOT, 'samples', 'fio', 'detail')], 'Logs', 'disk');
    const json = result.files.find((f) => f.path.endsWith('randrw70.json'))!;
    const logs = result.files.filter((f) => /randrw70_.*\.log$/.test(f.path));
    assert.equal(logs.length, 6);
    for (const l of logs) {
      assert.deepEqual(l.runs, json.runs, `${path.basename(l.path)} attaches to the JSON run`);
      assert.match(l.warnings[0]!, /attached to run \d+ "randrw70"/);
    }
    const run = core.runs({ study: 'logs' }).find((r) => r.id === json.runs[0])!;
    const series = core.series(run.id);
    const metrics = series.map((s) => s.metric).sort();
    for (const m of ['read.iops', 'write.iops', 'read.bw_mib_s', 'read.clat_ms', 'read.lat_ms', 'read.slat_ms', 'read.clat_p99_ms']) assert.ok(metrics.includes(m), m);
    const iops = series.find((s) => s.metric === 'read.iops')!;
    const start = Date.parse(run.start!);
    assert.ok(iops.points[0]![0] >= start && iops.points[0]![0] < start + 1000, 'log times are moved onto the run\'s clock');
    core.close();
  });

  it('fio 2 latency logs are µs: scaled when their JSON says fio 2', (t) => {
    const json = corpusFile('fio/fioplot__fio-2.18_randread_md127.json');
    const clat = corpusFile('fio-log/fioplot__fio-2.18_randread_clat.1.log');
    if (!json || !clat) return t.skip(SKIP_NO_CORPUS);
    const dir = tempDir();
    fs.copyFileSync(json, path.join(dir, 'randread-4k-01-01.json'));
    fs.copyFileSync(clat, path.join(dir, 'randread-4k-01-01_clat.1.log'));
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const result = core.importPaths([dir], 'Old', 'md127');
    const log = result.files.find((f) => f.path.endsWith('.log'))!;
    assert.match(log.warnings[0]!, /attached to run \d+ "random-io"/);
    const s = core.series(log.runs[0]!, 'read.clat_ms')[0]!;
    assert.ok(Math.abs(s.points[0]![1] - 13.694) < 1e-9, 'first row 13694 µs is 13.694 ms');
    core.close();
  });

  it('a log with no JSON becomes a run of its own and says why', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const dir = tempDir();
    fs.copyFileSync(path.join(REPO_ROOT, 'samples/fio/detail/randrw70_iops.1.log'), path.join(dir, 'lonely_iops.1.log'));
    const result = core.importPaths([dir], 'Alone', 'x');
    assert.match(result.files[0]!.warnings[0]!, /no fio JSON run to attach it to/);
    const runs = core.runs({ study: 'alone' });
    assert.equal(runs.length, 1);
    assert.ok(runs[0]!.metrics['read.iops']! > 0, 'summary from the samples');
    core.close();
  });

  it('a log imported after its JSON still finds it', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const detail = path.join(REPO_ROOT, 'samples', 'fio', 'detail');
    core.importPaths([path.join(detail, 'randrw70.json')], 'Later', 'disk');
    const r = core.importPaths([path.join(detail, 'randrw70_bw.1.log')], 'Later', 'disk');
    assert.match(r.files[0]!.warnings[0]!, /attached to run/);
    assert.equal(core.runs({ study: 'later' }).length, 1);
    core.close();
  });
});
