import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { detectFormat } from '../registry.js';
import { corpusFile, corpusFiles, readBytes, REPO_ROOT, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import type { ParsedRun } from '../types.js';
import { fioJsonImporter } from './fio-json.js';

const close = (actual: number | undefined, expected: number, rel = 1e-9): void => {
  assert.ok(actual !== undefined, `expected ${expected}, got undefined`);
  assert.ok(Math.abs(actual - expected) <= Math.abs(expected) * rel, `expected ${expected}, got ${actual}`);
};

function parseCorpus(rel: string): ParsedRun[] | null {
  const p = corpusFile(rel);
  if (!p) return null;
  const result = fioJsonImporter.parse({ bytes: readBytes(p), name: rel });
  assert.deepEqual(result.errors, [], `errors parsing ${rel}`);
  return result.runs;
}

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('fio JSON importer on the real corpus (figures read from each file)', () => {
  it('detects every corpus fio file as fio-json from its content', (t) => {
    const files = corpusFiles('fio');
    if (files.length === 0) return t.skip(SKIP_NO_CORPUS);
    for (const f of files) assert.equal(detectFormat(readBytes(f)).format, 'fio-json', path.basename(f));
  });

  it('fio-3.16 randrw, 16 jobs folded by group_reporting', (t) => {
    const runs = parseCorpus('fio/fioplot__fio-3.16_randrw_16jobs_group-reporting.json');
    if (!runs) return t.skip(SKIP_NO_CORPUS);
    assert.equal(runs.length, 1);
    const r = runs[0]!;
    assert.equal(r.toolVersion, 'fio-3.16');
    assert.deepEqual(
      { bs: r.params['bs'], rw: r.params['rw'], pattern: r.params['pattern'], read_pct: r.params['read_pct'], iodepth: r.params['iodepth'], numjobs: r.params['numjobs'], ioengine: r.params['ioengine'], direct: r.params['direct'], runtime_s: r.params['runtime_s'], size_bytes: r.params['size_bytes'] },
      { bs: 4096, rw: 'randrw', pattern: 'random', read_pct: 50, iodepth: 1, numjobs: 16, ioengine: 'libaio', direct: 1, runtime_s: 60, size_bytes: 50000 * 1048576 },
    );
    close(r.metrics['read.iops'], 108.374629);
    close(r.metrics['write.iops'], 110.363459);
    close(r.metrics['total.iops'], 108.374629 + 110.363459);
    close(r.metrics['read.bw_mib_s'], 443902 / 1048576);
    close(r.metrics['read.clat_avg_ms'], 53.607647995565);
    close(r.metrics['read.clat_p99_ms'], 509.607936);
    close(r.metrics['write.clat_p99_ms'], 591.396864);
    close(r.metrics['write.lat_avg_ms'], 92.017507258748);
  });

  it('fio-3.34 with "fio: terminating on signal 2" before the JSON', (t) => {
    const runs = parseCorpus('fio/fioplot__fio-3.34_sigint-prefix.json');
    if (!runs) return t.skip(SKIP_NO_CORPUS);
    const r = runs[0]!;
    close(r.metrics['read.iops'], 10102.601156);
    close(r.metrics['read.bw_mib_s'], 41380254 / 1048576);
    close(r.metrics['read.clat_avg_ms'], 0.095948612502);
    close(r.metrics['read.clat_p99_ms'], 0.175104);
    assert.equal(r.metrics['write.iops'], undefined, 'a read-only job has no write metrics (not zeros)');
    assert.equal(r.params['ioengine'], 'sync');
    assert.equal(r.params['size_bytes'], 1024 ** 3);
  });

  it('fio-3.6 on Ceph RBD and fio-3.40 readwrite', (t) => {
    const ceph = parseCorpus('fio/fioplot__fio-3.6-31_ceph-rbd_randread.json');
    const rw = parseCorpus('fio/styliteag__fio-3.40_readwrite.json');
    if (!ceph || !rw) return t.skip(SKIP_NO_CORPUS);
    close(ceph[0]!.metrics['read.iops'], 1060.238956);
    close(ceph[0]!.metrics['read.clat_p99_ms'], 13.959168);
    close(ceph[0]!.metrics['read.lat_avg_ms'], 0.93157922046);
    const r = rw[0]!;
    assert.equal(r.params['rw'], 'rw', 'readwrite is the same as rw');
    assert.equal(r.params['pattern'], 'sequential');
    assert.equal(r.params['read_pct'], 50);
    close(r.metrics['read.iops'], 10084.191581);
    close(r.metrics['write.iops'], 10056.894311);
    close(r.metrics['write.clat_p99_ms'], 0.154624);
    // fio >= 3.36 writes job_start: the run's start is exact.
    assert.equal(r.startMs, 1752000373052);
  });

  it('fio-3.28: 51 jobs, global options overlaid by job options, runtime "20s"', (t) => {
    const runs = parseCorpus('fio/whitepau__fio-3.28_51jobs_bs-time-sweep_no-group-reporting.json');
    if (!runs) return t.skip(SKIP_NO_CORPUS);
    assert.equal(runs.length, 51);
    const r = runs[0]!;
    assert.equal(r.name, 'r_bs4k_20s');
    assert.equal(r.params['rw'], 'write');
    assert.equal(r.params['iodepth'], 128);
    assert.equal(r.params['ioengine'], 'io_uring');
    assert.equal(r.params['runtime_s'], 20);
    close(r.metrics['write.iops'], 78116.864941);
    close(r.metrics['write.clat_p99_ms'], 1.777664);
  });

  it('fio-3.12: the same document pasted twice between shell prompts is one run', (t) => {
    const p = corpusFile('fio/arau__fio-3.12_two-json-docs-with-shell-noise.txt');
    if (!p) return t.skip(SKIP_NO_CORPUS);
    const result = fioJsonImporter.parse({ bytes: readBytes(p), name: 'arau' });
    assert.deepEqual(result.errors, []);
    assert.equal(result.runs.length, 1, 'the two documents are byte-identical: one result, not two repetitions');
    const r = result.runs[0]!;
    assert.equal(r.params['read_pct'], 0, 'rwmixread=0 in global options');
    close(r.metrics['write.iops'], 457.18591);
    close(r.metrics['write.clat_p99_ms'], 708.837376);
    assert.ok(result.warnings.some((w) => /1 identical copies/.test(w.message)), 'says a copy was ignored');
  });

  it('fio 2.x json+: bins keyed by bucket index become latencies (µs) by fio\'s own bucket rule', (t) => {
    const p = corpusFile('fio/fioplot__fio-2.18_randread_md127.json');
    if (!p) return t.skip(SKIP_NO_CORPUS);
    const doc = JSON.parse(fs.readFileSync(p, 'utf8')) as { jobs: Array<{ read: { clat: Record<string, unknown> } }> };
    // As fio 2.18 writes json+: the bucket constants, then every bucket by index (tools/fio_latency2csv.py).
    const bins: Record<string, number> = { FIO_IO_U_PLAT_BITS: 6, FIO_IO_U_PLAT_VAL: 64, FIO_IO_U_PLAT_NR: 1216 };
    for (let i = 0; i < 1216; i++) bins[String(i)] = 0;
    bins['100'] = 30; // below 128 the index is the value: 100 µs
    bins['700'] = 70; // group 9: 2^15 + 60.5 * 2^9 = 63,744 µs
    doc.jobs[0]!.read.clat['bins'] = bins;
    const result = fioJsonImporter.parse({ bytes: enc(JSON.stringify(doc, null, 2)), name: 'fio2-jsonplus.json' });
    assert.deepEqual(result.errors, []);
    const dist = (result.runs[0]!.tables['latency_bins'] as Record<string, { ms: Float64Array; counts: Float64Array }>)['read']!;
    assert.deepEqual([...dist.ms], [0.1, 63.744]);
    assert.deepEqual([...dist.counts], [30, 70]);
  });

  it('fio 2.x: latencies in µs become ms', (t) => {
    const v218 = parseCorpus('fio/fioplot__fio-2.18_randread_md127.json');
    const v214 = parseCorpus('fio/pkb__fio-2.1.4_5jobs_no-group-reporting_usec-clat.json');
    if (!v218 || !v214) return t.skip(SKIP_NO_CORPUS);
    assert.equal(v218[0]!.params['iodepth'], 1, '"01" is 1');
    close(v218[0]!.metrics['read.iops'], 73.182907);
    close(v218[0]!.metrics['read.clat_avg_ms'], 13.643395634);
    close(v218[0]!.metrics['read.clat_p99_ms'], 23.168);
    assert.equal(v214.length, 5);
    // fio 2.1.4 wrote no job options: the workload is derived from the results, not invented.
    assert.equal(v214[0]!.name, 'sequential_write');
    assert.equal(v214[0]!.params['read_pct'], 0);
    assert.equal(v214[0]!.params['bs'], 512 * 1024, '68118 KiB/s at 133 IOPS is 512 KiB per I/O');
    assert.equal(v214[0]!.params['rw'], undefined, 'the pattern is unknown, not "read"');
    assert.match(v214[0]!.warnings[0]!, /no job options/);
    assert.equal(v214[1]!.params['read_pct'], 100);
    close(v214[0]!.metrics['write.iops'], 133);
    close(v214[0]!.metrics['write.bw_mib_s'], 68118 / 1024);
    close(v214[0]!.metrics['write.clat_avg_ms'], 477.73484);
  });
});

describe('fio JSON importer on the samples made on this machine', () => {
  it('matches the values in every sample file', () => {
    for (const config of ['disk', 'tmpfs']) {
      const dir = path.join(REPO_ROOT, 'samples', 'fio', config);
      for (const f of fs.readdirSync(dir)) {
        const raw = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { jobs: Array<Record<string, Record<string, number>>> };
        const job = raw.jobs[0]!;
        const { runs, errors } = fioJsonImporter.parse({ bytes: readBytes(path.join(dir, f)), name: f });
        assert.deepEqual(errors, []);
        const r = runs[0]!;
        close(r.metrics['total.iops'], job['read']!['iops']! + job['write']!['iops']!, 1e-12);
        close(r.metrics['total.bw_mib_s'], (job['read']!['bw_bytes']! + job['write']!['bw_bytes']!) / 1048576, 1e-12);
      }
    }
  });
});

describe('fio JSON importer on bad input', () => {
  const good = fs.readFileSync(path.join(REPO_ROOT, 'samples/fio/disk/randread-4k-qd1.json'), 'utf8');

  it('a truncated file is an error naming the line where the document starts', () => {
    const result = fioJsonImporter.parse({ bytes: enc('fio-3.33\nStarting 1 process\n' + good.slice(0, good.length / 2)), name: 'cut.json' });
    assert.equal(result.runs.length, 0);
    assert.match(result.errors[0]!.message, /truncated JSON: the fio document starting at line 3 never closes/);
  });

  it('a report cut short and then a whole one: the whole one imports, the cut one is a warning with its line', () => {
    const other = good.replace('"jobname" : "randread-4k-qd1"', '"jobname" : "second"');
    const result = fioJsonImporter.parse({ bytes: enc(good.slice(0, 3000) + '\n' + other), name: 'two.json' });
    assert.deepEqual(result.errors, []);
    assert.deepEqual(result.runs.map((r) => r.name), ['second']);
    assert.match(result.warnings[0]!.message, /truncated JSON: the fio document starting at line 1 never closes: that document is left out, the others are imported/);
  });

  it('broken JSON is an error with its line', () => {
    const broken = good.replace('"jobs" : [', '"jobs" : [,');
    const result = fioJsonImporter.parse({ bytes: enc(broken), name: 'bad.json' });
    assert.equal(result.runs.length, 0);
    const line = good.slice(0, good.indexOf('"jobs" : [')).split('\n').length;
    assert.equal(result.errors[0]!.line, line, 'the line of the stray comma');
    assert.match(result.errors[0]!.message, new RegExp(`invalid JSON at line ${line}`));
  });

  it('a failed job is imported flagged with its error as a validity fact (no verdict by default), not as silent zeros', () => {
    const failed = good.replace('"error" : 0', '"error" : 5');
    const result = fioJsonImporter.parse({ bytes: enc(failed), name: 'failed.json' });
    assert.equal(result.runs.length, 1);
    assert.deepEqual(result.runs[0]!.errors, [], 'the file is fine: the job is what failed');
    const [fact] = result.runs[0]!.validity ?? [];
    assert.equal(fact?.code, 'job-error');
    assert.equal(fact?.severity, 'invalid');
    assert.match(fact!.message, /^fio reported error 5 \(EIO, input\/output error\) for job "[^"]+": the job stopped before its runtime$/);
  });

  it('continue_on_error: total_err against the job\'s I/Os, a warning below 10%, invalid from 10%', () => {
    const doc = JSON.parse(good) as { jobs: Array<Record<string, unknown> & { read: { total_ios: number }; write: { total_ios: number } }> };
    const ios = doc.jobs[0]!.read.total_ios + doc.jobs[0]!.write.total_ios;
    assert.ok(ios > 100, 'the fixture did I/O');
    const withErrors = (n: number) => { doc.jobs[0]!['total_err'] = n; doc.jobs[0]!['first_error'] = 5; return fioJsonImporter.parse({ bytes: enc(JSON.stringify(doc)), name: 'coe.json' }).runs[0]!.validity; };
    const few = withErrors(Math.floor(ios / 100));
    assert.deepEqual(few?.map((f) => [f.code, f.severity, f.count, f.of]), [['io-errors', 'warning', Math.floor(ios / 100), ios + Math.floor(ios / 100)]]);
    assert.match(few![0]!.message, /I\/O errors \(continue_on_error\) in [\d,]+ I\/Os \(\d(\.\d)?%\)$/);
    assert.equal(withErrors(ios)?.[0]?.severity, 'invalid');
    assert.equal(withErrors(0), undefined);
  });

  it('options that change what the figures mean are parameters: rate caps and verify', () => {
    const doc = JSON.parse(good) as { jobs: Array<{ 'job options': Record<string, string> }> };
    doc.jobs[0]!['job options'] = { ...doc.jobs[0]!['job options'], rate_iops: '500', rate: '10m,5m', verify: 'crc32c', rate_process: 'poisson' };
    const params = fioJsonImporter.parse({ bytes: enc(JSON.stringify(doc)), name: 'capped.json' }).runs[0]!.params;
    assert.equal(params['rate_iops'], 500);
    assert.equal(params['rate_bytes_s'], '10m,5m', 'a cap per direction is kept as written');
    assert.equal(params['rate_process'], 'poisson');
    assert.equal(params['verify'], 'crc32c');
    doc.jobs[0]!['job options'] = { ...doc.jobs[0]!['job options'], rate_iops: '0', rate: '', verify: '0' };
    const none = fioJsonImporter.parse({ bytes: enc(JSON.stringify(doc)), name: 'uncapped.json' }).runs[0]!.params;
    assert.deepEqual([none['rate_iops'], none['rate_bytes_s'], none['verify'], none['rate_process']], [undefined, undefined, undefined, undefined]);
  });

  it('status-interval documents glued together make one run with a series', () => {
    const doc = JSON.parse(good) as { timestamp_ms: number; jobs: Array<{ read: { total_ios: number } }> };
    const step = (k: number): string => {
      const d = structuredClone(doc);
      d.timestamp_ms = doc.timestamp_ms - (3 - k) * 1000;
      d.jobs[0]!.read.total_ios = Math.round((doc.jobs[0]!.read.total_ios * k) / 3);
      return JSON.stringify(d, null, 2);
    };
    const result = fioJsonImporter.parse({ bytes: enc([step(1), step(2), step(3)].join('\n')), name: 'status.json' });
    assert.deepEqual(result.errors, []);
    assert.equal(result.runs.length, 1);
    const s = result.runs[0]!.series.find((x) => x.metric === 'read.iops')!;
    assert.equal(s.values.length, 2);
    close(s.values[0], doc.jobs[0]!.read.total_ios / 3, 1e-3);
  });

  it('runs appended with >> stay separate runs, even with the same job names', () => {
    const doc = JSON.parse(good) as { timestamp_ms: number; jobs: Array<{ read: { total_ios: number } }> };
    const later = structuredClone(doc);
    later.timestamp_ms += 60000;
    later.jobs[0]!.read.total_ios = Math.round(doc.jobs[0]!.read.total_ios / 2); // counters restart
    const result = fioJsonImporter.parse({ bytes: enc(`${good}\n${JSON.stringify(later, null, 2)}`), name: 'appended.json' });
    assert.equal(result.runs.length, 2);
    assert.equal(result.runs[0]!.series.length, 0);
  });

  it('numjobs without group_reporting: the parallel entries become one run, rates summed', () => {
    const doc = JSON.parse(good) as { jobs: Array<{ jobname: string; read: { iops: number; total_ios: number; lat_ns: { mean: number } } }> };
    const a = doc.jobs[0]!;
    const b = structuredClone(a);
    b.read.iops = a.read.iops * 3;
    b.read.total_ios = a.read.total_ios * 3;
    b.read.lat_ns.mean = a.read.lat_ns.mean / 3;
    doc.jobs = [a, b];
    const result = fioJsonImporter.parse({ bytes: enc(JSON.stringify(doc)), name: 'clones.json' });
    assert.equal(result.runs.length, 1);
    const r = result.runs[0]!;
    close(r.metrics['read.iops'], a.read.iops * 4);
    close(r.metrics['read.lat_avg_ms'], ((a.read.lat_ns.mean * 1 + (a.read.lat_ns.mean / 3) * 3) / 4) / 1e6);
    assert.equal(r.metrics['read.clat_p99_ms'], undefined, 'percentiles of parallel jobs cannot be combined');
    assert.match(r.warnings.join(' '), /2 parallel entries/);
  });

  it('unified_rw_reporting: "mixed" gives the totals; with =both the read and write figures are kept beside them', () => {
    const doc = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'samples/fio/disk/randrw70-4k-qd16.json'), 'utf8')) as { jobs: Array<Record<string, Record<string, unknown>>> };
    const job = doc.jobs[0]!;
    // A mixed block as fio writes it: the two directions' I/O as one (figures made up, kept apart from both).
    const mixed = { ...job['read']!, iops: 12345.5, bw_bytes: 12345.5 * 4096, clat_ns: { ...(job['read']!['clat_ns'] as object), mean: 777000, percentile: { '99.000000': 2000000 } } };
    const unified = fioJsonImporter.parse({ bytes: enc(JSON.stringify({ ...doc, jobs: [{ ...job, read: undefined, write: undefined, mixed }] })), name: 'u1.json' }).runs[0]!;
    close(unified.metrics['total.iops'], 12345.5);
    close(unified.metrics['total.clat_avg_ms'], 0.777);
    close(unified.metrics['total.clat_p99_ms'], 2);
    assert.equal(unified.metrics['read.iops'], undefined);
    const both = fioJsonImporter.parse({ bytes: enc(JSON.stringify({ ...doc, jobs: [{ ...job, mixed }] })), name: 'both.json' }).runs[0]!;
    close(both.metrics['read.iops'], job['read']!['iops'] as number);
    close(both.metrics['write.iops'], job['write']!['iops'] as number);
    close(both.metrics['total.iops'], 12345.5, 1e-12);
    close(both.metrics['total.clat_p99_ms'], 2);
  });

  it('client/server output: "All clients" is the run, the hosts a table', () => {
    const doc = JSON.parse(good) as Record<string, unknown> & { jobs: Array<Record<string, unknown>> };
    const job = doc.jobs[0]!;
    // As fio writes it: "All clients" carries no job options; the hosts' entries do.
    const { 'job options': _options, ...aggregate } = job;
    doc['client_stats'] = [
      { ...job, hostname: 'node1' }, { ...job, hostname: 'node2' }, { ...aggregate, jobname: 'All clients', hostname: 'node2' },
    ];
    delete (doc as Record<string, unknown>)['jobs'];
    const twice = `${JSON.stringify(doc)}\n${JSON.stringify({ ...doc, timestamp_ms: (doc['timestamp_ms'] as number) + 1000 })}`;
    const result = fioJsonImporter.parse({ bytes: enc(twice), name: 'cs.json' });
    assert.deepEqual(result.errors, []);
    assert.equal(result.runs.length, 1, 'two status reports of the same clients');
    assert.equal(result.runs[0]!.host, 'all clients');
    assert.deepEqual((result.runs[0]!.tables['hosts'] as Array<{ host: string }>).map((h) => h.host), ['node1', 'node2']);
    // The aggregate is named and described by the job its hosts ran, not left without options.
    const single = fioJsonImporter.parse({ bytes: enc(good), name: 'one.json' }).runs[0]!;
    assert.equal(result.runs[0]!.name, single.name);
    assert.deepEqual(result.runs[0]!.params, single.params);
    assert.doesNotMatch(result.runs[0]!.warnings.join(' '), /no job options/);

    // Hosts running two jobs (two groups): "All clients" sums all of them, so it names neither.
    const other = { ...job, jobname: 'other', groupid: 1, 'job options': { ...(job['job options'] as object), rw: 'write' } };
    doc['client_stats'] = [{ ...job, hostname: 'node1' }, { ...other, hostname: 'node1' }, { ...aggregate, jobname: 'All clients', groupid: 1 }];
    const mixed = fioJsonImporter.parse({ bytes: enc(JSON.stringify(doc)), name: 'cs2.json' }).runs[0]!;
    assert.equal(mixed.name, 'All clients');
    assert.equal((mixed.tables['hosts'] as unknown[]).length, 2, 'every host entry it sums');
  });

  it('a console capture with a stray NUL before the JSON is still fio JSON', () => {
    const bytes = new Uint8Array([...enc('fio-3.33\nStarting 1 process\n'), 0, ...enc(good)]);
    assert.equal(detectFormat(bytes).format, 'fio-json');
    const result = fioJsonImporter.parse({ bytes, name: 'nul.txt' });
    assert.deepEqual(result.errors, []);
    assert.equal(result.runs.length, 1);
  });

  it('empty, binary and unknown files are not detected, with the reason', () => {
    assert.equal(detectFormat(new Uint8Array()).reason, 'the file is empty');
    assert.match(detectFormat(Uint8Array.from([0x50, 0x4b, 3, 4, 0, 0, 8, 0])).reason ?? '', /binary/);
    assert.match(detectFormat(enc('time,iops\n1,2\n')).reason ?? '', /unknown format/);
  });

  it('detects fio JSON in UTF-16 with a BOM (Windows consoles)', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(good, 'utf16le')]);
    assert.equal(detectFormat(new Uint8Array(utf16)).format, 'fio-json');
    assert.equal(fioJsonImporter.parse({ bytes: new Uint8Array(utf16), name: 'w.json' }).runs.length, 1);
  });
});
