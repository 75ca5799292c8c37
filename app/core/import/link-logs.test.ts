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

  it('a real fio 2.18 clat log beside its fio 2.18 JSON: read as µs (13694 in the file is 13.694 ms)', (t) => {
    const log = corpusFile('fio-log/fioplot__fio-2.18_randread_clat.1.log');
    const json = corpusFile('fio/fioplot__fio-2.18_randread_md127.json');
    if (!log || !json) return t.skip(SKIP_NO_CORPUS);
    const dir = tempDir();
    fs.copyFileSync(json, path.join(dir, 'randread.json'));
    fs.copyFileSync(log, path.join(dir, 'fioplot__fio-2.18_randread_clat.1.log'));
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const result = core.importPaths([dir], 'Fio2', 'md127');
    const outcome = result.files.find((f) => f.path.endsWith('.log'))!;
    assert.match(outcome.warnings[0]!, /attached to run \d+ .*the only fio JSON run in the same folder/);
    const points = core.series(outcome.runs[0]!, 'read.clat_ms')[0]!.points;
    // First line "507, 13694, 0, 0", last "10015, 13353, 0, 0": µs, as fio 2 wrote them.
    assert.equal(points.length, 20);
    assert.ok(Math.abs(points[0]![1] - 13.694) < 1e-9 && Math.abs(points[19]![1] - 13.353) < 1e-9, `${points[0]![1]} … ${points[19]![1]}`);
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

  it('a log written with log_unix_epoch=1 keeps its epoch times when it joins its run', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const dir = tempDir();
    const detail = path.join(REPO_ROOT, 'samples', 'fio', 'detail');
    fs.copyFileSync(path.join(detail, 'randrw70.json'), path.join(dir, 'randrw70.json'));
    const run = (JSON.parse(fs.readFileSync(path.join(detail, 'randrw70.json'), 'utf8')) as { timestamp_ms: number }).timestamp_ms;
    // The same rows as fio writes them with log_unix_epoch=1: ms since 1970.
    const rows = fs.readFileSync(path.join(detail, 'randrw70_iops.1.log'), 'utf8').trim().split('\n');
    const epoch = rows.map((r) => r.replace(/^\d+/, (t) => String(run - 5000 + Number(t)))).join('\n') + '\n';
    fs.writeFileSync(path.join(dir, 'randrw70_iops.1.log'), epoch);
    const result = core.importPaths([dir], 'Epoch', 'disk');
    const log = result.files.find((f) => f.path.endsWith('.log'))!;
    assert.match(log.warnings[0]!, /attached to run/);
    const first = core.series(log.runs[0]!, 'read.iops')[0]!.points[0]![0];
    assert.equal(first, run - 5000 + Number(rows[0]!.split(',')[0]), 'the time as written, not moved by the run start again');
    // Alone, it is a run of its own whose note says its times are epoch times.
    const alone = core.importPaths([path.join(dir, 'randrw70_iops.1.log')], 'Epoch alone', 'disk');
    assert.match(alone.files[0]!.warnings[0]!, /times in epoch ms, as written \(log_unix_epoch\)/);
    core.close();
  });

  it('several jobs logging under one prefix ([global] write_iops_log): each log goes to the job its number names', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const dir = tempDir();
    const detail = path.join(REPO_ROOT, 'samples', 'fio', 'detail');
    const doc = JSON.parse(fs.readFileSync(path.join(detail, 'randrw70.json'), 'utf8')) as { jobs: Array<Record<string, unknown>> };
    const job = doc.jobs[0]!;
    const options = { ...(job['job options'] as object), write_iops_log: 'x' };
    // fio numbers per-job logs by thread: job "a" runs 2 threads (numjobs=2, its clones one run), so "b" is thread 3.
    doc.jobs = [{ ...job, jobname: 'a', 'job options': { ...options, name: 'a', numjobs: '2' } }, { ...job, jobname: 'b', groupid: 1, 'job options': { ...options, name: 'b' } }];
    fs.writeFileSync(path.join(dir, 'two-jobs.json'), JSON.stringify(doc));
    const rows = fs.readFileSync(path.join(detail, 'randrw70_iops.1.log'), 'utf8');
    fs.writeFileSync(path.join(dir, 'x_iops.1.log'), rows);
    fs.writeFileSync(path.join(dir, 'x_iops.2.log'), rows + '9999, 1, 0, 4096, 0\n');
    fs.writeFileSync(path.join(dir, 'x_iops.3.log'), rows + '9998, 1, 0, 4096, 0\n');
    const result = core.importPaths([dir], 'Threads', 'disk');
    const runs = core.runs({ study: 'threads' });
    const runOf = (name: string): number => runs.find((r) => r.name === name)!.id;
    const outcome = (name: string) => result.files.find((f) => f.path.endsWith(name))!;
    assert.deepEqual(outcome('x_iops.1.log').runs, [runOf('a')]);
    assert.deepEqual(outcome('x_iops.2.log').runs, [runOf('a')], 'thread 2 is a\'s second');
    assert.deepEqual(outcome('x_iops.3.log').runs, [runOf('b')]);
    assert.match(outcome('x_iops.3.log').warnings[0]!, /job number 3 is this one/);
    core.close();
  });

  it('the job number picks a job only within one fio run: not across appended runs, re-imports or group_reporting groups', () => {
    const detail = path.join(REPO_ROOT, 'samples', 'fio', 'detail');
    const doc = JSON.parse(fs.readFileSync(path.join(detail, 'randrw70.json'), 'utf8')) as { jobs: Array<Record<string, unknown>>; timestamp_ms: number };
    const job = doc.jobs[0]!;
    const jobs = (extra: Record<string, string> = {}) => ['a', 'b'].map((name, groupid) => ({ ...job, jobname: name, groupid, 'job options': { ...(job['job options'] as object), name, write_iops_log: 'x', ...extra } }));
    const rows = fs.readFileSync(path.join(detail, 'randrw70_iops.1.log'), 'utf8');
    const importLog = (core: Core, dir: string, study: string): string => {
      fs.writeFileSync(path.join(dir, 'x_iops.2.log'), rows + `${study.length}, 1, 0, 4096, 0\n`);
      const r = core.importPaths([path.join(dir, 'x_iops.2.log')], study, 'disk');
      return r.files[0]!.warnings[0]!;
    };
    // Two fio runs appended to one file (`>>`): each numbers its logs from 1.
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const appended = tempDir();
    const second = { ...doc, timestamp_ms: doc.timestamp_ms + 60_000, jobs: jobs({ bs: '64k' }) }; // a loop over block sizes
    fs.writeFileSync(path.join(appended, 'sweep.json'), `${JSON.stringify({ ...doc, jobs: jobs() }, null, 2)}\n${JSON.stringify(second, null, 2)}\n`);
    core.importPaths([path.join(appended, 'sweep.json')], 'Appended', 'disk');
    assert.equal(core.runs({ study: 'appended' }).length, 4);
    assert.match(importLog(core, appended, 'Appended'), /no fio JSON run to attach it to \(several fio JSON runs could own it\)/);
    // group_reporting: an entry may hold several job sections; its threads are unknown.
    const grouped = tempDir();
    fs.writeFileSync(path.join(grouped, 'grouped.json'), JSON.stringify({ ...doc, jobs: jobs({ group_reporting: '1' }) }));
    core.importPaths([path.join(grouped, 'grouped.json')], 'Grouped', 'disk');
    assert.match(importLog(core, grouped, 'Grouped'), /several fio JSON runs could own it/);
    // Without either, the same log finds job b.
    const plain = tempDir();
    fs.writeFileSync(path.join(plain, 'plain.json'), JSON.stringify({ ...doc, jobs: jobs() }));
    core.importPaths([path.join(plain, 'plain.json')], 'Plain', 'disk');
    assert.match(importLog(core, plain, 'Plain'), /attached to run \d+ "b"/);
    core.close();
  });

  it('a job with log_max_value=1 logs window maxima: its log joins the run as the max series, not as means', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const dir = tempDir();
    const detail = path.join(REPO_ROOT, 'samples', 'fio', 'detail');
    const doc = JSON.parse(fs.readFileSync(path.join(detail, 'randrw70.json'), 'utf8')) as { jobs: Array<Record<string, Record<string, string>>> };
    doc.jobs[0]!['job options']!['log_max_value'] = '1';
    fs.writeFileSync(path.join(dir, 'randrw70.json'), JSON.stringify(doc));
    fs.copyFileSync(path.join(detail, 'randrw70_iops.1.log'), path.join(dir, 'randrw70_iops.1.log'));
    fs.copyFileSync(path.join(detail, 'randrw70_clat.1.log'), path.join(dir, 'randrw70_clat.1.log'));
    const result = core.importPaths([dir], 'Maxima', 'disk');
    const run = result.files.find((f) => f.path.endsWith('.json'))!.runs[0]!;
    const metrics = core.series(run).map((s) => s.metric).sort();
    assert.ok(metrics.includes('read.iops_max') && metrics.includes('read.clat_max_ms'), metrics.join(', '));
    assert.ok(!metrics.includes('read.iops') && !metrics.includes('read.clat_ms'), 'not named as window means');

    // fio 3.37 and later name the option log_window_value in the JSON ("1" for log_max_value=1).
    // And a per-I/O log (no log_avg_msec: block sizes written) holds samples, not window maxima.
    const later = tempDir();
    delete doc.jobs[0]!['job options']!['log_max_value'];
    doc.jobs[0]!['job options']!['log_window_value'] = '1';
    fs.writeFileSync(path.join(later, 'randrw70.json'), JSON.stringify(doc));
    fs.copyFileSync(path.join(detail, 'randrw70_iops.1.log'), path.join(later, 'randrw70_iops.1.log'));
    const perIo = fs.readFileSync(path.join(detail, 'randrw70_clat.1.log'), 'utf8').replace(/^(\d+, \d+, \d), 0/gm, '$1, 4096');
    fs.writeFileSync(path.join(later, 'randrw70_clat.1.log'), perIo);
    const r2 = core.importPaths([later], 'Maxima 3.37', 'disk');
    const m2 = core.series(r2.files.find((f) => f.path.endsWith('.json'))!.runs[0]!).map((s) => s.metric);
    assert.ok(m2.includes('read.iops_max'), m2.join(', '));
    assert.ok(m2.includes('read.clat_ms') && !m2.includes('read.clat_max_ms'), 'per-I/O samples keep their name');
    core.close();
  });

  it('a histogram log without its JSON says its summary is the percentiles of its bins', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const r = core.importPaths([path.join(REPO_ROOT, 'samples', 'fio', 'detail', 'randrw70_clat_hist.1.log')], 'Hist', 'disk');
    assert.equal(r.files[0]!.status, 'imported');
    assert.match(r.files[0]!.warnings[0]!, /summary metrics the percentiles of all its rows' bins/);
    assert.ok(core.runs({ study: 'hist' })[0]!.metrics['read.clat_p99_ms']! > 0);
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

  it('before import, the core says which staged logs a run claims: in a mixed drop only the unclaimed latency log is asked its unit', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const detail = path.join(REPO_ROOT, 'samples', 'fio', 'detail');
    const disk = path.join(REPO_ROOT, 'samples', 'fio', 'disk');
    const clat = fs.readFileSync(path.join(detail, 'randrw70_clat.1.log'));
    const stage = (name: string, bytes: Uint8Array): string => core.stage(name, bytes).id;
    // Two JSON files in one folder, a log named after one of them, and a log of some other job.
    const json1 = stage('run/randread-4k-qd1.json', fs.readFileSync(path.join(disk, 'randread-4k-qd1.json')));
    const json2 = stage('run/randwrite-4k-qd16.json', fs.readFileSync(path.join(disk, 'randwrite-4k-qd16.json')));
    const named = stage('run/randread-4k-qd1_clat.1.log', clat);
    const orphan = stage('run/old-test_clat.1.log', Buffer.concat([clat, Buffer.from('9999, 1, 0, 4096, 0\n')]));
    const ids = [json1, json2, named, orphan];
    const claims = core.logOwners(ids, 'Mixed', 'disk');
    assert.deepEqual(Object.keys(claims).sort(), [named, orphan].sort(), 'a claim for each log, none for the JSON files');
    assert.equal(claims[named]!.owner, 'randread-4k-qd1 (randread-4k-qd1.json)');
    assert.equal(claims[named]!.rule, 'stem', 'the rule, for the sheet to word in the user\'s language');
    assert.equal(claims[orphan]!.owner, null);
    assert.equal(claims[orphan]!.rule, 'ambiguous');

    // What the import does agrees: the named log joins its run, the other is read in the unit chosen for it.
    const result = core.commit(ids, 'Mixed', 'disk', { logUnits: { [orphan]: 'us' } });
    const outcome = (id: string): typeof result.files[number] => result.files[ids.indexOf(id)]!;
    assert.deepEqual(outcome(named).runs, outcome(json1).runs);
    assert.match(outcome(orphan).warnings[0]!, /latency read as µs \(fio 2\.x\), as chosen at import/);

    // Later, the stored runs claim: a log of the same stem dropped alone joins the stored run,
    // in its study and configuration only.
    const later = stage('randread-4k-qd1_clat.1.log', Buffer.concat([clat, Buffer.from('9998, 1, 0, 4096, 0\n')]));
    assert.equal(core.logOwners([later], 'Mixed', 'disk')[later]!.owner, 'randread-4k-qd1 (randread-4k-qd1.json)');
    assert.equal(core.logOwners([later], 'Mixed', 'other')[later]!.owner, null);
    assert.equal(core.logOwners([later], '', '')[later]!.owner, null, 'no study typed yet: only the drop can claim');
    core.close();
  });

  it('copies are duplicates to the claims as to the import: a JSON kept twice claims once, a log the study has gets no claim', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const json = fs.readFileSync(path.join(REPO_ROOT, 'samples', 'fio', 'detail', 'randrw70.json'));
    const clat = fs.readFileSync(path.join(REPO_ROOT, 'samples', 'fio', 'detail', 'randrw70_clat.1.log'));
    const ids = [core.stage('a/randrw70.json', json).id, core.stage('b/randrw70.json', json).id, core.stage('c/randrw70_clat.1.log', clat).id];
    const log = ids[2]!;
    const claim = core.logOwners(ids, 'Copies', 'disk')[log]!;
    // The second copy is a duplicate and offers no run: the one left names the log in its options.
    assert.deepEqual([claim.owner, claim.rule], ['randrw70 (randrw70.json)', 'option']);
    const result = core.commit(ids, 'Copies', 'disk');
    assert.deepEqual(result.files.map((f) => f.status), ['imported', 'duplicate', 'imported']);
    assert.deepEqual(result.files[2]!.runs, result.files[0]!.runs, 'the import attached it as the claim said');

    const again = core.stage('c/randrw70_clat.1.log', clat).id;
    const copy = core.stage('d/randrw70_clat.1.log', clat).id;
    assert.deepEqual(core.logOwners([again, copy], 'Copies', 'disk'), {}, 'both are duplicates: nothing to say or ask');
    core.close();
  });

  it('a latency log without its JSON: the sheet asks its unit; µs chosen reads every value 1000 times larger, the JSON overrides the choice', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const detail = path.join(REPO_ROOT, 'samples', 'fio', 'detail');
    const clat = fs.readFileSync(path.join(detail, 'randrw70_clat.1.log'));
    const first = Number(clat.toString('utf8').split(',')[1]); // fio 3 wrote ns

    const asNs = core.stage('old_clat.1.log', clat);
    assert.deepEqual(asNs.latencyLog, { kind: 'clat' }, 'the preview marks a latency log, so the sheet can ask');
    const byDefault = core.commit([asNs.id], 'Units', 'ns');
    assert.match(byDefault.files[0]!.warnings[0]!, /latency read as ns \(fio 3\.x, the default\)/);
    const ns = core.series(byDefault.files[0]!.runs[0]!, 'read.clat_ms')[0]!;
    assert.ok(Math.abs(ns.points[0]![1] - first / 1e6) < 1e-12);

    const asUs = core.stage('old_clat.1.log', clat);
    // The same bytes in another study (in this one they would be a duplicate).
    const chosen = core.commit([asUs.id], 'Units us', 'us', { logUnits: { [asUs.id]: 'us' } });
    assert.match(chosen.files[0]!.warnings[0]!, /latency read as µs \(fio 2\.x\), as chosen at import/);
    const run = core.runs({ study: 'units-us', config: 'us' })[0]!;
    const us = core.series(run.id, 'read.clat_ms')[0]!;
    assert.ok(Math.abs(us.points[0]![1] - first / 1e3) < 1e-12, 'the same row read as µs: 1000 times the ms');
    const nsRun = core.runs({ study: 'units', config: 'ns' })[0]!;
    assert.ok(Math.abs(run.metrics['read.clat_avg_ms']! / nsRun.metrics['read.clat_avg_ms']! - 1000) < 1e-9, 'the summary mean too');
    assert.equal((run.tables['log'] as { unit_assumed: string }).unit_assumed, 'µs');

    // With its JSON (fio 3) the choice does not apply: the JSON says ns.
    const dir = tempDir();
    fs.copyFileSync(path.join(detail, 'randrw70.json'), path.join(dir, 'randrw70.json'));
    fs.copyFileSync(path.join(detail, 'randrw70_clat.1.log'), path.join(dir, 'randrw70_clat.1.log'));
    const owned = core.importPaths([dir], 'Units json', 'json', { logUnit: 'us' });
    const log = owned.files.find((f) => f.path.endsWith('.log'))!;
    assert.match(log.warnings[0]!, /attached to run/);
    const attached = core.series(log.runs[0]!, 'read.clat_ms')[0]!;
    assert.ok(Math.abs(attached.points[0]![1] - first / 1e6) < 1e-12, 'ns, as the fio 3 JSON says');
    core.close();
  });
});
