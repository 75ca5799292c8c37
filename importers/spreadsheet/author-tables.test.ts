/**
 * The authors' own tables (issue 34 items 5 and 6), on files in test-files/ written for these
 * tests: gnuplot-style data (FORMATS.md 6.3) with the metric named in a comment
 * (gnuplot-sysbench-tps.dat), tab-separated in two titled blocks with a missing point and CRLF
 * (gnuplot-two-blocks-tabs-crlf.dat), and with no metric named (gnuplot-no-metric.dat); summary
 * CSVs with a column per parameter: block sizes as bare KiB (author-summary-bare-bs.csv), a drive
 * column and a run number (author-summary-drives.csv), and a column of kernel labels that tells
 * rows of one workload apart (summary-kernels.csv).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { tableMappingSchema } from '../../app/core/rpc/schemas.js';
import { detectFormat } from '../registry.js';
import { REPO_ROOT } from '../test-support/corpus.js';
import type { ParsedRun } from '../types.js';
import type { ColumnMapping } from './mapping.js';
import { parseTable, type TableParse } from './spreadsheet.js';

const DIR = path.join(REPO_ROOT, 'importers/spreadsheet/test-files');
const bytes = (name: string): Uint8Array => new Uint8Array(fs.readFileSync(path.join(DIR, name)));
const parse = (name: string, mapping?: ColumnMapping): TableParse => parseTable(bytes(name), { mapping: mapping ?? null });
const configs = (runs: readonly ParsedRun[]): string[] => [...new Set(runs.map((r) => r.config ?? '(import label)'))];
const messages = (p: TableParse): string[] => p.result.warnings.map((w) => w.message);

describe('gnuplot-style data tables: a configuration per column', () => {
  it('detected as a table, read under its naming comment; the metric and its unit from the comment lines', () => {
    assert.equal(detectFormat(bytes('gnuplot-sysbench-tps.dat')).format, 'spreadsheet');
    const p = parse('gnuplot-sysbench-tps.dat');
    assert.deepEqual(p.result.errors, []);
    assert.equal(p.table!.kind, 'gnuplot');
    assert.deepEqual(p.table!.columns.map((c) => c.header), ['threads', '10.1.36', '10.2.18', '10.3.9']);
    assert.deepEqual(p.mapping!.columns, [
      { header: 'threads', role: 'parameter', name: 'threads' },
      ...['10.1.36', '10.2.18', '10.3.9'].map((v) => ({ header: v, role: 'metric', name: 'tps', unit: 'TPS', configuration: v })),
    ]);
    const runs = p.result.runs;
    assert.equal(runs.length, 7 * 3);
    assert.deepEqual(configs(runs), ['10.1.36', '10.2.18', '10.3.9']);
    const at = (config: string, threads: number): number | undefined => runs.find((r) => r.config === config && r.params['threads'] === threads)?.metrics['tps'];
    assert.deepEqual([at('10.1.36', 1), at('10.2.18', 16), at('10.3.9', 64)], [1021.5, 11240.3, 16110.4]);
    assert.equal(runs[0]!.configFrom, 'columns B ("10.1.36"), C ("10.2.18"), D ("10.3.9"), a configuration each');
    assert.deepEqual(runs.map((r) => Object.keys(r.params)), runs.map(() => ['threads']), 'the configurations\' runs pair by threads alone');
  });

  it('tab-separated, two titled blocks, CRLF: names with spaces, the blocks\' titles as workloads, a missing point left out', () => {
    const p = parse('gnuplot-two-blocks-tabs-crlf.dat');
    assert.deepEqual(p.result.errors, []);
    assert.deepEqual(p.table!.columns.map((c) => c.header), ['clients', 'PostgreSQL 14', 'PostgreSQL 15', 'PostgreSQL 16']);
    const runs = p.result.runs;
    assert.equal(runs.length, 2 * 3 * 3 - 1, '"?" at 32 clients read-only for PostgreSQL 16 is no figure');
    assert.deepEqual(configs(runs), ['PostgreSQL 14', 'PostgreSQL 15', 'PostgreSQL 16']);
    assert.deepEqual([...new Set(runs.map((r) => r.params['workload']))], ['read-only', 'read-write']);
    const rw = runs.find((r) => r.config === 'PostgreSQL 16' && r.params['workload'] === 'read-write' && r.params['clients'] === 32)!;
    assert.deepEqual(rw.metrics, { 'total.lat_p95_ms': 8.4 });
    assert.equal(runs.some((r) => r.config === 'PostgreSQL 16' && r.params['clients'] === 32 && r.params['workload'] === 'read-only'), false);
  });

  it('the same table with blanks instead of tabs, LF, no title rows: the same figures', () => {
    const text = Buffer.from(bytes('gnuplot-sysbench-tps.dat')).toString('utf8');
    const tabs = text.replace(/ {2,}/g, '\t').replace(/\n/g, '\r\n');
    const a = parse('gnuplot-sysbench-tps.dat').result.runs;
    const b = parseTable(new TextEncoder().encode(tabs)).result.runs;
    assert.deepEqual(b.map((r) => [r.config, r.params, r.metrics]), a.map((r) => [r.config, r.params, r.metrics]));
  });

  it('no metric named: refused, naming the columns of figures and what to do; with a mapping, read', () => {
    const p = parse('gnuplot-no-metric.dat');
    assert.match(p.result.errors[0]!.message, /^mapping: no column is mapped to a metric: columns 2 \("ext4"\), 3 \("xfs"\), 4 \("btrfs"\) hold figures but nothing names their metric; map each to one \(a wide table: the same metric and a "configuration" each\)$/);
    const raw = { version: 1, columns: [{ header: 'qd', role: 'parameter', name: 'iodepth' }, ...['ext4', 'xfs', 'btrfs'].map((h) => ({ header: h, role: 'metric', name: 'total.iops', unit: 'IOPS', configuration: h }))] };
    const checked = tableMappingSchema.safeParse(raw);
    assert.ok(checked.success, 'the mapping file --mapping reads accepts "configuration"');
    const r = parse('gnuplot-no-metric.dat', checked.data as ColumnMapping);
    assert.deepEqual(r.result.errors, []);
    assert.deepEqual(configs(r.result.runs), ['ext4', 'xfs', 'btrfs']);
    assert.equal(r.result.runs.find((x) => x.config === 'btrfs' && x.params['iodepth'] === 16)!.metrics['total.iops'], 84000);
  });

  it('whitespace numbers without a comment line are not claimed; a comment line alone over text is not a table', () => {
    assert.notEqual(detectFormat(new TextEncoder().encode('1 2 3\n4 5 6\n7 8 9\n')).format, 'spreadsheet');
    assert.equal(detectFormat(new TextEncoder().encode('# notes\nthe run went well\nsee the graphs\n')).format, null);
  });
});

describe('summary CSVs with a column per parameter', () => {
  it('block sizes as bare KiB, test names, IOPS and MiB/s: every column read, and the import says so', () => {
    const p = parse('author-summary-bare-bs.csv');
    assert.deepEqual(p.result.errors, []);
    assert.deepEqual(p.mapping!.columns.map((c) => [c.header, c.role, 'name' in c ? c.name : null, 'unit' in c ? c.unit : null]), [
      ['Test', 'parameter', 'workload', null], ['BS', 'parameter', 'bs', 'KiB'], ['IOPS', 'metric', 'total.iops', 'IOPS'], ['MiB/s', 'metric', 'total.bw_mib_s', 'MiB/s'],
    ]);
    const [read, why] = messages(p);
    assert.equal(read, 'columns read: A "Test" as parameter workload, B "BS" as parameter bs (KiB), C "IOPS" as total.iops (IOPS), D "MiB/s" as total.bw_mib_s (MiB/s); every column read');
    assert.match(why!, /^column B \("BS"\): block sizes written as bare numbers, 4 among them, cannot be bytes .*: read as KiB/);
    const runs = p.result.runs;
    assert.equal(runs.length, 14);
    assert.deepEqual(runs.map((r) => r.params['bs']).slice(0, 4), [1024 * 1024, 1024 * 1024, 4096, 4096]);
    assert.deepEqual(runs[2]!.metrics, { 'total.iops': 230914, 'total.bw_mib_s': 902.01 });
    assert.deepEqual(configs(runs), ['(import label)'], 'no column names a configuration: the label given at import');
  });

  it('a drive column names the configurations; the run number is left unmapped, and said to be', () => {
    const p = parse('author-summary-drives.csv');
    assert.deepEqual(p.result.errors, []);
    assert.equal(messages(p)[0], 'columns read: B "drive" as the configuration, C "test_name" as parameter workload, D "block_size_kib" as parameter bs (KiB), E "iops" as total.iops (IOPS), F "bw_mib_s" as total.bw_mib_s (MiB/s); left unmapped: A "run"');
    const runs = p.result.runs;
    assert.equal(runs.length, 28);
    assert.deepEqual(configs(runs), ['sn850x', '990pro']);
    assert.equal(runs[0]!.configFrom, 'column B ("drive")');
    const key = (r: ParsedRun): string => JSON.stringify(r.params);
    assert.deepEqual(runs.filter((r) => r.config === 'sn850x').map(key), runs.filter((r) => r.config === '990pro').map(key), 'the same 14 workloads on each drive: they pair');
  });

  it('a column of labels that varies where nothing else does is the configuration; one that names workloads never is', () => {
    const p = parse('summary-kernels.csv');
    assert.equal(p.mapping!.columns[0]!.role, 'configuration');
    assert.deepEqual(configs(p.result.runs), ['v5.15', 'v6.1', 'v6.6']);
    // The same table with test names instead: a workload, not a configuration.
    const tests = Buffer.from(bytes('summary-kernels.csv')).toString('utf8').replace(/^label/, 'case').replace(/v5\.15/g, 'rand-read').replace(/v6\.1/g, 'rand-write').replace(/v6\.6/g, 'seq-read');
    const q = parseTable(new TextEncoder().encode(tests));
    assert.deepEqual(q.mapping!.columns[0], { header: 'case', role: 'parameter', name: 'workload' });
    // A label column that does not vary is no configuration (one value names nothing apart).
    const one = Buffer.from(bytes('summary-kernels.csv')).toString('utf8').replace(/v6\.[16]/g, 'v5.15');
    assert.notEqual(parseTable(new TextEncoder().encode(one)).mapping!.columns[0]!.role, 'configuration');
  });

  it('"unit": "KiB" on a parameter column is accepted by the mapping file and read; a unit that is no size, or on another parameter, is refused', () => {
    const proposal = parse('author-summary-drives.csv').mapping!;
    const asBytes: ColumnMapping = { ...proposal, columns: proposal.columns.map((c) => (c.role === 'parameter' && c.name === 'bs' ? { header: c.header, role: 'parameter', name: 'bs' } : c)) };
    assert.equal(parse('author-summary-drives.csv', asBytes).result.runs[2]!.params['bs'], 4, 'without a unit, bare numbers are bytes');
    const kib = tableMappingSchema.safeParse({ ...proposal, columns: proposal.columns.map((c) => (c.role === 'parameter' && c.name === 'bs' ? { ...c, unit: 'KiB' } : c)) });
    assert.ok(kib.success, JSON.stringify(kib.error?.issues));
    assert.equal(parse('author-summary-drives.csv', kib.data as ColumnMapping).result.runs[2]!.params['bs'], 4096);
    const mib = parse('author-summary-drives.csv', { ...proposal, columns: proposal.columns.map((c) => (c.role === 'parameter' && c.name === 'bs' ? { ...c, unit: 'MiB' } : c)) });
    assert.equal(mib.result.runs[2]!.params['bs'], 4 * 1048576);
    const wrong = parse('author-summary-drives.csv', { ...proposal, columns: proposal.columns.map((c) => (c.role === 'parameter' && c.name === 'bs' ? { ...c, unit: 'ms' } : c)) });
    assert.match(wrong.result.errors[0]!.message, /column 4 \("block_size_kib"\): a unit is for a block size column's bare numbers \(bs in B, KiB, MiB\), not "ms" for bs/);
    const other = parse('author-summary-drives.csv', { ...proposal, columns: proposal.columns.map((c) => (c.role === 'parameter' && c.name === 'workload' ? { ...c, unit: 'KiB' } : c)) });
    assert.match(other.result.errors[0]!.message, /not "KiB" for workload/);
  });
});
