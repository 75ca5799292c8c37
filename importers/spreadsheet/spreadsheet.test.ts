/**
 * Tables of every shape a performance engineer pastes or saves: hand-made fixtures, built here.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as XLSX from '@e965/xlsx';
import { detectFormat } from '../registry.js';
import { decodeTable } from './decode.js';
import { GBK_LINES, gbkCsv, mergedWorkbook, S1_TSV, s1Markdown, UNITS_ROW_CSV } from '../test-support/spreadsheet-fixtures.js';
import { parseTable, proposeMapping, type ColumnMapping } from './index.js';
import { parseNumber, parseSize, workloadParams } from './values.js';
import { allMetrics } from '../../app/core/metrics/dictionary.js';
import { canonicalUnitOf } from './mapping.js';
import { dimensionOfCanonical } from './units.js';

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
const close = (a: number | undefined, b: number, msg?: string): void => assert.ok(a !== undefined && Math.abs(a - b) < 1e-9 * Math.max(1, Math.abs(b)), `${msg ?? ''}: ${a} vs ${b}`);

describe('spreadsheet importer: reading tables', () => {
  it('S1 pasted from a spreadsheet (TSV, two tables under their titles) gives 36 runs with the published figures', () => {
    const { result, table, mapping } = parseTable(utf8(S1_TSV));
    assert.deepEqual(result.errors, []);
    assert.equal(table!.kind, 'tsv');
    assert.equal(result.runs.length, 36);
    assert.deepEqual(table!.blocks.map((b) => b.rows), [3, 3]);
    assert.deepEqual(mapping!.columns.map((c) => c.role), ['parameter', 'metrics', 'metrics', 'metrics', 'metrics', 'metrics', 'metrics']);
    // S1 says "MB/s here is IOPS x block size / 2^20": the figures prove it, and the proposal says so.
    const rr = mapping!.columns[1]!;
    assert.ok(rr.role === 'metrics');
    assert.deepEqual(rr.parts, [{ name: 'total.iops', unit: 'IOPS' }, { name: 'total.bw_mib_s', unit: 'MiB/s' }, { name: 'total.lat_avg_ms', unit: 'ms' }]);
    assert.match(result.warnings.map((w) => w.message).join('\n'), /IOPS × block size \/ 2\^20, so they are read as MiB\/s/);
    const run = result.runs.find((r) => r.config === 'Config D' && r.params['bs'] === 4096 && r.name.endsWith('RR'))!;
    assert.deepEqual(run.params, { bs: 4096, pattern: 'random', read_pct: 100 });
    assert.deepEqual(run.metrics, { 'total.iops': 17103.73, 'total.bw_mib_s': 66.81, 'total.lat_avg_ms': 14.966 });
    const sm = result.runs.find((r) => r.config === 'Config B' && r.params['bs'] === 32768 && r.name.endsWith('SM'))!;
    assert.deepEqual(sm.params, { bs: 32768, pattern: 'sequential', read_pct: 70 });
    assert.deepEqual(sm.metrics, { 'total.iops': 61450.22, 'total.bw_mib_s': 1920.32, 'total.lat_avg_ms': 1.56 });
    // The configurations the titles name can be relabelled in the mapping.
    const relabelled = parseTable(utf8(S1_TSV), { mapping: { ...mapping!, configurations: { [table!.blocks[0]!.title!]: 'V7000 thick' } } });
    assert.deepEqual([...new Set(relabelled.result.runs.map((r) => r.config))], ['V7000 thick', 'Config B']);
  });

  it('S1 copied from STUDIES.md (markdown pipes) reads the same as the TSV', (t) => {
    const md = s1Markdown();
    if (!md) return t.skip('../shared/STUDIES.md not found');
    const a = parseTable(utf8(md));
    const b = parseTable(utf8(S1_TSV));
    assert.equal(a.table!.kind, 'markdown');
    assert.deepEqual(a.result.errors, []);
    assert.equal(a.table!.signature, b.table!.signature, 'the same header, the same remembered mapping');
    assert.deepEqual(a.result.runs.map((r) => [r.config, r.params, r.metrics]), b.result.runs.map((r) => [r.config, r.params, r.metrics]));
  });

  it('an XLSX with merged header cells and a units row: groups spread, units converted (µs -> ms), totals skipped', () => {
    const bytes = mergedWorkbook();
    assert.equal(detectFormat(bytes).format, 'spreadsheet');
    const { result, table, mapping } = parseTable(bytes);
    assert.deepEqual(result.errors, []);
    assert.equal(table!.kind, 'xlsx');
    assert.equal(table!.sheet, 'Results');
    assert.deepEqual(table!.headerLines, [2, 3, 4]);
    assert.equal(table!.unitsLine, 4);
    assert.deepEqual(table!.columns.map((c) => c.header), [
      'Array', 'bs', '4K random read / IOPS', '4K random read / Bandwidth', '4K random read / Latency',
      '8K sequential write / IOPS', '8K sequential write / Bandwidth', '8K sequential write / Latency',
    ]);
    assert.deepEqual(table!.columns.map((c) => c.unit?.unit ?? null), [null, null, 'IOPS', 'MiB/s', 'µs', 'IOPS', 'MiB/s', 'µs']);
    assert.deepEqual(mapping!.columns.map((c) => (c.role === 'metric' ? `${c.name} ${c.unit}` : c.role)), [
      'configuration', 'parameter', 'total.iops IOPS', 'total.bw_mib_s MiB/s', 'total.lat_avg_ms µs',
      'total.iops IOPS', 'total.bw_mib_s MiB/s', 'total.lat_avg_ms µs',
    ]);
    assert.equal(table!.skipped.totals, 1, 'the Average row');
    assert.equal(result.runs.length, 4, 'two arrays x two workload groups');
    const fsSeq = result.runs.find((r) => r.config === 'FS840' && r.params['pattern'] === 'sequential')!;
    assert.deepEqual(fsSeq.params, { bs: 4096, pattern: 'sequential', read_pct: 0 }, 'the row says 4K; the group says sequential write');
    close(fsSeq.metrics['total.lat_avg_ms'], 0.98, 'µs to ms');
    const v7000 = result.runs.find((r) => r.config === 'V7000' && r.params['pattern'] === 'sequential')!;
    assert.equal(v7000.metrics['total.iops'], 9441.15, 'thousands separator in a text cell');
  });

  it('legacy XLS (BIFF8) is read by SheetJS too', () => {
    const wb = XLSX.read(mergedWorkbook(), { type: 'array' });
    const bytes = new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer);
    assert.equal(detectFormat(bytes).format, 'spreadsheet');
    const { result } = parseTable(bytes);
    assert.deepEqual(result.errors, []);
    assert.equal(result.runs.length, 4);
  });

  it('a GBK-encoded CSV (Chinese Excel) decodes and maps its Chinese headers', () => {
    const bytes = gbkCsv(GBK_LINES);
    assert.equal(new TextDecoder('gbk').decode(bytes.subarray(0, 4)), '配置', 'the hard-coded bytes are GBK');
    assert.equal(decodeTable(bytes).encoding, 'gb18030');
    assert.equal(detectFormat(bytes).format, 'spreadsheet');
    const { result, table, mapping } = parseTable(bytes);
    assert.deepEqual(result.errors, []);
    assert.deepEqual(table!.columns.map((c) => c.header), ['配置', '块大小', '读写比', 'IOPS', '带宽(MB/s)', '时延(ms)']);
    assert.deepEqual(mapping!.columns.map((c) => (c.role === 'parameter' ? c.name : c.role === 'metric' ? `${c.name} ${c.unit}` : c.role)), [
      'configuration', 'bs', 'read_pct', 'total.iops IOPS', 'total.bw_mib_s MB/s', 'total.lat_avg_ms ms',
    ]);
    const [v7000, fs840] = result.runs;
    assert.equal(v7000!.config, 'V7000');
    assert.deepEqual(v7000!.params, { bs: 4096, read_pct: 70 });
    assert.equal(v7000!.metrics['total.iops'], 4214.27);
    close(v7000!.metrics['total.bw_mib_s'], 17.26 * 1e6 / 1048576, 'decimal MB/s converted to MiB/s');
    assert.equal(fs840!.config, 'FS840');
  });

  it('a CSV with a units row; a semicolon CSV with decimal commas; UTF-16 and cp1252', () => {
    const a = parseTable(utf8(UNITS_ROW_CSV));
    assert.deepEqual(a.result.errors, []);
    assert.equal(a.table!.unitsLine, 2);
    assert.deepEqual(a.table!.columns.map((c) => c.unit?.unit ?? null), [null, null, null, 'IOPS', 'KiB/s', 'µs']);
    assert.equal(a.result.runs.length, 2);
    assert.deepEqual(a.result.runs[0]!.params, { bs: 4096, pattern: 'random', read_pct: 100, iodepth: 32 });
    assert.equal(a.result.runs[0]!.metrics['total.iops'], 12000);
    close(a.result.runs[0]!.metrics['total.bw_mib_s'], 48000 / 1024);
    close(a.result.runs[0]!.metrics['total.lat_avg_ms'], 2.6505);

    const semi = 'Block size;Read IOPS;Read latency (ms)\n4K;1.234,5;0,831\n8K;987,25;1,017\n';
    const b = parseTable(utf8(semi));
    assert.equal(b.table!.kind, 'semicolon');
    assert.deepEqual(b.result.runs.map((r) => [r.params['bs'], r.metrics['read.iops'], r.metrics['read.lat_avg_ms']]), [[4096, 1234.5, 0.831], [8192, 987.25, 1.017]]);

    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('bs\tIOPS\tLatency (ms)\r\n4K\t100\t1.5\r\n', 'utf16le')]);
    assert.equal(detectFormat(new Uint8Array(utf16)).format, 'spreadsheet');
    assert.equal(parseTable(new Uint8Array(utf16)).result.runs[0]!.metrics['total.lat_avg_ms'], 1.5);

    const cp1252 = new Uint8Array([...Buffer.from('bs,IOPS,Latency (', 'latin1'), 0xb5, ...Buffer.from('s)\n4K,100,1500\n', 'latin1')]);
    const c = parseTable(cp1252);
    assert.equal(decodeTable(cp1252).encoding, 'windows-1252');
    close(c.result.runs[0]!.metrics['total.lat_avg_ms'], 1.5, 'µs in cp1252');
  });

  it('a user mapping replaces the proposal: roles, names and units', () => {
    const csv = 'host,bs,ops,resp\nh1,4K,100,2\nh2,8K,50,4\n';
    const proposed = parseTable(utf8(csv)).mapping!;
    const mine: ColumnMapping = {
      version: 1,
      columns: [
        { header: 'host', role: 'configuration' },
        { header: 'bs', role: 'parameter', name: 'bs' },
        { header: 'ops', role: 'metric', name: 'write.iops', unit: 'IOPS' },
        { header: 'resp', role: 'metric', name: 'write.lat_avg_ms', unit: 's' },
      ],
    };
    assert.notDeepEqual(proposed, mine);
    const { result } = parseTable(utf8(csv), { mapping: mine });
    assert.deepEqual(result.runs.map((r) => [r.config, r.metrics]), [['h1', { 'write.iops': 100, 'write.lat_avg_ms': 2000 }], ['h2', { 'write.iops': 50, 'write.lat_avg_ms': 4000 }]]);
    const wrong = parseTable(utf8(csv), { mapping: { ...mine, columns: mine.columns.map((c, i) => (i === 3 ? { header: 'resp', role: 'metric', name: 'write.lat_avg_ms', unit: 'MB/s' } : c)) } });
    assert.match(wrong.result.errors[0]!.message, /write\.lat_avg_ms is in ms, and MB\/s cannot be converted/);
  });

  it('a uniform read-mix column (70/30 under 读写比 or "rw mix") is a parameter: one run per row, no phantom IOPS 70 / 30 ms', () => {
    const zh = parseTable(utf8('配置,块大小,模式,读写比,IOPS,延迟(ms)\nA,4K,随机混合,70/30,1000,0.5\nA,8K,顺序混合,70/30,900,0.6\n'));
    assert.deepEqual(zh.result.errors, []);
    assert.deepEqual(zh.result.runs.map((r) => [r.params, r.metrics]), [
      [{ bs: 4096, pattern: 'random', read_pct: 70 }, { 'total.iops': 1000, 'total.lat_avg_ms': 0.5 }],
      [{ bs: 8192, pattern: 'sequential', read_pct: 70 }, { 'total.iops': 900, 'total.lat_avg_ms': 0.6 }],
    ], '随机混合 and 顺序混合 keep their read percentage');
    const en = parseTable(utf8('config,bs,rw mix,IOPS,latency ms\nA,4K,70/30,1000,0.5\nA,4K,50:50,800,0.7\n'));
    assert.deepEqual(en.result.runs.map((r) => [r.params['read_pct'], r.metrics['total.iops']]), [[70, 1000], [50, 800]]);
    // A mapping remembered from before (or set by hand) that reads the mixes as figures does not
    // fit the column: a warning names it, and no run is invented from it.
    const forced: ColumnMapping = { version: 1, columns: [
      { header: 'config', role: 'configuration' }, { header: 'bs', role: 'parameter', name: 'bs' },
      { header: 'rw mix', role: 'metrics', parts: [{ name: 'total.iops', unit: 'IOPS' }, { name: 'total.lat_avg_ms', unit: 'ms' }] },
      { header: 'IOPS', role: 'metric', name: 'total.iops', unit: 'IOPS' }, { header: 'latency ms', role: 'metric', name: 'total.lat_avg_ms', unit: 'ms' },
    ] };
    const f = parseTable(utf8('config,bs,rw mix,IOPS,latency ms\nA,4K,70/30,1000,0.5\n'), { mapping: forced });
    assert.equal(f.result.runs.length, 1, 'no phantom run');
    assert.deepEqual(f.result.runs[0]!.metrics, { 'total.iops': 1000, 'total.lat_avg_ms': 0.5 });
    assert.equal(f.result.runs[0]!.params['read_pct'], 70);
    assert.match(f.result.warnings.map((w) => w.message).join('\n'), /column C \("rw mix"\) holds read\/write mixes \(70\/30\)/);
  });

  it('a wide table of single figures (a column per pattern) makes a run per column once mapped', () => {
    const csv = 'bs,RR,RW\n4K,307135.53,293871.81\n8K,280077.73,250746.46\n';
    const proposed = parseTable(utf8(csv)).mapping!;
    const mapping: ColumnMapping = { ...proposed, columns: proposed.columns.map((c, i) => (i === 0 ? c : { header: c.header, role: 'metric', name: 'total.iops', unit: 'IOPS' })) };
    const { result } = parseTable(utf8(csv), { mapping });
    assert.deepEqual(result.runs.map((r) => [r.params['bs'], r.params['pattern'], r.params['read_pct'], r.metrics['total.iops']]), [
      [4096, 'random', 100, 307135.53], [4096, 'random', 0, 293871.81], [8192, 'random', 100, 280077.73], [8192, 'random', 0, 250746.46],
    ]);
  });

  it('bad input: errors name the sheet, row and column; no runs come out', () => {
    const csv = 'bs,IOPS,Latency (ms)\n4K,100,1.5\n8K,lots,2\n';
    const { result } = parseTable(utf8(csv));
    assert.equal(result.runs.length, 0);
    assert.deepEqual(result.errors.map((e) => e.message), ['row 3, column B ("IOPS"): "lots" is not a number (total.iops)']);
    const ws = XLSX.utils.aoa_to_sheet([['bs', 'IOPS'], ['4K', 100], ['huge', 5]]);
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, ws, 'Sheet One');
    const xlsx = parseTable(new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer));
    assert.match(xlsx.result.errors[0]!.message, /^sheet "Sheet One", row 3, column A \("bs"\): "huge" is not a block size/);
    assert.match(parseTable(utf8('just some words\nand more words\n')).result.errors[0]!.message, /no table found/);
  });

  it('the metric naming rule the importer relies on agrees with the dictionary', () => {
    const mismatched = allMetrics().filter((m) => dimensionOfCanonical(canonicalUnitOf(m.name)) !== dimensionOfCanonical(m.unit)).map((m) => `${m.name} (${m.unit})`);
    assert.deepEqual(mismatched, []);
  });

  it('values as people type them', () => {
    assert.equal(parseNumber('1,234,567.8'), 1234567.8);
    assert.equal(parseNumber('1.234,5', true), 1234.5);
    assert.equal(parseNumber('0,831', true), 0.831);
    assert.equal(parseNumber('n/a'), null);
    assert.ok(Number.isNaN(parseNumber('abc')!));
    assert.equal(parseSize('4K'), 4096);
    assert.equal(parseSize('64KiB'), 65536);
    assert.equal(parseSize('1M'), 1048576);
    assert.equal(parseSize(8, 1024), 8192);
    assert.deepEqual(workloadParams('RM'), { pattern: 'random', read_pct: 70 });
    assert.deepEqual(workloadParams('4K random read'), { bs: 4096, pattern: 'random', read_pct: 100 });
    assert.deepEqual(workloadParams('8K 顺序写'), { bs: 8192, pattern: 'sequential', read_pct: 0 });
    assert.deepEqual(workloadParams('64K 随机 70/30'), { bs: 65536, pattern: 'random', read_pct: 70 });
  });

  it('proposals read Chinese and English header words', () => {
    const csv = '存储,队列深度,线程数,读IOPS,写延迟(us),吞吐(GB/s)\nA,32,8,100,200,1.5\n';
    const { mapping } = parseTable(utf8(csv));
    assert.deepEqual(mapping!.columns.map((c) => (c.role === 'parameter' ? c.name : c.role === 'metric' ? `${c.name} ${c.unit}` : c.role)), [
      'configuration', 'iodepth', 'threads', 'read.iops IOPS', 'write.lat_avg_ms µs', 'total.bw_mib_s GB/s',
    ]);
    assert.ok(proposeMapping);
  });
});
