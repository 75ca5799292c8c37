import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../../importers/test-support/corpus.js';
import { tempDir } from '../core/test-support/temp.js';

const BIN = path.join(REPO_ROOT, 'app', 'cli', 'bin.cjs');
const FIO = path.join(REPO_ROOT, 'samples', 'fio');

function cli(args: string[], home: string): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { env: { ...process.env, PERFDELTA_HOME: home, PERFDELTA_QUIET: '1' }, encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

function json<T>(args: string[], home: string): T {
  const r = cli([...args, '--json'], home);
  assert.equal(r.code, 0, `perfdelta ${args.join(' ')}: ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

interface Run { id: number; config: string; name: string; metrics: Record<string, number>; excluded: { reason: string; at: string; by: string | null } | null }

describe('perfdelta: managing what was imported', () => {
  it('a label corrected by importing again: the duplicate says where its runs are, --move-duplicates moves them; configs rename', () => {
    const home = tempDir();
    json(['import', '--study', 'Disk', '--config', 'dsik', path.join(FIO, 'disk')], home);
    const again = cli(['import', '--study', 'Disk', '--config', 'disk', path.join(FIO, 'disk', 'randread-4k-qd1.json')], home);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /its runs are in configuration "dsik", not "disk": import again with --move-duplicates to move them, or perfdelta runs move --run \d+ --to "disk"/);
    const moved = json<{ files: Array<{ status: string; moved_from?: string[] }> }>(['import', '--study', 'Disk', '--config', 'disk', '--move-duplicates', path.join(FIO, 'disk', 'randread-4k-qd1.json')], home);
    assert.deepEqual(moved.files.map((f) => [f.status, f.moved_from]), [['duplicate', ['dsik']]]);
    assert.deepEqual(json<Array<{ configs: string[] }>>(['studies'], home)[0]!.configs, ['disk', 'dsik'], 'the first run imported is now under "disk"');

    const renamed = json<{ config: string; runs: number }>(['configs', 'rename', '--study', 'disk', '--config', 'dsik', '--to', 'disk (rest)'], home);
    assert.deepEqual(renamed, { config: 'disk (rest)', runs: 5, charts: 0, reports: 0 });
    const clash = cli(['configs', 'rename', '--study', 'disk', '--config', 'disk (rest)', '--to', 'disk'], home);
    assert.equal(clash.code, 1);
    assert.match(clash.stderr, /configuration "disk" already exists: move the runs to it instead/);
    const runs = json<Run[]>(['runs', '--study', 'disk', '--config', 'disk (rest)'], home);
    const move = json<{ moved: number[]; from: string[]; to: string }>(['runs', 'move', '--run', runs.map((r) => r.id).join(','), '--to', 'disk'], home);
    assert.deepEqual([move.moved.length, move.from, move.to], [5, ['disk (rest)'], 'disk']);
    assert.deepEqual(json<Array<{ configs: string[] }>>(['studies'], home)[0]!.configs, ['disk']);
  });

  it('runs exclude needs a reason, marks the run in listings and leaves it out of compare; include counts it again', () => {
    const home = tempDir();
    cli(['import', '--study', 'D', '--config', 'disk', path.join(FIO, 'disk')], home);
    cli(['import', '--study', 'D', '--config', 'tmpfs', path.join(FIO, 'tmpfs')], home);
    const tmpfs = json<Run[]>(['runs', '--study', 'd', '--config', 'tmpfs'], home);
    const noReason = cli(['runs', 'exclude', '--run', String(tmpfs[0]!.id)], home);
    assert.equal(noReason.code, 2);
    assert.match(noReason.stderr, /--reason is required/);
    const [ex] = json<Run[]>(['runs', 'exclude', '--run', String(tmpfs[0]!.id), '--reason', 'cache was warm'], home);
    assert.equal(ex!.excluded!.reason, 'cache was warm');
    assert.match(cli(['runs', '--study', 'd'], home).stdout, /EXCLUDED \(REASON\)[\s\S]*cache was warm/);
    const cmp = json<{ pairs: Array<{ candidate_runs: number[] }> }>(['compare', '--study', 'd', '--baseline', 'disk', '--candidate', 'tmpfs', '--metric', 'total.iops'], home);
    assert.equal(cmp.pairs.length, 5);
    assert.ok(!cmp.pairs.some((p) => p.candidate_runs.includes(tmpfs[0]!.id)));
    json(['runs', 'include', '--run', String(tmpfs[0]!.id)], home);
    assert.equal(json<{ pairs: unknown[] }>(['compare', '--study', 'd', '--baseline', 'disk', '--candidate', 'tmpfs', '--metric', 'total.iops'], home).pairs.length, 6);
  });

  it('constants and a derived metric: configs set, derived --define, compare on it; a CSV of prices keeps its file name as the source', () => {
    const home = tempDir();
    cli(['import', '--study', 'D', '--config', 'disk', path.join(FIO, 'disk')], home);
    cli(['import', '--study', 'D', '--config', 'tmpfs', path.join(FIO, 'tmpfs')], home);
    const set = json<Array<{ name: string; value: number; unit: string; source: string }>>(['configs', 'set', '--study', 'd', '--config', 'disk', '--constant', 'price_usd_month=1,234', '--constant', 'iops_limit=20000 IOPS'], home);
    assert.deepEqual(set.map((c) => [c.name, c.value, c.unit, c.source]), [['price_usd_month', 1234, '$/month', 'cli'], ['iops_limit', 20000, 'IOPS', 'cli']]);
    const csv = path.join(home, 'prices.csv');
    fs.writeFileSync(csv, 'configuration,name,value,unit\ntmpfs,price_usd_month,4936,$/month\n');
    json(['configs', 'set', '--study', 'd', '--from', csv], home);
    const configs = json<Array<{ name: string; constants: Array<{ name: string; source: string }> }>>(['configs', '--study', 'd'], home);
    assert.deepEqual(configs.find((c) => c.name === 'tmpfs')!.constants.map((k) => [k.name, k.source]), [['price_usd_month', 'file:prices.csv']]);
    const bad = cli(['configs', 'set', '--study', 'd', '--config', 'disk', '--constant', 'price_usd_month=cheap'], home);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /"cheap" is not a number/);

    const def = json<{ name: string; unit: string }>(['derived', '--study', 'd', '--define', 'iops_per_kusd', '--metric', 'total.iops', '--constant', 'price_usd_month', '--factor', '1000'], home);
    assert.deepEqual(def, { name: 'derived.iops_per_kusd', label: 'total IOPS per 1,000 $/month', metric: 'total.iops', constant: 'price_usd_month', factor: 1000, unit: 'IOPS per 1,000 $/month', better: 'higher' });
    const cmp = json<{ pairs: Array<{ unit: string; baseline: number; candidate: number; speedup: number }> }>(['compare', '--study', 'd', '--baseline', 'disk', '--candidate', 'tmpfs', '--metric', 'derived.iops_per_kusd'], home);
    assert.equal(cmp.pairs.length, 6);
    const [disk] = json<Run[]>(['runs', '--study', 'd', '--config', 'disk'], home);
    assert.equal(disk!.metrics['derived.iops_per_kusd'], (disk!.metrics['total.iops']! / 1234) * 1000);
    assert.equal(cmp.pairs[0]!.unit, 'IOPS per 1,000 $/month');
  });

  it('runs delete, undo; studies delete holds the study until the next delete; trash --empty removes the originals', () => {
    const home = tempDir();
    cli(['import', '--study', 'D', '--config', 'disk', path.join(FIO, 'disk')], home);
    cli(['import', '--study', 'Other', '--config', 'tmpfs', path.join(FIO, 'tmpfs')], home);
    const [first] = json<Run[]>(['runs', '--study', 'd'], home);
    const dry = json<{ id: number | null; runs: number[] }>(['runs', 'delete', '--run', String(first!.id), '--dry-run'], home);
    assert.deepEqual([dry.id, dry.runs], [null, [first!.id]]);
    const human = cli(['runs', 'delete', '--run', String(first!.id)], home);
    assert.match(human.stdout, /deleted 1 run\(s\) of d: 1 run\(s\), 1 file\(s\); 1 original file\(s\) leave the store when the delete is final\nUndo with: perfdelta undo/);
    assert.equal(json<Run[]>(['runs', '--study', 'd'], home).length, 5);
    assert.match(cli(['trash'], home).stdout, /can be undone \(perfdelta undo\): 1 run\(s\) of d/);
    assert.equal(json<{ study: string }>(['undo'], home).study, 'd');
    assert.equal(json<Run[]>(['runs', '--study', 'd'], home).length, 6);
    const none = cli(['undo'], home);
    assert.equal(none.code, 1);
    assert.match(none.stderr, /nothing to undo/);

    json(['studies', 'delete', '--study', 'd'], home);
    assert.deepEqual(json<Array<{ slug: string }>>(['studies'], home).map((s) => s.slug), ['other']);
    const out = path.join(home, 'other.perfdelta');
    json(['save-study', '--study', 'other', '--out', out], home);
    const emptied = json<{ deleted: { kind: string }; originals: number }>(['trash', '--empty'], home);
    assert.deepEqual([emptied.deleted.kind, emptied.originals], ['study', 6]);
    assert.match(cli(['undo'], home).stderr, /nothing to undo/);
  });
});
