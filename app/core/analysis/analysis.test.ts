import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ParamValue, RunRecord } from '../../contract/records.js';
import { Core, UnknownNameError } from '../core.js';
import { tempDir } from '../test-support/temp.js';
import { importFioVolumes, importSysbenchServers, SERVERS } from '../test-support/stranger-studies.js';
import { analyse } from './analysis.js';
import { resolveSpec } from './spec.js';
import { findings } from './findings.js';
import { compareConfigs } from '../compare/compare.js';
import { studyDesign } from './design.js';
import { checkRepetitions } from './repetitions.js';
import { tieBandOf } from './tie-band.js';

const RULE = { pattern: 'ro\\.(short|long)\\.', param: 'ranges' };

describe('one analysis of a study: design, findings, every section from one specification', () => {
  let core: Core;
  before(() => {
    core = new Core(path.join(tempDir(), 'db.sqlite'));
    importFioVolumes(core, path.join(tempDir(), 'fio'), 'ebs');
    importSysbenchServers(core, path.join(tempDir(), 'sb'), 'db');
  });
  after(() => core.close());

  const texts = (study: string, options = {}, where?: string): string[] => analyse(core, resolveSpec(core, study, undefined, where, options)).findings.map((f) => f.text);

  it('four volumes: the same IOPS up to 64K stated with its range, the lower bandwidth at 128K and 256K with its numbers, the RAID-0 found best', () => {
    const a = analyse(core, resolveSpec(core, 'ebs', undefined, undefined));
    assert.equal(a.design.sentence, '4 configurations × 7 block sizes, one run each, random write at depth 16 × 16 jobs');
    const all = a.findings.map((f) => f.text);
    assert.ok(all.includes('gp3-16000 matches io2-16000 in IOPS from 4K to 64K (within ±0.3%); at 128K and 256K its bandwidth is 16.7% and 16.5% lower.'), all.join('\n'));
    assert.ok(all.includes('raid0-gp3x2 is the best at every block size; its bandwidth tops out at 1,317 MiB/s against 1,043 MiB/s for io2-16000 (1.26x).'), all.join('\n'));
    // The geometric mean over verdicts that disagree is secondary, and says why.
    const g = a.findings.find((f) => f.kind === 'geomean' && f.configs.includes('gp3-16000'))!;
    assert.equal(g.primary, false);
    assert.match(g.text, /is secondary: the workloads disagree \(0 better, 2 worse, 5 the same\)/);
    // Never a red "1.05x slower" for the general volume: its only primary finding is the range sentence.
    assert.ok(!a.findings.some((f) => f.primary && f.configs.includes('gp3-16000') && f.kind === 'geomean'));
    // Ranked by effect: the RAID-0's 2.00x before the 16.7% difference; import order plays no part.
    const order = a.findings.map((f) => f.kind + ':' + f.configs.join('/'));
    assert.ok(order.indexOf('ranges:io2-16000/raid0-gp3x2') < order.indexOf('ranges:io2-16000/gp3-16000'));
    for (const f of a.findings) assert.ok(f.runs.length > 0, `${f.text}: traceable to its runs`);
  });

  it('servers: repetitions folded across the file-name token are refused first; accepted as a parameter, the author\'s findings appear', () => {
    const refused = analyse(core, resolveSpec(core, 'db', undefined, undefined));
    assert.equal(refused.findings[0]!.kind, 'not-repetitions');
    assert.equal(refused.sweep, null, 'no peaks over runs that are not repetitions');
    assert.ok(!refused.findings.some((f) => f.kind === 'peak' || f.kind === 'ranges'), 'no figure of their medians');
    core.updateSettings('db', { path_params: [RULE] });
    try {
      const short = texts('db', {}, 'ranges=short');
      assert.ok(short.includes('mariadb-10.3 peaks at 13,708 TPS at 32 threads, then falls: 10,410 TPS at 256 threads (24.1% lower).'), short.join('\n'));
      assert.ok(short.includes('mariadb-10.2 matches mariadb-10.3 in TPS from 1 to 32 threads (within ±1.7%); from 64 to 256 threads its TPS is 18.0%, 18.0% and 19.0% higher.'), short.join('\n'));
      assert.ok(short.some((t) => /^mysql-8\.0: from 1 to 16 threads its TPS is 27\.7% to 40\.3% higher/.test(t)));
      // Both lines without the filter: each candidate's finding names its line.
      const both = texts('db');
      assert.ok(both.some((t) => t.includes('mariadb-10.2 (ranges=short) matches mariadb-10.3 in TPS from 1 to 32 threads')));
      assert.ok(both.some((t) => t.includes('mariadb-10.3 · oltp ranges=long peaks at 4,255 TPS at 32 threads')));
    } finally {
      core.updateSettings('db', { path_params: [] });
    }
  });

  it('--where and --baseline change every part alike: peaks, pairs and findings', () => {
    core.updateSettings('db', { path_params: [RULE] });
    try {
      const long = analyse(core, resolveSpec(core, 'db', undefined, 'ranges=long'));
      assert.ok(long.sweep!.peaks.every((p) => p.peak < 8000), 'the peaks are the long ranges\'');
      assert.ok(long.compare!.pairs.every((p) => p.workload_params['ranges'] === 'long'));
      const rebased = analyse(core, resolveSpec(core, 'db', undefined, 'ranges=long', { baseline: 'mysql-8.0' }));
      assert.equal(rebased.spec.baseline, 'mysql-8.0');
      assert.ok(!rebased.spec.candidates.includes('mysql-8.0') && rebased.spec.candidates.includes('mariadb-10.3'));
      assert.equal(rebased.sweep!.baseline, 'mysql-8.0');
      assert.ok(rebased.compare!.pairs.every((p) => p.baseline_label === 'mysql-8.0'));
      assert.ok(rebased.findings.every((f) => f.kind === 'peak' || f.configs.includes('mysql-8.0')));
    } finally {
      core.updateSettings('db', { path_params: [] });
    }
  });

  it('a name the study lacks is an error naming the closest; a filter on a parameter no run has is an error, not ignored', () => {
    assert.throws(() => resolveSpec(core, 'ebs', undefined, undefined, { baseline: 'io2-1600' }), (e: unknown) => e instanceof UnknownNameError && e.suggestions.includes('io2-16000'));
    assert.throws(() => resolveSpec(core, 'ebs', undefined, undefined, { metrics: ['total.iop'] }), (e: unknown) => e instanceof UnknownNameError && e.suggestions.includes('total.iops'));
    assert.throws(() => resolveSpec(core, 'db', undefined, 'ranges=short'), (e: unknown) => e instanceof UnknownNameError && e.kind === 'parameter' && /a filter on it would keep every run/.test(e.message));
    assert.throws(() => resolveSpec(core, 'db', undefined, undefined, { pairing_keys: ['threds'] }), (e: unknown) => e instanceof UnknownNameError && e.suggestions.includes('threads'));
    assert.throws(() => resolveSpec(core, 'db', undefined, undefined, { tie_band_pct: 120 }), /0 to 100/);
  });

  it('the tie band: set, measured from repetitions, or the stated default; printed with where it came from', () => {
    assert.equal(resolveSpec(core, 'ebs', undefined, undefined).tie_band.source, 'default');
    assert.equal(resolveSpec(core, 'ebs', undefined, undefined).tie_band.pct, 2);
    assert.equal(resolveSpec(core, 'ebs', undefined, undefined, { tie_band_pct: 5 }).tie_band.text, 'Tie band: ±5% (set for this study)');
    const measured = tieBandOf(undefined, { pct: 1.3, workloads: 12 });
    assert.deepEqual([measured.pct, measured.source], [3, 'measured']);
    assert.match(measured.text, /twice the run-to-run noise .* \(median half-range ±1\.3% over 12 workloads\)/);
  });
});

