import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { iorateOf, parseSize, parseStartingRd, patternOf, runName } from './run-definition.js';

describe('vdbench run definitions (FORMATS.md 2.5)', () => {
  it('sizes as FileAnchor.whatSize prints them', () => {
    assert.equal(parseSize('4k'), 4096);
    assert.equal(parseSize('1.500k'), 1536);
    assert.equal(parseSize('1m'), 1048576);
    assert.equal(parseSize('1k'), 1024, 'threads=1k is 1024 threads');
    assert.equal(parseSize('512'), 512);
    assert.equal(parseSize('(4k,8k)'), null);
  });

  it('seekpct to pattern', () => {
    assert.deepEqual(['100', '0', 'eof', 'seq', 'random', '50', '-1', 'x'].map(patternOf), ['random', 'sequential', 'sequential', 'sequential', 'random', 'mixed', 'sequential', null]);
  });

  it('I/O rate texts and sentinels', () => {
    assert.deepEqual(
      ['Uncontrolled MAX', 'Controlled MAX', 'Uncontrolled curve', 'Controlled curve', 'Variable', '  1234', 'max.', 'curve.', '500;', '9999988', '999988', '9999977', '50%'].map(iorateOf),
      ['max', 'max', 'curve', 'curve', 'variable', 1234, 'max', 'curve', 500, 'max', 'max', 'curve', '50%'],
    );
  });

  it('a raw Starting RD line with warmup and for-loops', () => {
    const rd = parseStartingRd('11:22:33.444 Starting RD=rr; I/O rate: Uncontrolled MAX; elapsed=300 warmup=30; For loops: xfersize=32k rdpct=100 seekpct=100 threads=64', 7)!;
    assert.deepEqual(
      { name: rd.name, line: rd.line, tod: rd.tod, elapsed: rd.elapsedS, warmup: rd.warmupS, loops: rd.forLoops },
      { name: 'rr', line: 7, tod: ((11 * 60 + 22) * 60 + 33) * 1000 + 444, elapsed: 300, warmup: 30, loops: 'xfersize=32k rdpct=100 seekpct=100 threads=64' },
    );
    assert.deepEqual(rd.params, { rd: 'rr', iorate: 'max', runtime_s: 300, bs: 32768, read_pct: 100, pattern: 'random', seekpct: 100, threads: 64 });
    assert.equal(runName(rd), 'rr xfersize=32k rdpct=100 seekpct=100 threads=64');
  });

  it('file-system, replay, format and curve-point lines', () => {
    const fs = parseStartingRd('Starting RD=rd1; elapsed=600; fwdrate=max. For loops: None', 1)!;
    assert.deepEqual([fs.params['iorate'], fs.forLoops, runName(fs)], ['max', '', 'rd1']);
    assert.equal(parseStartingRd('Starting RD=rp; I/O rate (Replay):   2500; elapsed=60; For loops: None', 1)!.params['iorate'], 2500);
    const format = parseStartingRd('15:14:55.001 Starting RD=format_for_rd1', 1)!;
    assert.deepEqual(format.params, { rd: 'format_for_rd1', format: true });
    const point = parseStartingRd('Starting RD=rd1_(70%); I/O rate: 7000; elapsed=60; For loops: xfersize=8k', 1)!;
    assert.deepEqual(point.params, { rd: 'rd1', iorate: 'curve', curve_pct: 70, iorate_target: 7000, runtime_s: 60, bs: 8192 });
    assert.equal(runName(point), 'rd1_(70%) xfersize=8k');
    const other = parseStartingRd('Starting RD=rd2; I/O rate: 100; elapsed=60; For loops: rhpct=10 compratio=2 operation=read', 1)!;
    assert.deepEqual([other.params['rhpct'], other.params['compratio'], other.params['operation']], [10, 2, 'read']);
  });
});
