import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Core } from '../core.js';
import { loadSamples, samplesDir } from '../samples/samples.js';
import { tempDir } from '../test-support/temp.js';

const STUDY = 's3-cloud-ssd';
const DIR = path.join(samplesDir(), 's3', 'cloud-ssd');
// The product limit (STUDIES.md, S3): 20,000 random IOPS and 256 MB/s (10^6 bytes) per disk.
const LIMIT_IOPS = 20000;
const LIMIT_BYTES_S = 256e6;

/** The figures of one direction of a fio JSON, read straight from the file. */
function fioFile(name: string): { iops: number; bwBytes: number; rw: string } {
  const j = JSON.parse(fs.readFileSync(path.join(DIR, `${name}.json`), 'utf8')) as { jobs: Array<Record<string, { iops: number; bw_bytes: number; io_bytes: number }> & { 'job options': { rw: string } }> };
  const job = j.jobs[0]!;
  const d = job['read']!.io_bytes > 0 ? job['read']! : job['write']!;
  return { iops: d.iops, bwBytes: d.bw_bytes, rw: job['job options'].rw };
}

describe('study S3 from its sysbench output and real fio runs', () => {
  it('sysbench OLTP on 10,000,000 rows: 869 TPS and 18,265 QPS, counts and rates consistent', async () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    await loadSamples(core, [STUDY]);
    const runs = core.runs({ study: STUDY, config: 'cloud-ssd' });
    const sb = runs.filter((r) => r.tool === 'sysbench');
    assert.equal(sb.length, 1, 'one sysbench run (the prepare step makes none)');
    const run = sb[0]!;
    assert.equal(run.params['table_size'], 10_000_000);
    assert.equal(run.params['test'], 'oltp_read_write');
    assert.equal(Math.floor(run.metrics['tps']!), 869, 'published: 869 TPS');
    assert.equal(Math.round(run.metrics['qps']!), 18265, 'published: 18,265 QPS');
    // The file's own arithmetic: counts over the total time give the per-second figures, and
    // the average latency is the threads' share of the run (Little's law).
    const text = fs.readFileSync(path.join(DIR, 'sysbench-oltp-read-write-10m.txt'), 'utf8');
    const count = (label: string): number => Number(new RegExp(`${label}:\\s+(\\d+)`).exec(text)![1]);
    const time = Number(/total time:\s+([\d.]+)s/.exec(text)![1]);
    assert.equal(count('read') + count('write') + count('other'), count('total'));
    assert.equal((count('transactions') / time).toFixed(2), run.metrics['tps']!.toFixed(2));
    assert.equal((count('queries') / time).toFixed(2), run.metrics['qps']!.toFixed(2));
    const threads = run.params['threads'] as number;
    assert.ok(Math.abs(run.metrics['total.lat_avg_ms']! - (threads / run.metrics['tps']!) * 1000) < 0.05, 'avg latency = threads / TPS');
    assert.ok(run.metrics['total.lat_p95_ms']! > run.metrics['total.lat_avg_ms']! && run.metrics['total.lat_p95_ms']! < run.metrics['total.lat_max_ms']!);
    assert.ok((core.series(run.id, 'tps')[0]?.points.length ?? 0) >= 30, 'the 10 s interval lines as a series');
    core.close();
  });

  it('fio: random IOPS and sequential bandwidth at, never above, the product limit, with their logs', async () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    await loadSamples(core, [STUDY]);
    const fio = core.runs({ study: STUDY, config: 'cloud-ssd' }).filter((r) => r.tool === 'fio');
    assert.deepEqual(fio.map((r) => r.name).sort(), ['randread-4k', 'randwrite-4k', 'seqread-1m', 'seqwrite-1m']);
    for (const run of fio) {
      const file = fioFile(run.name);
      const dir = /write/.test(file.rw) ? 'write' : 'read';
      assert.equal(run.metrics[`${dir}.iops`], file.iops, `${run.name}: IOPS as in the JSON`);
      const bytesS = run.metrics[`${dir}.bw_mib_s`]! * 1048576;
      assert.ok(Math.abs(bytesS - file.bwBytes) <= 1, `${run.name}: bandwidth as in the JSON`);
      // fio's throttle averages over the run: a hair over the limit is rounding, not a breach.
      assert.ok(file.iops <= LIMIT_IOPS * 1.001, `${run.name}: ${file.iops} IOPS within 20,000`);
      assert.ok(file.bwBytes <= LIMIT_BYTES_S * 1.001, `${run.name}: ${file.bwBytes} B/s within 256 MB/s`);
      if (run.params['bs'] === 4096) assert.ok(file.iops >= LIMIT_IOPS * 0.97, `${run.name}: 4K random runs at the IOPS limit`);
      else assert.ok(file.bwBytes >= LIMIT_BYTES_S * 0.97, `${run.name}: 1M sequential runs at the bandwidth limit`);
      const series = core.series(run.id);
      assert.ok(series.some((s) => s.metric === `${dir}.iops` && s.points.length >= 30), `${run.name}: its 500 ms IOPS log as a series`);
      assert.ok(series.some((s) => s.metric === `${dir}.bw_mib_s` && s.points.length >= 30), `${run.name}: its bandwidth log as a series`);
    }
    assert.equal(core.studies().find((s) => s.slug === STUDY)!.configs.length, 1);
    core.close();
  });
});
