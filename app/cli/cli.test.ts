import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../../importers/test-support/corpus.js';
import { tempDir } from '../core/test-support/temp.js';
import { S1_TSV } from '../../importers/test-support/spreadsheet-fixtures.js';

const BIN = path.join(REPO_ROOT, 'app', 'cli', 'bin.cjs');
const FIO = path.join(REPO_ROOT, 'samples', 'fio');
const SAMPLE = path.join(FIO, 'disk', 'randread-4k-qd1.json');

function cli(args: string[], home: string): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { env: { ...process.env, PERFDELTA_HOME: home }, encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

function fioTotals(file: string): { iops: number; latMs: number } {
  const job = (JSON.parse(fs.readFileSync(file, 'utf8')) as { jobs: Array<Record<string, { iops: number; total_ios: number; lat_ns: { mean: number } }>> }).jobs[0]!;
  const dirs = [job['read']!, job['write']!].filter((d) => d.total_ios > 0);
  const ios = dirs.reduce((n, d) => n + d.total_ios, 0);
  return { iops: dirs.reduce((s, d) => s + d.iops, 0), latMs: dirs.reduce((s, d) => s + (d.lat_ns.mean / 1e6) * d.total_ios, 0) / ios };
}

describe('perfdelta CLI (the --json contract)', () => {
  it('detect names each file\'s format, null when unknown', () => {
    const home = tempDir();
    const junk = path.join(home, 'notes.txt');
    fs.writeFileSync(junk, 'hello');
    const r = cli(['detect', '--json', path.join(FIO, 'disk', 'randread-4k-qd1.json'), junk], home);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), [
      { path: path.join(FIO, 'disk', 'randread-4k-qd1.json'), format: 'fio-json' },
      { path: junk, format: null },
    ]);
  });

  it('import, studies, runs and compare agree with the files', () => {
    const home = tempDir();
    const disk = cli(['import', '--study', 'Disk vs RAM', '--config', 'disk', '--json', path.join(FIO, 'disk')], home);
    assert.equal(disk.code, 0, disk.stderr);
    const imported = JSON.parse(disk.stdout) as { files: Array<{ path: string; format: string; sha256: string; status: string; runs: number[]; warnings: string[]; errors: string[] }> };
    assert.equal(imported.files.length, 6);
    for (const f of imported.files) {
      assert.deepEqual(Object.keys(f).sort(), ['errors', 'format', 'path', 'runs', 'sha256', 'status', 'warnings']);
      assert.equal(f.status, 'imported');
      assert.equal(f.format, 'fio-json');
      assert.match(f.sha256, /^[0-9a-f]{64}$/);
    }
    assert.equal(cli(['import', '--study', 'Disk vs RAM', '--config', 'tmpfs', path.join(FIO, 'tmpfs')], home).code, 0);

    const again = JSON.parse(cli(['import', '--study', 'Disk vs RAM', '--config', 'disk', '--json', path.join(FIO, 'disk')], home).stdout);
    assert.ok(again.files.every((f: { status: string }) => f.status === 'duplicate'), 're-import is recognised');

    const studies = JSON.parse(cli(['studies', '--json'], home).stdout);
    assert.deepEqual(studies, [{ id: 1, slug: 'disk-vs-ram', name: 'Disk vs RAM', configs: ['disk', 'tmpfs'], periods: [], runs: 12 }]);

    const runs = JSON.parse(cli(['runs', '--study', 'disk-vs-ram', '--config', 'disk', '--json'], home).stdout);
    assert.equal(runs.length, 6);
    assert.deepEqual(Object.keys(runs[0]).sort(), ['config', 'counted_in', 'end', 'errors', 'excluded', 'format', 'host', 'id', 'metrics', 'name', 'params', 'source', 'start', 'study', 'tables', 'tool', 'tool_version', 'validity', 'warnings']);
    const rr = runs.find((r: { name: string }) => r.name === 'randread-4k-qd16');
    assert.deepEqual({ bs: rr.params.bs, rw: rr.params.rw, iodepth: rr.params.iodepth, numjobs: rr.params.numjobs, ioengine: rr.params.ioengine, direct: rr.params.direct },
      { bs: 4096, rw: 'randread', iodepth: 16, numjobs: 1, ioengine: 'libaio', direct: 1 });

    const cmp = cli(['compare', '--study', 'Disk vs RAM', '--baseline', 'disk', '--candidate', 'tmpfs', '--metric', 'total.iops', '--metric', 'total.lat_avg_ms', '--json'], home);
    assert.equal(cmp.code, 0, cmp.stderr);
    const result = JSON.parse(cmp.stdout);
    assert.equal(result.pairs.length, 12);
    assert.deepEqual(result.unmatched, []);
    for (const p of result.pairs) {
      const name = `${p.workload_params.pattern === 'random' ? (p.workload_params.read_pct === 70 ? 'randrw70' : p.workload_params.read_pct === 100 ? 'randread' : 'randwrite') : p.workload_params.read_pct === 100 ? 'seqread' : 'seqwrite'}-${p.workload_params.bs / 1024}k-qd${p.workload_params.iodepth}.json`;
      const b = fioTotals(path.join(FIO, 'disk', name));
      const c = fioTotals(path.join(FIO, 'tmpfs', name));
      const [bv, cv] = p.metric === 'total.iops' ? [b.iops, c.iops] : [b.latMs, c.latMs];
      assert.ok(Math.abs(p.baseline - bv) < 1e-9 * bv, `${name} baseline ${p.metric}`);
      assert.ok(Math.abs(p.candidate - cv) < 1e-9 * cv, `${name} candidate ${p.metric}`);
      const expected = p.metric === 'total.iops' ? cv / bv : bv / cv;
      assert.ok(Math.abs(p.speedup - expected) < 1e-9 * expected, `${name} speedup ${p.metric}`);
      assert.equal(p.speedup_text, `${expected.toFixed(2)}x`);
    }
    const iops = result.pairs.filter((p: { metric: string }) => p.metric === 'total.iops').map((p: { speedup: number }) => p.speedup);
    const geo = Math.exp(iops.reduce((s: number, v: number) => s + Math.log(v), 0) / iops.length);
    assert.ok(Math.abs(result.geomean_speedup['total.iops'] - geo) < 1e-9, 'geomean of the speedups');
  });

  it('import exits non-zero when a file failed, and says which and why', () => {
    const home = tempDir();
    const bad = path.join(home, 'cut.json');
    fs.writeFileSync(bad, fs.readFileSync(path.join(FIO, 'disk', 'randread-4k-qd1.json'), 'utf8').slice(0, 300));
    const r = cli(['import', '--study', 's', '--config', 'c', '--json', bad, path.join(FIO, 'disk', 'randread-4k-qd1.json')], home);
    assert.equal(r.code, 1);
    const out = JSON.parse(r.stdout);
    assert.deepEqual(out.files.map((f: { status: string }) => f.status), ['failed', 'imported']);
    assert.match(out.files[0].errors[0], /truncated JSON/);
  });

  it('import of a run folder with an empty log (fio writes one for slat with sync engines) succeeds: the empty file is skipped', () => {
    const home = tempDir();
    const dir = tempDir();
    fs.copyFileSync(path.join(FIO, 'detail', 'randrw70.json'), path.join(dir, 'randrw70.json'));
    fs.writeFileSync(path.join(dir, 'randrw70_slat.1.log'), '');
    const r = cli(['import', '--study', 's', '--json', dir], home);
    assert.equal(r.code, 0, r.stderr);
    const files = (JSON.parse(r.stdout) as { files: Array<{ path: string; status: string; warnings: string[] }> }).files;
    assert.deepEqual(files.map((f) => [path.basename(f.path), f.status]), [['randrw70.json', 'imported'], ['randrw70_slat.1.log', 'skipped']]);
    assert.match(files[1]!.warnings.join(' '), /empty/);
  });

  it('import of an AWR folder: gzipped reports read, the load script\'s output skipped, exit 0; nothing but non-results exits 1', async () => {
    const home = tempDir();
    const { writeRacStudy } = await import('../../importers/test-support/rac-study.js');
    const { sides } = await writeRacStudy();
    const r = cli(['import', '--study', 'rac', '--config', 'a', '--json', sides[0]], home);
    assert.equal(r.code, 0, r.stderr);
    const files = (JSON.parse(r.stdout) as { files: Array<{ path: string; status: string; format: string | null; runs: number[]; warnings: string[] }> }).files;
    const gz = files.find((f) => f.path.endsWith('.gz'))!;
    assert.deepEqual([gz.status, gz.format], ['imported', 'awr']);
    assert.match(gz.warnings[0]!, /same report as/);
    const tm = files.find((f) => f.path.endsWith('tm.out'))!;
    assert.deepEqual([tm.status, tm.format], ['skipped', null]);
    const only = cli(['import', '--study', 'rac', '--config', 'a', path.join(sides[0], 'tm.out')], home);
    assert.equal(only.code, 1);
    assert.match(only.stdout, /nothing imported/);
    // The load is a volume: the CLI states its change, no speedup, never faster or slower.
    assert.equal(cli(['import', '--study', 'rac', '--config', 'b', sides[1]], home).code, 0);
    const c = cli(['compare', '--study', 'rac', '--baseline', 'a', '--candidate', 'b', '--metric', 'load.physical_reads_per_s'], home);
    assert.equal(c.code, 0, c.stderr);
    const line = c.stdout.split('\n').find((l) => l.startsWith('RAC global'))!;
    assert.match(line, /118,000\s+101,600\s+–( ~)?\s+-13\.9%\s+neutral\s+-13\.9%/);
    assert.doesNotMatch(line, /faster|slower|x\b/);
    assert.match(c.stdout, /load\.physical_reads_per_s: a volume of work: its change is stated, no speedup, neither better nor worse/);
    // Instance 2 against instance 1 is not paired by default, and says which instances met nothing.
    assert.match(c.stdout, /unpaired: instance 2 ran in a only/);
  });

  it('settings --path-param reads a sweep parameter from folder names; a rule without a capture group is a usage error', async () => {
    const home = tempDir();
    const { writeRacStudy } = await import('../../importers/test-support/rac-study.js');
    const { sides } = await writeRacStudy();
    const dir = path.join(tempDir(), 'slob_update3');
    fs.mkdirSync(dir);
    fs.copyFileSync(path.join(sides[0], 'awr_rac.html'), path.join(dir, 'awr_rac.html'));
    assert.equal(cli(['import', '--study', 'sweep', '--config', 'a', dir], home).code, 0);
    const bad = cli(['settings', '--study', 'sweep', '--path-param', 'update\\d+=update_pct'], home);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /exactly one capture group/);
    const r = cli(['settings', '--study', 'sweep', '--path-param', 'update(\\d+)=update_pct', '--json'], home);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout).path_params, [{ pattern: 'update(\\d+)', param: 'update_pct' }]);
    const runs = JSON.parse(cli(['runs', '--study', 'sweep', '--json'], home).stdout) as Array<{ params: Record<string, unknown> }>;
    assert.deepEqual(runs.map((x) => x.params['update_pct']), [3]);
  });

  it('import --log-latency-unit reads a latency log without its JSON in the unit given; another unit is a usage error', () => {
    const home = tempDir();
    const log = path.join(home, 'old_clat.1.log');
    fs.copyFileSync(path.join(FIO, 'detail', 'randrw70_clat.1.log'), log);
    const first = Number(fs.readFileSync(log, 'utf8').split(',')[1]);
    const bad = cli(['import', '--study', 's', '--log-latency-unit', 'ms', log], home);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--log-latency-unit is ns or us, not "ms"/);
    const r = cli(['import', '--study', 's', '--config', 'fio2', '--log-latency-unit', 'us', '--json', log], home);
    assert.equal(r.code, 0, r.stderr);
    const file = JSON.parse(r.stdout).files[0];
    assert.match(file.warnings[0], /latency read as µs \(fio 2\.x\), as chosen at import/);
    const series = JSON.parse(cli(['series', '--run', String(file.runs[0]), '--metric', 'read.clat_ms', '--json'], home).stdout);
    assert.ok(Math.abs(series[0].points[0][1] - first / 1000) < 1e-9, 'the first row, µs, in ms');
  });

  it('compare names a missing configuration; usage errors exit 2', () => {
    const home = tempDir();
    cli(['samples', '--load'], home);
    const r = cli(['compare', '--study', 'fio-disk-vs-tmpfs', '--baseline', 'disk', '--candidate', 'nvme'], home);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /unknown configuration "nvme" in study "fio: local disk vs tmpfs"; it has: disk, tmpfs/);
    assert.equal(cli(['compare', '--study', 'x'], home).code, 2);
    assert.equal(cli(['frobnicate'], home).code, 2);
  });

  it('compare --json exposes significance, roll-ups, the matrix and warnings; conventions word the ratio', () => {
    const home = tempDir();
    cli(['samples', '--load'], home);
    // A third configuration: the disk results again under another label (a trailing newline
    // makes them new files: the same bytes would be recognised as already imported).
    const again = path.join(home, 'again');
    fs.mkdirSync(again);
    for (const f of fs.readdirSync(path.join(FIO, 'disk'))) fs.writeFileSync(path.join(again, f), fs.readFileSync(path.join(FIO, 'disk', f), 'utf8') + '\n');
    assert.equal(cli(['import', '--study', 'fio-disk-vs-tmpfs', '--config', 'disk-again', again], home).code, 0);
    const r = cli(['compare', '--study', 'fio-disk-vs-tmpfs', '--baseline', 'disk', '--candidate', 'tmpfs', '--candidate', 'disk-again',
      '--metric', 'total.lat_avg_ms', '--convention', 'percent-of-baseline', '--tie-band', '2', '--json'], home);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.deepEqual(out.candidates, ['tmpfs', 'disk-again']);
    assert.equal(out.convention, 'percent-of-baseline');
    const p = out.pairs.find((x: { candidate_label: string; workload: string }) => x.candidate_label === 'tmpfs' && x.workload === '4K random read QD16 ×1');
    for (const k of ['n_baseline', 'n_candidate', 'ci_baseline', 'ci_candidate', 'p_value', 'p_min', 'p_method', 'significant', 'significance_note', 'mark', 'text', 'tie']) assert.ok(k in p, k);
    assert.equal(p.mark, '~', 'one run a side: no test could show the difference');
    assert.equal(p.text, `mean latency at ${((p.candidate / p.baseline) * 100).toFixed(1)}% of baseline`);
    assert.equal(p.p_value, null);
    const same = out.rollup.find((x: { candidate: string }) => x.candidate === 'disk-again');
    assert.deepEqual([same.geomean_speedup, same.ties, same.wins, same.losses, same.untested], [1, 6, 0, 0, 6], 'the same files: all ties, none tested');
    assert.equal(out.matrix[0].speedup.length, 2);
    assert.ok(out.matrix[0].speedup[1].every((v: number) => v === 1));
    const codes = out.warnings.map((w: { code: string }) => w.code);
    for (const c of ['short-runtime', 'different-direct', 'working-set-in-cache', 'single-run']) assert.ok(codes.includes(c), c);
  });

  it('periods and settings: define, list, use in compare, delete', () => {
    const home = tempDir();
    cli(['samples', '--load'], home);
    const s = cli(['settings', '--study', 'fio-disk-vs-tmpfs', '--zone', 'Asia/Shanghai', '--convention', 'percent-change', '--json'], home);
    assert.equal(s.code, 0, s.stderr);
    assert.deepEqual(JSON.parse(s.stdout).zone, 'Asia/Shanghai');
    const d = cli(['periods', '--study', 'fio-disk-vs-tmpfs', '--define', 'window', '--spec', 'daily 08:30-15:30 on 2017-09-08, 09-13', '--json'], home);
    assert.equal(d.code, 0, d.stderr);
    const period = JSON.parse(d.stdout);
    assert.equal(period.zone, 'Asia/Shanghai', 'the study zone is the default');
    assert.equal(period.ranges[0].start, '2017-09-08T00:30:00.000Z');
    const bad = cli(['periods', '--study', 'fio-disk-vs-tmpfs', '--define', 'x', '--spec', 'someday'], home);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /cannot read period "someday"/);
    assert.deepEqual(JSON.parse(cli(['studies', '--json'], home).stdout)[0].periods, ['window']);
    const cmp = cli(['compare', '--study', 'fio-disk-vs-tmpfs', '--baseline', 'disk', '--candidate', 'tmpfs', '--metric', 'total.iops', '--json'], home);
    assert.equal(JSON.parse(cmp.stdout).convention, 'percent-change', 'the study setting is the default');
    assert.equal(cli(['periods', '--study', 'fio-disk-vs-tmpfs', '--delete', 'window'], home).code, 0);
    assert.deepEqual(JSON.parse(cli(['periods', '--study', 'fio-disk-vs-tmpfs', '--json'], home).stdout), []);
  });

  it('samples lists and loads the sample studies; loading twice adds nothing', () => {
    const home = tempDir();
    const list = JSON.parse(cli(['samples', '--json'], home).stdout);
    const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'samples', 'studies.json'), 'utf8')) as { studies: Array<{ slug: string }> };
    assert.deepEqual(list.map((s: { slug: string; loaded: boolean }) => [s.slug, s.loaded]), manifest.studies.map((s) => [s.slug, false]));
    assert.equal(cli(['samples', '--load', 'fio-disk-vs-tmpfs'], home).code, 0);
    const after = JSON.parse(cli(['samples', '--json'], home).stdout) as Array<{ slug: string; loaded: boolean }>;
    assert.deepEqual(after.filter((s) => s.loaded).map((s) => s.slug), ['fio-disk-vs-tmpfs'], 'only the one named');
    assert.equal(cli(['samples', '--load'], home).code, 0);
    assert.equal(cli(['samples', '--load'], home).code, 0);
    const studies = JSON.parse(cli(['studies', '--json'], home).stdout) as Array<{ slug: string; runs: number }>;
    assert.equal(studies.find((s) => s.slug === 'fio-disk-vs-tmpfs')!.runs, 12, 'loading twice adds nothing');
    // json+ (its logs attach to it), terse v3, v4 and v5, normal, --status-interval, json,normal: seven runs.
    assert.equal(studies.find((s) => s.slug === 'fio-output-shapes')!.runs, 7, 'logs attach to their run instead of making runs');
    assert.equal(studies.find((s) => s.slug === 'fio-bs-qd-sweep')!.runs, 12, 'the sweep: 3 block sizes x 4 depths');
  });

  it('a table imports with --mapping (S1 pasted as TSV: 16.16x), and the next file with the same header reuses it', () => {
    const home = tempDir();
    const table = path.join(home, 's1.tsv');
    fs.writeFileSync(table, S1_TSV);
    assert.deepEqual(JSON.parse(cli(['detect', '--json', table], home).stdout), [{ path: table, format: 'spreadsheet' }]);
    const rr = [{ name: 'total.iops', unit: 'IOPS' }, { name: 'total.bw_mib_s', unit: 'MiB/s' }, { name: 'total.lat_avg_ms', unit: 'ms' }];
    const mapping = {
      version: 1,
      columns: [{ header: 'bs', role: 'parameter', name: 'bs' }, ...['RR', 'RW', 'RM', 'SR', 'SW', 'SM'].map((h) => ({ header: h, role: 'metrics', parts: rr }))],
      configurations: {
        'Config D: SVC + V7000, JFS2 on fully allocated volumes': 'V7000 thick',
        'Config B: SVC + FlashSystem 840, JFS2 file system on fully allocated volumes (one volume group, 8 x 90 GB files)': 'FS840 thick',
      },
    };
    const mappingFile = path.join(home, 'mapping.json');
    fs.writeFileSync(mappingFile, JSON.stringify(mapping));
    const imp = cli(['import', '--study', 'S1', '--mapping', mappingFile, '--json', table], home);
    assert.equal(imp.code, 0, imp.stderr);
    assert.equal(JSON.parse(imp.stdout).files[0].runs.length, 36);
    const cmp = cli(['compare', '--study', 'S1', '--baseline', 'V7000 thick', '--candidate', 'FS840 thick', '--metric', 'total.iops', '--json'], home);
    assert.equal(cmp.code, 0, cmp.stderr);
    const pair = (JSON.parse(cmp.stdout) as { pairs: Array<{ workload_params: Record<string, unknown>; speedup_text: string }> }).pairs
      .find((p) => p.workload_params['bs'] === 4096 && p.workload_params['pattern'] === 'random' && p.workload_params['read_pct'] === 100)!;
    assert.equal(pair.speedup_text, '16.16x');
    // Another file with the same header: the remembered mapping names its configurations too.
    const again = path.join(home, 's1-copy.tsv');
    fs.writeFileSync(again, S1_TSV.replace('17103.73', '17103.74'));
    const second = cli(['import', '--study', 'S1 again', '--json', again], home);
    assert.equal(second.code, 0, second.stderr);
    const configs = (JSON.parse(cli(['runs', '--study', 'S1 again', '--json'], home).stdout) as Array<{ config: string }>).map((r) => r.config);
    assert.deepEqual([...new Set(configs)].sort(), ['FS840 thick', 'V7000 thick']);
    const bad = path.join(home, 'bad.json');
    fs.writeFileSync(bad, JSON.stringify({ version: 1, columns: [{ header: 'bs', role: 'owner' }] }));
    const refused = cli(['import', '--mapping', bad, table], home);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /--mapping .*bad\.json: columns\.0\.role/);
  });

  it('charts: list, show the numbers a chart draws, rename, duplicate, delete (--json and text)', () => {
    const home = tempDir();
    assert.equal(cli(['samples', '--load', 's5-rook-ceph-optane'], home).code, 0);
    const list = JSON.parse(cli(['charts', '--study', 's5-rook-ceph-optane', '--json'], home).stdout) as Array<{ id: number; name: string; study: string; spec: { kind: string }; created: string; used_in: string[] }>;
    assert.ok(list.length >= 3);
    for (const c of list) assert.deepEqual(Object.keys(c).sort(), ['created', 'id', 'name', 'spec', 'study', 'used_in']);
    const scaling = list.find((c) => c.spec.kind === 'scaling')!;
    assert.deepEqual(scaling.used_in, ['Optane PMem and Open CAS'], 'the report that draws it');
    const text = cli(['charts', '--study', 's5-rook-ceph-optane'], home);
    assert.equal(text.code, 0, text.stderr);
    assert.ok(text.stdout.includes(`#${scaling.id}\tscaling\t${scaling.name}`));

    // Show: the spec and the rows of the chart's XLSX sheet, by name or by id.
    const shown = JSON.parse(cli(['charts', 'show', scaling.name, '--study', 's5-rook-ceph-optane', '--json'], home).stdout) as { chart: { id: number }; data: { kind: string; labels: string[]; scaling: { series: Array<{ config: string; knee: number; points: Array<{ x: number; y: number }> }> } } };
    assert.equal(shown.chart.id, scaling.id);
    assert.deepEqual(shown.data.labels, ['baseline', 'config-1', 'config-2']);
    assert.deepEqual(shown.data.scaling.series.map((s) => s.points.find((p) => p.x === 8)!.y), [2544, 2844, 3525]);
    const rows = cli(['charts', 'show', `#${scaling.id}`, '--study', 's5-rook-ceph-optane'], home).stdout.split('\n');
    assert.ok(rows.includes('baseline\tbaseline\t8\t2544\tknee\t' + rows.find((r) => r.startsWith('baseline\tbaseline\t8\t'))!.split('\t')[5]), 'the knee row at 8 VU');

    // Rename, duplicate, delete.
    const renamed = JSON.parse(cli(['charts', 'rename', String(scaling.id), '--name', 'NOPM by VU', '--study', 's5-rook-ceph-optane', '--json'], home).stdout) as { id: number; name: string };
    assert.deepEqual([renamed.id, renamed.name], [scaling.id, 'NOPM by VU']);
    const copy = JSON.parse(cli(['charts', 'duplicate', 'NOPM by VU', '--study', 's5-rook-ceph-optane', '--json'], home).stdout) as { id: number; name: string; spec: unknown };
    assert.equal(copy.name, 'NOPM by VU (copy)');
    assert.notEqual(copy.id, scaling.id);
    const clash = cli(['charts', 'rename', String(copy.id), '--name', 'NOPM by VU', '--study', 's5-rook-ceph-optane'], home);
    assert.equal(clash.code, 1);
    assert.match(clash.stderr, /already has a chart named "NOPM by VU"/);
    const del = JSON.parse(cli(['charts', 'delete', String(copy.id), '--study', 's5-rook-ceph-optane', '--json'], home).stdout);
    assert.deepEqual(del, { deleted: true, id: copy.id, name: 'NOPM by VU (copy)', used_in: [] });
    const after = JSON.parse(cli(['charts', '--study', 's5-rook-ceph-optane', '--json'], home).stdout) as Array<{ id: number; name: string }>;
    assert.equal(after.length, list.length);
    assert.ok(after.some((c) => c.name === 'NOPM by VU'));

    const missing = cli(['charts', 'show', 'no such chart', '--study', 's5-rook-ceph-optane'], home);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /has no chart "no such chart"/);
    assert.equal(cli(['charts', 'frobnicate', '--study', 's5-rook-ceph-optane'], home).code, 2);
    assert.equal(cli(['charts', 'rename', String(scaling.id), '--study', 's5-rook-ceph-optane'], home).code, 2, 'rename without --name');
  });

  it('compare --where leaves workloads out before pairing and says so; the text output names each verdict', () => {
    const home = tempDir();
    assert.equal(cli(['import', '--study', 'w', '--config', 'disk', path.join(FIO, 'disk')], home).code, 0);
    assert.equal(cli(['import', '--study', 'w', '--config', 'tmpfs', path.join(FIO, 'tmpfs')], home).code, 0);
    const all = JSON.parse(cli(['compare', '--study', 'w', '--baseline', 'disk', '--candidate', 'tmpfs', '--metric', 'total.iops', '--json'], home).stdout) as { pairs: Array<{ workload_params: Record<string, unknown>; verdict: string; metric_label: string }>; workload_filter: string | null };
    const small = all.pairs.filter((p) => p.workload_params['bs'] === 4096).length;
    assert.ok(small > 0 && small < all.pairs.length, 'the sample has 4K and larger blocks');
    assert.equal(all.workload_filter, null);
    const r = cli(['compare', '--study', 'w', '--baseline', 'disk', '--candidate', 'tmpfs', '--metric', 'total.iops', '--where', 'bs=4K', '--json'], home);
    assert.equal(r.code, 0, r.stderr);
    const only4k = JSON.parse(r.stdout) as typeof all;
    assert.equal(only4k.pairs.length, small);
    assert.ok(only4k.pairs.every((p) => p.workload_params['bs'] === 4096 && ['better', 'worse', 'tie'].includes(p.verdict) && p.metric_label === 'total IOPS'));
    assert.match(only4k.workload_filter!, /^Workload filter: bs = 4K \(\d+ runs left out; runs without bs are kept\)$/);
    const text = cli(['compare', '--study', 'w', '--baseline', 'disk', '--candidate', 'tmpfs', '--metric', 'total.iops', '--where', 'bs=4K'], home).stdout;
    assert.match(text, /VERDICT/);
    assert.match(text, /Workload filter: bs = 4K/);
    assert.ok(!/\x1b\[/.test(text), 'no colour codes in a pipe');
    const bad = cli(['compare', '--study', 'w', '--baseline', 'disk', '--candidate', 'tmpfs', '--where', 'bs 4K'], home);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--where: workload filter "bs 4K": write it as PARAM=VALUE/);
  });

  it('--help documents every command', () => {
    const help = cli(['--help'], tempDir()).stdout;
    for (const c of ['detect', 'import', 'studies', 'runs', 'series', 'compare', 'periods', 'settings', 'samples', 'serve', 'charts']) assert.match(help, new RegExp(`\\n  ${c}`));
    assert.match(cli(['help', 'charts'], tempDir()).stdout, /perfdelta charts show CHART/);
    const compareHelp = cli(['help', 'compare'], tempDir()).stdout;
    for (const phrase of ['speedup > 1 always means the candidate is better', 'Mann-Whitney', 'geometric mean', '--tie-band', 'matrix', 'percent-of-baseline', '--across-days', '--where', 'percentage points', 'no change (+0.3%)']) {
      assert.ok(compareHelp.includes(phrase), phrase);
    }
  });

  it('serve prints the URL with its token first, and --db picks the database', async () => {
    const home = tempDir();
    const db = path.join(home, 'elsewhere.sqlite');
    const child = spawn(process.execPath, [BIN, 'serve', '--no-samples', '--db', db], { env: { ...process.env, PERFDELTA_HOME: home } });
    const line = await new Promise<string>((resolve, reject) => {
      let buf = '';
      child.stdout.on('data', (c: Buffer) => {
        buf += c.toString();
        if (buf.includes('\n')) resolve(buf.split('\n')[0]!);
      });
      child.on('exit', (code) => reject(new Error(`serve exited ${code}`)));
    });
    child.kill('SIGTERM');
    assert.match(line, /^http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]{64}$/);
    assert.ok(fs.existsSync(db), 'the database named by --db');
  });
});

