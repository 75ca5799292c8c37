/**
 * Tables through the core: staging shows the mapping, the commit uses and remembers it, S1's
 * pre-go-live tables pasted from a spreadsheet compare as published, and bad tables write nothing.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { mergedWorkbook, S1_TSV } from '../../../importers/test-support/spreadsheet-fixtures.js';
import type { TableMapping } from '../../contract/records.js';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';

const freshCore = (): Core => new Core(path.join(tempDir(), 'perfdelta.sqlite'));

function snapshot(core: Core): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const table of ['studies', 'files', 'file_parts', 'imports', 'runs', 'series', 'column_mappings']) {
    out[table] = core.store.db.prepare(`SELECT * FROM ${table} ORDER BY 1`).all();
  }
  return out;
}

describe('table import through the core', () => {
  it('S1 pasted (Config D and B): the published figures, and FS840 thick vs V7000 thick 4K random read = 16.16x', () => {
    const core = freshCore();
    const preview = core.stageText('pasted table', S1_TSV);
    assert.equal(preview.format, 'spreadsheet');
    assert.deepEqual(preview.errors, []);
    assert.equal(preview.runs.length, 36);
    const table = preview.table!;
    assert.equal(table.rows, 6);
    assert.equal(table.remembered, false);
    assert.deepEqual(table.columns.map((c) => c.header), ['bs', 'RR', 'RW', 'RM', 'SR', 'SW', 'SM']);
    assert.deepEqual(table.columns[1]!.samples, ['17103.73 / 66.81 / 14.966', '9441.15 / 73.76 / 27.106', '7135.91 / 223.00 / 13.448']);
    // The user names the two configurations the titles stand for.
    const [d, b] = table.blocks.map((x) => x.title!);
    const mapping: TableMapping = { ...table.mapping, configurations: { [d!]: 'V7000 thick', [b!]: 'FS840 thick' } };
    const remapped = core.remap(preview.id, mapping);
    assert.equal(remapped.id, preview.id);
    const result = core.commit([preview.id], 'S1 pre-go-live', 'pasted');
    assert.deepEqual(result.files.map((f) => f.status), ['imported']);

    const runs = core.runs({ study: 'S1 pre-go-live' });
    assert.deepEqual([...new Set(runs.map((r) => r.config))].sort(), ['FS840 thick', 'V7000 thick']);
    const rr4k = (config: string) => runs.find((r) => r.config === config && r.params['bs'] === 4096 && r.params['pattern'] === 'random' && r.params['read_pct'] === 100)!;
    assert.deepEqual(rr4k('V7000 thick').metrics, { 'total.iops': 17103.73, 'total.bw_mib_s': 66.81, 'total.lat_avg_ms': 14.966 });
    assert.deepEqual(rr4k('FS840 thick').metrics, { 'total.iops': 276371.66, 'total.bw_mib_s': 1079.58, 'total.lat_avg_ms': 0.923 });

    const cmp = core.compare({ study: 'S1 pre-go-live', baseline: 'V7000 thick', candidates: ['FS840 thick'], metrics: ['total.iops'] });
    assert.equal(cmp.pairs.length, 18, 'every workload pairs');
    const pair = cmp.pairs.find((p) => p.workload_params['bs'] === 4096 && p.workload_params['pattern'] === 'random' && p.workload_params['read_pct'] === 100)!;
    assert.equal(pair.speedup_text, '16.16x');
    assert.ok(Math.abs(pair.speedup! - 276371.66 / 17103.73) < 1e-9);
    core.close();
  });

  it('a mapping is remembered for the same header: the second staging re-uses it, and the user can change it', () => {
    const core = freshCore();
    const csv = (rows: string): string => `host,bs,ops,resp\n${rows}`;
    const first = core.stageText('first.csv', csv('h1,4K,100,2\nh2,8K,50,4\n'));
    const proposed = first.table!.mapping;
    assert.equal(first.table!.remembered, false);
    const mine: TableMapping = {
      version: 1,
      columns: [
        { header: 'host', role: 'configuration' },
        { header: 'bs', role: 'parameter', name: 'bs' },
        { header: 'ops', role: 'metric', name: 'read.iops', unit: 'IOPS' },
        { header: 'resp', role: 'metric', name: 'read.lat_avg_ms', unit: 's' },
      ],
    };
    assert.notDeepEqual(proposed, mine);
    core.remap(first.id, mine);
    core.commit([first.id], 'Remember', 'unused');
    assert.deepEqual(core.runs({ study: 'Remember' }).map((r) => [r.config, r.metrics['read.lat_avg_ms']]), [['h1', 2000], ['h2', 4000]]);

    const second = core.stage('second.csv', new TextEncoder().encode(csv('h3,16K,10,0.5\n')));
    assert.equal(second.table!.remembered, true);
    assert.deepEqual(second.table!.mapping, mine);
    assert.equal(second.table!.signature, first.table!.signature);
    // Changed again: the new choice is what the next staging finds.
    const changed: TableMapping = { ...mine, columns: mine.columns.map((c, i) => (i === 3 ? { header: 'resp', role: 'metric', name: 'read.lat_avg_ms', unit: 'ms' } : c)) };
    const re = core.remap(second.id, changed);
    assert.equal(re.table!.remembered, false);
    core.commit([second.id], 'Remember', 'unused');
    assert.deepEqual(core.stageText('third', csv('h4,4K,1,1\n')).table!.mapping, changed);
    assert.equal(core.runs({ study: 'Remember', config: 'h3' })[0]!.metrics['read.lat_avg_ms'], 0.5);
    core.close();
  });

  it('a table that fails (a bad cell) writes nothing, not even its mapping, and the error names the place', () => {
    const core = freshCore();
    const before = snapshot(core);
    const dir = tempDir();
    const staged = core.stageText('pasted', 'bs,IOPS\n4K,1\n');
    const unknown = core.remap(staged.id, { version: 1, columns: [{ header: 'bs', role: 'parameter', name: 'bs' }, { header: 'IOPS', role: 'metric', name: 'total.fooness', unit: 'IOPS' }] });
    assert.deepEqual(unknown.errors, ['mapping: column 2 ("IOPS"): "total.fooness" is not a metric of the dictionary']);
    const bad = path.join(dir, 'results.csv');
    fs.writeFileSync(bad, 'bs,IOPS,Latency (ms)\n4K,100,1.5\n8K,1O0,1.7\n');
    const result = core.importPaths([bad], 'Bad table', 'x');
    assert.equal(result.files[0]!.status, 'failed');
    assert.deepEqual(result.files[0]!.errors, ['row 3, column B ("IOPS"): "1O0" is not a number (total.iops)']);
    const after = snapshot(core);
    // The study the import named may exist now (as for any failed file); nothing else does.
    for (const table of ['files', 'file_parts', 'imports', 'runs', 'series', 'column_mappings']) assert.deepEqual(after[table], before[table], table);
    core.close();
  });

  it('an XLSX with merged headers imports through the CLI path with an explicit mapping', () => {
    const core = freshCore();
    const file = path.join(tempDir(), 'merged.xlsx');
    fs.writeFileSync(file, mergedWorkbook());
    const staged = core.stage('merged.xlsx', mergedWorkbook());
    const mapping: TableMapping = { ...staged.table!.mapping, columns: staged.table!.mapping.columns.map((c, i) => (i === 0 ? { header: c.header, role: 'ignore' } : c)) };
    const result = core.importPaths([file], 'Merged', 'lab', { mapping });
    assert.equal(result.files[0]!.status, 'imported');
    const runs = core.runs({ study: 'Merged' });
    assert.equal(runs.length, 4);
    assert.deepEqual([...new Set(runs.map((r) => r.config))], ['lab'], 'no configuration column: the label given');
    core.close();
  });
});
