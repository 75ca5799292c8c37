import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_PAIRING_KEYS } from '../compare/pairing.js';
import { dropConfigurations, type DropRun } from './drop-configurations.js';

const KEYS = DEFAULT_PAIRING_KEYS;
const SIZES = [4096, 8192, 16384, 32768, 65536, 131072, 262144];
const kib = (bs: number): number => bs / 1024;

/** fio runs as the importer reads them: random write at depth 16 × 16 jobs, one file a run. */
function fio(path: string, bs: number, extra: Record<string, string | number> = {}): DropRun {
  return { file: path, path, tool: 'fio', params: { bs, pattern: 'randwrite', read_pct: 0, iodepth: 16, numjobs: 16, ioengine: 'libaio', ...extra } };
}

const VOLUMES = [
  { name: 'io2-16000', device: '/dev/nvme1n1' },
  { name: 'gp3-16000', device: '/dev/nvme2n1' },
  { name: 'gp3-1000mbs', device: '/dev/nvme3n1' },
  { name: 'raid0-gp3x2', device: '/dev/md0' },
];

const labels = (p: ReturnType<typeof dropConfigurations>): string[] => (p?.groups ?? []).map((g) => g.label);

describe('the configurations a drop holds', () => {
  it('four volumes × seven block sizes: four configurations named by the file-name token, seven files each', () => {
    const runs = VOLUMES.flatMap((v) => SIZES.map((bs) => fio(`fio_randwrite_${v.name}_${kib(bs)}k.json`, bs, { target: v.device })));
    const p = dropConfigurations(runs, KEYS)!;
    assert.deepEqual(labels(p), ['gp3-1000mbs', 'gp3-16000', 'io2-16000', 'raid0-gp3x2']);
    assert.deepEqual(p.groups.map((g) => g.files.length), [7, 7, 7, 7]);
    assert.ok(p.by.some((b) => b.param === 'target' && b.ran_on), 'the device fio ran on is one of the things that tell them apart');
    // Every file of a volume, and only those, in its configuration.
    for (const g of p.groups) assert.ok(g.files.every((f) => f.includes(`_${g.label}_`)), g.label);
    assert.deepEqual(p.mixed, []);
  });

  it('the device alone (no token in the names): named by the device\'s last path segment', () => {
    const runs = VOLUMES.flatMap((v, i) => SIZES.map((bs) => fio(`results/run-${i * 7 + SIZES.indexOf(bs)}.json`, bs, { target: v.device })));
    assert.deepEqual(labels(dropConfigurations(runs, KEYS)), ['md0', 'nvme1n1', 'nvme2n1', 'nvme3n1']);
  });

  it('the differentiator only in the file names, fio options identical: one configuration per token', () => {
    const runs = ['gp3', 'io2'].flatMap((v) => SIZES.map((bs) => fio(`${v}-randwrite-${kib(bs)}k.json`, bs)));
    const p = dropConfigurations(runs, KEYS)!;
    assert.deepEqual(labels(p), ['gp3', 'io2']);
    assert.deepEqual(p.by.map((b) => b.kind), ['path']);
    assert.deepEqual(p.groups.map((g) => g.runs), [7, 7]);
  });

  it('a sysbench drop of two servers, the server only in the folder name', () => {
    const runs: DropRun[] = ['mariadb-10.3', 'mysql-8.0'].flatMap((s) => [1, 8, 64].map((threads) => ({ file: `${s}/sysbench.${threads}.res`, path: `${s}/sysbench.${threads}.res`, tool: 'sysbench', params: { test: 'oltp', threads } })));
    assert.deepEqual(labels(dropConfigurations(runs, KEYS)), ['mariadb-10.3', 'mysql-8.0']);
  });

  it('servers in folders, each with a short- and a long-range run per thread count: the folders are the configurations, the range is not', () => {
    const runs: DropRun[] = ['mariadb-10.2', 'mysql-5.7', 'percona-5.7'].flatMap((s) => [1, 8, 64].flatMap((threads) => ['short', 'long'].map((range) => {
      const file = `sb/${s}/sysbench.ro.${range}.${threads}.res`;
      return { file, path: file, tool: 'sysbench', params: { test: 'oltp', threads } };
    })));
    const p = dropConfigurations(runs, KEYS)!;
    assert.deepEqual(labels(p), ['mariadb-10.2', 'mysql-5.7', 'percona-5.7']);
    assert.deepEqual(p.groups.map((g) => g.runs), [6, 6, 6]);
  });

  it('hosts: HammerDB runs of one test on two hosts are two configurations', () => {
    const runs: DropRun[] = ['db01', 'db02'].flatMap((host) => [8, 16].map((vus) => ({ file: `hdb-${host}-${vus}.log`, path: `hdb-${host}-${vus}.log`, tool: 'hammerdb', params: { benchmark: 'TPROC-C', vus }, host })));
    const p = dropConfigurations(runs, KEYS)!;
    assert.deepEqual(labels(p), ['db01', 'db02']);
  });

  it('true repetitions (three runs of one workload on one device): nothing proposed', () => {
    for (const names of [['run1', 'run2', 'run3'], ['1', '2', '3'], ['rep-1', 'rep-2', 'rep-3'], ['2024-01-05T10', '2024-01-05T11', '2024-01-06T09']]) {
      const runs = SIZES.flatMap((bs) => names.map((n) => fio(`randwrite_${kib(bs)}k_${n}.json`, bs, { target: '/dev/nvme1n1' })));
      assert.equal(dropConfigurations(runs, KEYS), null, names.join(', '));
    }
  });

  it('repetitions told apart by nothing but a name different in every file: nothing proposed', () => {
    const runs = SIZES.flatMap((bs, i) => ['a', 'b'].map((x) => fio(`out-${x}${i}.json`, bs, { target: '/dev/sdb' })));
    assert.equal(dropConfigurations(runs, KEYS), null);
  });

  it('two parameters varying together (device and I/O engine): one configuration per pair, not per combination', () => {
    const runs = [['/dev/nvme1n1', 'libaio'], ['/dev/nvme2n1', 'io_uring']].flatMap(([target, ioengine]) => SIZES.map((bs, i) => fio(`job${i}-${ioengine}.json`, bs, { target: target!, ioengine: ioengine! })));
    const p = dropConfigurations(runs, KEYS)!;
    assert.equal(p.groups.length, 2);
    assert.ok(p.by.some((b) => b.param === 'target') && p.by.some((b) => b.param === 'ioengine'));
    assert.deepEqual(p.groups.map((g) => g.runs), [7, 7]);
    // The two values of each configuration go together.
    assert.deepEqual(p.groups.map((g) => [g.values['target'], g.values['ioengine']]).sort(), [['/dev/nvme1n1', 'libaio'], ['/dev/nvme2n1', 'io_uring']]);
  });

  it('two parameters varying independently: one configuration per combination', () => {
    const runs = ['/dev/nvme1n1', '/dev/nvme2n1'].flatMap((target) => ['libaio', 'io_uring'].flatMap((ioengine) => SIZES.map((bs) => fio(`x-${kib(bs)}k-${ioengine}-${target.slice(5)}.json`, bs, { target, ioengine }))));
    const p = dropConfigurations(runs, KEYS)!;
    assert.equal(p.groups.length, 4);
    assert.deepEqual(p.groups.map((g) => g.runs), [7, 7, 7, 7]);
  });

  it('a varying workload axis (block size) is no configuration: one device over seven block sizes proposes nothing', () => {
    const runs = SIZES.map((bs) => fio(`md0_${kib(bs)}k.json`, bs, { target: '/dev/md0' }));
    assert.equal(dropConfigurations(runs, KEYS), null);
  });

  it('a single file proposes nothing', () => {
    assert.equal(dropConfigurations([fio('one.json', 4096, { target: '/dev/sdb' })], KEYS), null);
  });

  it('a parameter read from the folder names by a path rule is a workload, not a configuration', () => {
    const runs = [0, 3, 10].flatMap((u) => [1, 8].map((threads): DropRun => ({ file: `slob_update${u}/t${threads}.res`, path: `slob_update${u}/t${threads}.res`, tool: 'sysbench', params: { test: 'oltp', threads } })));
    assert.equal(dropConfigurations(runs, KEYS, [{ pattern: 'update(\\d+)', param: 'update_pct' }]), null, 'with the rule, each point is its own workload');
  });

  it('a monitor\'s files are never repetitions: iostat samples of two devices propose nothing', () => {
    const runs: DropRun[] = ['sda', 'sdb'].map((d) => ({ file: `iostat-${d}.txt`, path: `iostat-${d}.txt`, tool: 'iostat', params: { target: d } }));
    assert.equal(dropConfigurations(runs, KEYS), null);
  });
});