describe('perfdelta --json on failure (issue 18)', () => {
  it('every command prints its error object on stdout when it fails, and exits non-zero', () => {
    const home = tempDir();
    const dbDir = path.join(home, 'a-folder.sqlite');
    fs.mkdirSync(dbDir);
    const failing: Array<[string, string[], string]> = [
      ['detect', ['detect'], 'usage'],
      ['detect', ['detect', path.join(home, 'missing.json')], 'failed'],
      ['import', ['import', path.join(home, 'missing')], 'usage'],
      ['import', ['import', '--db', dbDir, SAMPLE], 'failed'],
      ['studies', ['studies', '--db', dbDir], 'failed'],
      ['runs', ['runs', '--study', 'nope'], 'unknown_name'],
      ['series', ['series', '--run', 'x'], 'usage'],
      ['compare', ['compare', '--study', 'nope', '--baseline', 'a', '--candidate', 'b'], 'unknown_name'],
      ['samples', ['samples', '--load', 'no-such-sample'], 'failed'],
      ['periods', ['periods'], 'usage'],
      ['scaling', ['scaling', '--study', 'nope'], 'unknown_name'],
      ['settings', ['settings', '--study', 'nope'], 'unknown_name'],
      ['serve', ['serve', '--port', '99999'], 'usage'],
      ['reports', ['reports', '--study', 'nope'], 'unknown_name'],
      ['report', ['report', '--study', 'nope', '--out', 'x.txt'], 'usage'],
      ['export', ['export', '--study', 'nope', '--out', path.join(home, 'x.xlsx')], 'unknown_name'],
      ['save-study', ['save-study', '--study', 'nope', '--out', path.join(home, 'x.perfdelta')], 'unknown_name'],
      ['open-study', ['open-study', path.join(home, 'missing.perfdelta')], 'usage'],
      ['frobnicate', ['frobnicate'], 'usage'],
    ];
    for (const [command, args, code] of failing) {
      const r = cli([...args, '--json'], home);
      assert.notEqual(r.code, 0, `${args.join(' ')} fails`);
      // An unknown study is an unknown name: the error carries the closest names (issue 24).
      let doc: { error?: { command: string | null; code: string; message: string } };
      try {
        doc = JSON.parse(r.stdout) as typeof doc;
      } catch {
        assert.fail(`${args.join(' ')} --json printed no JSON on stdout: ${JSON.stringify(r.stdout)} (stderr ${r.stderr})`);
      }
      assert.equal(doc.error?.command, command, args.join(' '));
      assert.equal(doc.error?.code, code, `${args.join(' ')}: ${doc.error?.message}`);
      assert.ok(doc.error!.message.length > 0 && r.stderr.includes(doc.error!.message), 'the same message on stderr');
    }
    for (const args of [['--no-such-option'], []]) {
      const r = cli([...args, '--json'], home);
      assert.equal(r.code, 2);
      assert.equal((JSON.parse(r.stdout) as { error: { code: string } }).error.code, 'usage', args.join(' '));
    }
  });
});
