/**
 * No IOmeter results file is in the corpus (MANIFEST.md, Gaps). The files below are written the
 * way Iometer 1.1.0 writes results.csv (iometer-org/iometer: PageSetup::SaveResults,
 * AccessSpecList::SaveResults, ManagerList/Manager/Worker::SaveResults): the header rows are
 * copied from those sources, the figures made up but consistent (IOps x transfer size = MiBps x
 * 2^20 = MBps (Decimal) x 10^6; I/Os / IOps = the 60 s run).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ParseResult } from '../types.js';
import { iometerImporter } from './iometer.js';

const close = (actual: number | undefined, expected: number, rel = 1e-9): void => {
  assert.ok(actual !== undefined, `expected ${expected}, got undefined`);
  assert.ok(Math.abs(actual - expected) <= Math.abs(expected) * rel + 1e-12, `expected ${expected}, got ${actual}`);
};
const parse = (text: string): ParseResult => iometerImporter.parse({ bytes: new TextEncoder().encode(text), name: 'results.csv' });

const BINS = '0 to 50 uS,50 to 100 uS,100 to 200 uS,200 to 500 uS,0.5 to 1 mS,1 to 2 mS,2 to 5 mS,5 to 10 mS,10 to 15 mS,15 to 20 mS,20 to 30 mS,30 to 50 mS,50 to 100 mS,100 to 200 mS,200 to 500 mS,0.5 to 1 S,1 to 2 s,2 to 4.7 s,4.7 to 5 s,5 to 10 s, >= 10 s';
const HEADER_1_1 = `'Target Type,Target Name,Access Specification Name,# Managers,# Workers,# Disks,IOps,Read IOps,Write IOps,MiBps (Binary),Read MiBps (Binary),Write MiBps (Binary),MBps (Decimal),Read MBps (Decimal),Write MBps (Decimal),Transactions per Second,Connections per Second,Average Response Time,Average Read Response Time,Average Write Response Time,Average Transaction Time,Average Connection Time,Maximum Response Time,Maximum Read Response Time,Maximum Write Response Time,Maximum Transaction Time,Maximum Connection Time,Errors,Read Errors,Write Errors,Bytes Read,Bytes Written,Read I/Os,Write I/Os,Connections,Transactions per Connection,Total Raw Read Response Time,Total Raw Write Response Time,Total Raw Transaction Time,Total Raw Connection Time,Maximum Raw Read Response Time,Maximum Raw Write Response Time,Maximum Raw Transaction Time,Maximum Raw Connection Time,Total Raw Run Time,Starting Sector,Maximum Size,Queue Depth,% CPU Utilization,% User Time,% Privileged Time,% DPC Time,% Interrupt Time,Processor Speed,Interrupts per Second,CPU Effectiveness,Packets/Second,Packet Errors,Segments Retransmitted/Second,${BINS}`;
const HEADER_2006 = "'Target Type,Target Name,Access Specification Name,# Managers,# Workers,# Disks,IOps,Read IOps,Write IOps,MBps,Read MBps,Write MBps,Transactions per Second,Connections per Second,Average Response Time,Average Read Response Time,Average Write Response Time,Average Transaction Time,Average Connection Time,Maximum Response Time,Maximum Read Response Time,Maximum Write Response Time,Maximum Transaction Time,Maximum Connection Time,Errors,Read Errors,Write Errors,Bytes Read,Bytes Written,Read I/Os,Write I/Os,Connections,Transactions per Connection,Total Raw Read Response Time,Total Raw Write Response Time,Total Raw Transaction Time,Total Raw Connection Time,Maximum Raw Read Response Time,Maximum Raw Write Response Time,Maximum Raw Transaction Time,Maximum Raw Connection Time,Total Raw Run Time,Starting Sector,Maximum Size,Queue Depth,% CPU Utilization,% User Time,% Privileged Time,% DPC Time,% Interrupt Time,Processor Speed,Interrupts per Second,CPU Effectiveness,Packets/Second,Packet Errors,Segments Retransmitted/Second";

/** A row laid out under a header: values by column name, the rest left empty as Iometer does for a row type that has no such figure. */
function row(header: string, cells: Record<string, string | number>): string {
  const cols = header.replace(/^'/, '').split(',').map((c) => c.trim());
  for (const k of Object.keys(cells)) assert.ok(cols.includes(k), `no column ${k}`);
  return cols.map((c) => (cells[c] === undefined ? '' : String(cells[c]))).join(',');
}

type Fig = { iops: number; r: number; w: number; bs: number; avg: number; ravg: number; wavg: number; max: number; rmax: number; wmax: number; errors?: number };
/** The figures of one result row, units as Iometer computes them (60 s run). */
function figures(header: string, f: Fig): Record<string, string | number> {
  const rb = f.r * 60 * f.bs;
  const wb = f.w * 60 * f.bs;
  const binary = header.includes('MiBps (Binary)');
  const bw = (x: number): number => (x * f.bs) / 1048576;
  const dec = (x: number): number => (x * f.bs) / 1e6;
  return {
    IOps: f.iops.toFixed(6), 'Read IOps': f.r.toFixed(6), 'Write IOps': f.w.toFixed(6),
    ...(binary
      ? {
          'MiBps (Binary)': bw(f.iops).toFixed(6), 'Read MiBps (Binary)': bw(f.r).toFixed(6), 'Write MiBps (Binary)': bw(f.w).toFixed(6),
          'MBps (Decimal)': dec(f.iops).toFixed(6), 'Read MBps (Decimal)': dec(f.r).toFixed(6), 'Write MBps (Decimal)': dec(f.w).toFixed(6),
        }
      : { MBps: bw(f.iops).toFixed(6), 'Read MBps': bw(f.r).toFixed(6), 'Write MBps': bw(f.w).toFixed(6) }),
    'Transactions per Second': f.iops.toFixed(6), 'Connections per Second': '0.000000',
    'Average Response Time': f.avg.toFixed(6), 'Average Read Response Time': f.ravg.toFixed(6), 'Average Write Response Time': f.wavg.toFixed(6),
    'Maximum Response Time': f.max.toFixed(6), 'Maximum Read Response Time': f.rmax.toFixed(6), 'Maximum Write Response Time': f.wmax.toFixed(6),
    Errors: f.errors ?? 0, 'Read Errors': f.errors ?? 0, 'Write Errors': 0,
    'Bytes Read': rb, 'Bytes Written': wb, 'Read I/Os': f.r * 60, 'Write I/Os': f.w * 60, Connections: 0,
  };
}

const SPEC_A = '4K; 100% Read; 100% random';
const SPEC_B = '8K; 70% Read; 100% random';
const specs = (name: string, lines: string[]): string =>
  ["'Access specifications", "'Access specification name,default assignment", `${name},NONE`, "'size,% of size,% reads,% random,delay,burst,align,reply", ...lines, "'End access specifications"].join('\n');

function block(header: string, spec: string, qd: number, all: Fig, w1: Fig, w2: Fig, stamp: string, cpu = [23.5, 3.1, 20.4]): string {
  const h = header;
  const cpuCells = { '% CPU Utilization': cpu[0]!.toFixed(6), '% User Time': cpu[1]!.toFixed(6), '% Privileged Time': cpu[2]!.toFixed(6), '% DPC Time': '0.000000', '% Interrupt Time': '0.000000' };
  const bins: Record<string, number> = h.includes('0 to 50 uS') ? { '0 to 50 uS': 0, '200 to 500 uS': Math.round(all.iops * 60 * 0.25), '0.5 to 1 mS': Math.round(all.iops * 60 * 0.7), '1 to 2 mS': Math.round(all.iops * 60 * 0.05) } : {};
  return [
    "'Results",
    h,
    row(h, { 'Target Type': 'ALL', 'Target Name': 'All', 'Access Specification Name': spec, '# Managers': 1, '# Workers': 2, '# Disks': 2, ...figures(h, all), 'Starting Sector': 0, 'Maximum Size': 0, 'Queue Depth': qd, ...cpuCells, 'Interrupts per Second': '41234.500000', 'CPU Effectiveness': (all.iops / cpu[0]!).toFixed(6), ...bins }),
    row(h, { 'Target Type': 'MANAGER', 'Target Name': 'IOSERVER01', 'Access Specification Name': spec, '# Workers': 2, '# Disks': 2, ...figures(h, all), 'Total Raw Run Time': 600000000, 'Starting Sector': 0, 'Maximum Size': 0, 'Queue Depth': qd, ...cpuCells, 'Processor Speed': 10000000 }),
    row(h, { 'Target Type': 'PROCESSOR', 'Target Name': 'CPU 0', '% CPU Utilization': '24.100000', '% User Time': '3.300000', '% Privileged Time': '20.800000', '% DPC Time': '0.000000', '% Interrupt Time': '0.000000', 'Processor Speed': 10000000 }),
    row(h, { 'Target Type': 'PROCESSOR', 'Target Name': 'CPU 1', '% CPU Utilization': '22.900000', '% User Time': '2.900000', '% Privileged Time': '20.000000', '% DPC Time': '0.000000', '% Interrupt Time': '0.000000', 'Processor Speed': 10000000 }),
    row(h, { 'Target Type': 'WORKER', 'Target Name': 'Worker 1', 'Access Specification Name': spec, '# Disks': 1, ...figures(h, w1), 'Queue Depth': qd }),
    row(h, { 'Target Type': 'DISK', 'Target Name': 'E: "DATA"', ...figures(h, w1), 'Queue Depth': qd }),
    row(h, { 'Target Type': 'WORKER', 'Target Name': 'Worker 2', 'Access Specification Name': spec, '# Disks': 1, ...figures(h, w2), 'Queue Depth': qd }),
    row(h, { 'Target Type': 'DISK', 'Target Name': 'F: "LOG"', ...figures(h, w2), 'Queue Depth': qd }),
    "'Time Stamp",
    stamp,
  ].join('\n');
}

// 4K random reads: worker 1 did 1,200,000 I/Os, worker 2 1,180,000, in 60 s.
const A_ALL: Fig = { iops: 2380000 / 60, r: 2380000 / 60, w: 0, bs: 4096, avg: 0.805445, ravg: 0.805445, wavg: 0, max: 12.5, rmax: 12.5, wmax: 0 };
const A_W1: Fig = { iops: 20000, r: 20000, w: 0, bs: 4096, avg: 0.799, ravg: 0.799, wavg: 0, max: 10.2, rmax: 10.2, wmax: 0 };
const A_W2: Fig = { iops: 1180000 / 60, r: 1180000 / 60, w: 0, bs: 4096, avg: 0.812, ravg: 0.812, wavg: 0, max: 12.5, rmax: 12.5, wmax: 0 };
// 8K 70/30 random: 12000 IOPS, 8400 reads and 3600 writes a second.
const B_ALL: Fig = { iops: 12000, r: 8400, w: 3600, bs: 8192, avg: 2.667, ravg: 2.1, wavg: 3.99, max: 45.1, rmax: 30.2, wmax: 45.1 };
const B_W: Fig = { iops: 6000, r: 4200, w: 1800, bs: 8192, avg: 2.667, ravg: 2.1, wavg: 3.99, max: 45.1, rmax: 30.2, wmax: 45.1 };

const RESULTS_1_1 = [
  "'Test Type,Test Description", '0,array-baseline',
  "'Version", '1.1.0',
  "'Time Stamp", '2023-05-10 14:00:00:123',
  specs(SPEC_A, ['4096,100,100,100,0,1,4096,0,']),
  block(HEADER_1_1, SPEC_A, 16, A_ALL, A_W1, A_W2, '2023-05-10 14:01:02:456'),
  specs(SPEC_B, ['8192,100,70,100,0,1,8192,0,']),
  block(HEADER_1_1, SPEC_B, 16, B_ALL, B_W, B_W, '2023-05-10 14:02:05:789'),
  "'End Test",
  '',
].join('\r\n');

describe('IOmeter 1.1.0 results.csv, hand-made', () => {
  it('one run per access specification from its ALL row; managers, workers, targets as tables', () => {
    const { runs, errors, warnings } = parse(RESULTS_1_1);
    assert.deepEqual(errors, []);
    assert.deepEqual(runs.map((r) => r.name), [SPEC_A, SPEC_B]);
    const a = runs[0]!;
    assert.equal(a.tool, 'iometer');
    assert.equal(a.toolVersion, '1.1.0');
    assert.equal(a.host, 'IOSERVER01');
    assert.deepEqual(
      { bs: a.params['bs'], read_pct: a.params['read_pct'], pattern: a.params['pattern'], random_pct: a.params['random_pct'], iodepth: a.params['iodepth'], threads: a.params['threads'], type: a.params['iometer_target_type'], targets: a.params['iometer_targets'], managers: a.params['iometer_managers'] },
      { bs: 4096, read_pct: 100, pattern: 'random', random_pct: 100, iodepth: 16, threads: 2, type: 'DISK', targets: 2, managers: 1 },
    );
    close(a.metrics['total.iops'], 39666.666667, 1e-9);
    close(a.metrics['read.iops'], 39666.666667, 1e-9);
    assert.equal(a.metrics['write.iops'], 0);
    // "MiBps (Binary)" is MiB/s already: 39666.666667 x 4096 / 2^20 = 154.947917.
    close(a.metrics['total.bw_mib_s'], 154.947917, 1e-9);
    close(a.metrics['total.lat_avg_ms'], 0.805445);
    close(a.metrics['read.lat_max_ms'], 12.5);
    assert.equal(a.metrics['write.lat_avg_ms'], undefined, 'no writes: no write latency rather than 0');
    assert.deepEqual([a.metrics['cpu_util_pct'], a.metrics['cpu_usr_pct'], a.metrics['cpu_sys_pct'], a.metrics['errors']], [23.5, 3.1, 20.4, 0]);
    assert.equal(a.params['runtime_s'], 60, '2380000 I/Os at 39666.666667 IOPS');
    assert.equal(a.endMs, Date.UTC(2023, 4, 10, 14, 1, 2, 456));
    assert.equal(a.startMs, a.endMs! - 60_000);
    assert.ok(warnings.some((w) => /no time zone/.test(w.message)));
    const workers = a.tables['workers'] as Array<{ manager: string; name: string; iops: number }>;
    assert.deepEqual(workers.map((w) => [w.manager, w.name, w.iops]), [['IOSERVER01', 'Worker 1', 20000], ['IOSERVER01', 'Worker 2', 19666.666667]]);
    const targets = a.tables['targets'] as Array<{ worker: string; name: string }>;
    assert.deepEqual(targets.map((t) => [t.worker, t.name]), [['Worker 1', 'E: "DATA"'], ['Worker 2', 'F: "LOG"']]);
    assert.equal((a.tables['processors'] as unknown[]).length, 2);
    const bins = a.tables['latency_histogram'] as Array<{ bin: string; count: number }>;
    assert.equal(bins.length, 21);
    assert.deepEqual(bins[4], { bin: '0.5 to 1 mS', count: 1666000 });

    const b = runs[1]!;
    assert.deepEqual([b.params['bs'], b.params['read_pct'], b.params['pattern']], [8192, 70, 'random']);
    assert.deepEqual([b.metrics['read.iops'], b.metrics['write.iops']], [8400, 3600]);
    close(b.metrics['total.bw_mib_s'], 93.75);
    close(b.metrics['write.bw_mib_s'], 28.125);
    close(b.metrics['write.lat_avg_ms'], 3.99);
    assert.equal(b.startMs, Date.UTC(2023, 4, 10, 14, 1, 5, 789));
  });

  it('2006.07.27: a plain "MBps" column is binary (MEGABYTE = 1048576), checked on the raw counts', () => {
    const text = ["'Test Type,Test Description", '0,', "'Version", '2006.07.27', "'Time Stamp", '2008-01-15 09:00:00:000', specs(SPEC_B, ['8192,100,70,100,0,1,0,0']), block(HEADER_2006, SPEC_B, 8, B_ALL, B_W, B_W, '2008-01-15 09:01:01:000'), "'End Test"].join('\n');
    const { runs, warnings } = parse(text);
    close(runs[0]!.metrics['total.bw_mib_s'], 93.75);
    assert.equal(runs[0]!.params['iodepth'], 8);
    assert.ok(!warnings.some((w) => /converted/.test(w.message)));
    assert.equal(runs[0]!.tables['latency_histogram'], undefined);
    // A writer that filled "MBps" with decimal megabytes is caught by the same check.
    const decimal = text.replace(/(ALL,All,[^,]*,(?:[^,]*,){6})([\d.]+)/, (_, pre: string) => `${pre}${(12000 * 8192 / 1e6).toFixed(6)}`);
    const d = parse(decimal).runs[0]!;
    close(d.metrics['total.bw_mib_s'], 93.75, 1e-6);
    assert.match(d.warnings.join(' '), /matches bytes \/ 10\^6/);
  });

  it('only decimal columns: MB/s converted to MiB/s', () => {
    const header = HEADER_1_1.replace('MiBps (Binary),Read MiBps (Binary),Write MiBps (Binary),', '');
    const cells: Record<string, string | number> = { 'Target Type': 'ALL', 'Target Name': 'All', 'Access Specification Name': SPEC_B, 'Queue Depth': 4, ...figures(HEADER_1_1, B_ALL) };
    for (const k of ['MiBps (Binary)', 'Read MiBps (Binary)', 'Write MiBps (Binary)']) delete cells[k];
    const text = [specs(SPEC_B, ['8192,100,70,100,0,1,0,0']), "'Results", header, row(header, cells), "'End Test"].join('\n');
    const r = parse(text).runs[0]!;
    close(r.metrics['total.bw_mib_s'], 98.304 * 1e6 / 1048576, 1e-9);
    close(r.metrics['total.bw_mib_s'], 93.75, 1e-9);
  });

  it('cycling queue depths: the same spec three times, told apart by QD', () => {
    const text = [specs(SPEC_A, ['4096,100,100,100,0,1,0,0']), ...[1, 4, 16].map((qd) => block(HEADER_1_1, SPEC_A, qd, A_ALL, A_W1, A_W2, '2023-05-10 14:01:02:456')), "'End Test"].join('\n');
    assert.deepEqual(parse(text).runs.map((r) => r.name), [`${SPEC_A}, QD 1`, `${SPEC_A}, QD 4`, `${SPEC_A}, QD 16`]);
  });

  it('mixed access specification lines are weighted by their share', () => {
    const text = [specs('OLTP mix', ['8192,60,100,100,0,1,0,0', '8192,40,0,0,0,1,0,0']), block(HEADER_1_1, 'OLTP mix', 16, B_ALL, B_W, B_W, '2023-05-10 14:01:02:456'), "'End Test"].join('\n');
    const r = parse(text).runs[0]!;
    assert.deepEqual([r.params['bs'], r.params['read_pct'], r.params['random_pct'], r.params['pattern']], [8192, 60, 60, 'mixed']);
  });
});

describe('IOmeter bad input', () => {
  it('an aborted test is imported flagged', () => {
    const text = RESULTS_1_1.replace("'End Test", 'Aborted test');
    const { runs } = parse(text);
    assert.equal(runs[0]!.errors.length, 0);
    assert.match(runs[1]!.errors[0]!, /Aborted test/);
  });

  it('cut off inside a results block: the complete runs, and warnings', () => {
    const cut = RESULTS_1_1.slice(0, RESULTS_1_1.indexOf(`ALL,All,${SPEC_B}`));
    const { runs, warnings, errors } = parse(cut);
    assert.deepEqual(errors, []);
    assert.equal(runs.length, 1);
    assert.ok(warnings.some((w) => /no ALL row/.test(w.message)));
    assert.ok(warnings.some((w) => /no 'End Test line/.test(w.message)));
  });

  it('workers on different specifications: no workload params for the whole, said so', () => {
    // Worker 1 ran spec A and worker 2 spec B: both are saved, and the ALL row names neither.
    const both = ["'Access specifications", "'Access specification name,default assignment", `${SPEC_A},NONE`, "'size,% of size,% reads,% random,delay,burst,align,reply", '4096,100,100,100,0,1,0,0,',
      "'Access specification name,default assignment", `${SPEC_B},NONE`, "'size,% of size,% reads,% random,delay,burst,align,reply", '8192,100,70,100,0,1,0,0,', "'End access specifications"].join('\n');
    const text = RESULTS_1_1.replace(specs(SPEC_A, ['4096,100,100,100,0,1,4096,0,']), both).replace(`ALL,All,${SPEC_A},`, 'ALL,All,,');
    const a = parse(text).runs[0]!;
    assert.equal(a.params['bs'], undefined);
    assert.match(a.warnings.join(' '), /different access specifications/);
  });

  it('empty, header-only and instantaneous files are errors', () => {
    assert.match(parse('').errors[0]!.message, /no IOmeter results/);
    assert.match(parse("'Test Type,Test Description\n0,x\n'Version\n1.1.0\n").errors[0]!.message, /no IOmeter results/);
    assert.match(parse(`'Results\nTimeStamp,${HEADER_1_1}\n`).errors[0]!.message, /instantaneous/);
    assert.equal(iometerImporter.detect(RESULTS_1_1), true);
    assert.equal(iometerImporter.detect('Target,Name\n1,2\n'), false);
  });
});