describe('noise-aware wording', () => {
  it('a -0.6% change on one 10 s run is a tie, never a red "1.01x slower"; its ratio and its words agree', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    try {
      const vols = [{ name: 'a', device: '/dev/a', mibs: { 4: 100 } }, { name: 'b', device: '/dev/b', mibs: { 4: 99.4 } }];
      importFioVolumes(core, path.join(tempDir(), 'fio'), 'tiny', vols, [4]);
      const r = core.compare({ study: 'tiny', baseline: 'a', candidates: ['b'], metrics: ['total.iops'] });
      const p = r.pairs[0]!;
      assert.equal(r.tie_band_pct, 2, 'the stated default for single runs');
      assert.deepEqual([p.verdict, p.text, p.speedup_text], ['tie', 'within the tie band (-0.6%)', '0.99x']);
      assert.equal(core.settings('tiny').tie_band?.source, 'default');
      core.updateSettings('tiny', { tie_band_pct: 0 });
      const set = core.compare({ study: 'tiny', baseline: 'a', candidates: ['b'], metrics: ['total.iops'] }).pairs[0]!;
      assert.equal(set.verdict, 'worse', 'a band the user sets is the band');
    } finally {
      core.close();
    }
  });
});

describe('findings on small designs', () => {
  let next = 1;
  const run = (config: string, params: Record<string, ParamValue>, metrics: Record<string, number>): RunRecord => {
    const id = next++;
    return { id, study: 's', config, tool: 'fio', tool_version: null, format: 'fio', name: `r${id}`, host: null, start: null, end: null, source: { file: `${config}/r${id}.json`, sha256: '' }, params, metrics, tables: {}, warnings: [], errors: [] };
  };

  it('a candidate slower at low load and faster at high load: the crossover is stated where it happens', () => {
    const runs = [1, 2, 4, 8, 16].flatMap((qd) => [
      run('a', { bs: 4096, iodepth: qd }, { 'total.iops': 1000 * qd }),
      run('b', { bs: 4096, iodepth: qd }, { 'total.iops': qd <= 2 ? 800 * qd : 1400 * qd }),
    ]);
    const keys = ['bs', 'iodepth'];
    const compare = compareConfigs({ study: 's', baseline: 'a', candidates: ['b'], runs, metrics: ['total.iops'], tieBandPct: 2, pairingKeys: keys });
    const spec = { study: 's', baseline: 'a', candidates: ['b'], metrics: ['total.iops'], latency: null, where: null, pairing_keys: keys, tie_band: tieBandOf(2, { pct: null, workloads: 0 }), path_params: [], excluded_runs: [] };
    const design = studyDesign({ runs, configs: ['a', 'b'], keys, locale: 'en' });
    const [f] = findings({ spec, design, compare, sweep: null, repetitions: checkRepetitions(runs, keys), locale: 'en' });
    assert.equal(f!.text, 'b: at depth 1 and 2 its IOPS is 20.0% lower; from depth 4 to 16 its IOPS is 40.0% higher (crossing over at depth 4).');
    assert.deepEqual(f!.numbers.map((n) => n.text), ['20.0%', '40.0%']);
  });

  it('in Chinese', () => {
    const runs = [4096, 65536, 131072].flatMap((bs) => [run('a', { bs }, { 'total.iops': 100, 'total.bw_mib_s': bs / 10000 }), run('b', { bs }, { 'total.iops': 100.1, 'total.bw_mib_s': bs / 10000 * (bs > 65536 ? 0.8 : 1) })]);
    const keys = ['bs'];
    const compare = compareConfigs({ study: 's', baseline: 'a', candidates: ['b'], runs, metrics: ['total.iops', 'total.bw_mib_s'], tieBandPct: 2, pairingKeys: keys, locale: 'zh-CN' });
    const spec = { study: 's', baseline: 'a', candidates: ['b'], metrics: ['total.iops', 'total.bw_mib_s'], latency: null, where: null, pairing_keys: keys, tie_band: tieBandOf(2, { pct: null, workloads: 0 }), path_params: [], excluded_runs: [] };
    const design = studyDesign({ runs, configs: ['a', 'b'], keys, locale: 'zh-CN' });
    const [f] = findings({ spec, design, compare, sweep: null, repetitions: checkRepetitions(runs, keys), locale: 'zh-CN' });
    assert.equal(f!.text, 'b 在 4K 和 64K时的 IOPS 与 a 持平（相差在 ±0.1% 以内）；在 128K时其 带宽 低 20.0%。');
  });
});

void SERVERS;
