import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalRw, parseFioSeconds, parseFioSize, workloadParams } from './options.js';

describe('fio option strings', () => {
  it('sizes follow kb_base, with fio\'s "opposite units" for KiB/MiB in the default mode', () => {
    assert.equal(parseFioSize('4k'), 4096);
    assert.equal(parseFioSize('4K'), 4096);
    assert.equal(parseFioSize('4kB'), 4096);
    assert.equal(parseFioSize('4KiB'), 4000, 'kb_base=1024 is compatibility mode: KiB means 1000 (fio parse.c)');
    assert.equal(parseFioSize('128k'), 131072);
    assert.equal(parseFioSize('1M'), 1048576);
    assert.equal(parseFioSize('50000Mi'), 50000 * 1048576, '"Mi" without the b is a plain prefix');
    assert.equal(parseFioSize('4k', 1000), 4000);
    assert.equal(parseFioSize('4KiB', 1000), 4096);
    assert.equal(parseFioSize('512'), 512);
    assert.equal(parseFioSize('lots'), null);
  });

  it('times: bare numbers are seconds', () => {
    assert.equal(parseFioSeconds('60'), 60);
    assert.equal(parseFioSeconds('50s'), 50);
    assert.equal(parseFioSeconds('1m'), 60);
    assert.equal(parseFioSeconds('500ms'), 0.5);
    assert.equal(parseFioSeconds('2h'), 7200);
  });

  it('rw spellings', () => {
    assert.equal(canonicalRw('readwrite'), 'rw');
    assert.equal(canonicalRw('randread:8'), 'randread');
  });

  it('derives the workload from option strings', () => {
    assert.deepEqual(workloadParams({ rw: 'randrw', rwmixwrite: '30', bs: '8k,4k', iodepth: '032', numjobs: '4', direct: '1', ioengine: 'libaio' }), {
      rw: 'randrw', pattern: 'random', read_pct: 70, bs: 8192, iodepth: 32, numjobs: 4, ioengine: 'libaio', direct: 1,
    });
    const seq = workloadParams({ rw: 'write', bs: '1M', runtime: '1m', size: '10G', filename: '/dev/sdb' });
    assert.equal(seq['pattern'], 'sequential');
    assert.equal(seq['read_pct'], 0);
    assert.equal(seq['runtime_s'], 60);
    assert.equal(seq['size_bytes'], 10 * 1024 ** 3);
    assert.equal(seq['target'], '/dev/sdb');
    assert.equal(workloadParams({ rw: 'randread', percentage_random: '50' })['pattern'], 'mixed');
    assert.equal(workloadParams({})['rw'], 'read', "fio's default rw is read");
  });

  it('bs with read,write[,trim] sizes: a job takes the size of the direction it does', () => {
    assert.equal(workloadParams({ rw: 'randwrite', bs: '4k,64k' })['bs'], 65536, 'a write-only job writes 64k');
    assert.equal(workloadParams({ rw: 'randread', bs: '4k,64k' })['bs'], 4096);
    assert.equal(workloadParams({ rw: 'write', bs: '128k' })['bs'], 131072, 'one size for every direction');
    assert.equal(workloadParams({ rw: 'write', bs: ',8k' })['bs'], 8192);
    assert.equal(workloadParams({ rw: 'read', bs: ',8k' })['bs'], 4096, 'an empty size is fio\'s default 4k');
    assert.equal(workloadParams({ rw: 'randtrim', bs: '4k,8k,1m' })['bs'], 1048576);
    assert.equal(workloadParams({ rw: 'trim', bs: '4k,8k' })['bs'], 8192, 'trims take the write size when none is given');
    assert.equal(workloadParams({ rw: 'randwrite', bs: '4k-16k,32k-64k' })['bs'], 32768, 'a range is named by its first figure');
    // bs_is_seq_rand: the sizes are sequential,random (fio io_u.c: random I/O takes the second).
    assert.equal(workloadParams({ rw: 'randwrite', bs: '4k,64k', bs_is_seq_rand: '1' })['bs'], 65536);
    assert.equal(workloadParams({ rw: 'randread', bs: '4k,64k', bs_is_seq_rand: '1' })['bs'], 65536);
    assert.equal(workloadParams({ rw: 'write', bs: '4k,64k', bs_is_seq_rand: '1' })['bs'], 4096);
  });
});
