/**
 * The workbook tells it in the report's order (issue 33): the design and findings first, primary
 * ones before the rest, then a sweep's peaks, then the figures the peaks make secondary; and the
 * runs' values without the noise of binary arithmetic, yet every exact value kept as stored.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import * as XLSX from '@e965/xlsx';
import type { RunRecord } from '../../contract/records.js';
import { Core } from '../core.js';
import { tempDir } from '../test-support/temp.js';
import { importSysbenchServers, SERVERS } from '../test-support/stranger-studies.js';
import { cleanNumber, studyWorkbook } from './xlsx-export.js';

describe('the XLSX headline and runs', () => {
  it('design and findings first, primary before secondary, then the peaks, then the secondary figures', () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    try {
      importSysbenchServers(core, path.join(tempDir(), 'sb'), 'db', SERVERS.slice(0, 3), [1, 8, 32, 128]);
      core.updateSettings('db', { path_params: [{ pattern: 'ro\\.(short|long)\\.', param: 'ranges' }] });
      const report = core.createReport('db');
      assert.equal(report.name, 'Sweep');
      const rows = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(core.exportXlsx('db', report.id), { type: 'buffer' }).Sheets['Headline']!, { header: 1 });
      const at = (test: (r: unknown[]) => boolean): number => rows.findIndex(test);
      const study = at((r) => r[0] === 'The study');
      const findingsHead = at((r) => r[0] === 'Finding');
      const peaks = at((r) => String(r[0] ?? '').startsWith('Peaks over threads'));
      const figures = at((r) => r[0] === 'Figure');
      assert.ok(study > 0 && study < findingsHead && findingsHead < peaks && peaks < figures, `order: ${[study, findingsHead, peaks, figures].join(' < ')}`);
      const flags = rows.slice(findingsHead + 1, peaks).filter((r) => r.length > 1).map((r) => r[1]);
      assert.ok(flags.length > 2 && flags.indexOf('no') > 0 && !flags.slice(flags.indexOf('no')).includes('yes'), 'primary findings first');
    } finally {
      core.close();
    }
  });

  it('float noise is gone from the numbers; exact binary fractions stay as stored', () => {
    assert.equal(cleanNumber(37840.270000000004), 37840.27);
    assert.equal(cleanNumber(0.1 + 0.2), 0.3);
    assert.equal(cleanNumber(1.2999999999999998), 1.3);
    assert.equal(cleanNumber(3.0988311767578125), 3.0988311767578125, 'KiB ÷ 1,024: every digit is the measurement');
    assert.equal(cleanNumber(1 / 3), 1 / 3);
    const run: RunRecord = {
      id: 1, study: 's', config: 'a', tool: 'fio', tool_version: null, format: 'fio', name: 'r', host: null, start: null, end: null, source: { file: 'r.json', sha256: '' },
      params: {}, metrics: { 'total.bw_mib_s': 37840.270000000004, 'total.iops': 3.0988311767578125 }, tables: {}, warnings: [], errors: [],
    };
    const [row] = XLSX.utils.sheet_to_json<Record<string, unknown>>(XLSX.read(studyWorkbook([run], null), { type: 'buffer' }).Sheets['Runs']!);
    assert.equal(row!['total.bw_mib_s [MiB/s]'], 37840.27);
    assert.equal(row!['total.iops [IOPS]'], 3.0988311767578125);
  });
});
