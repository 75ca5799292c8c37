/**
 * ls*stats outputs keyed by their own id column (issue 24 item 2): lsenclosurestats as REST JSON
 * and as CLI text (test-files/, written for these tests in the layout check_mk's SVC agent
 * reads: `enclosure_id:stat_name:stat_current:stat_peak:stat_peak_time`), and a stat listed twice.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { corpusFile, readBytes, REPO_ROOT, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import type { ParseResult } from '../types.js';
import { svcLsstatsImporter } from './lsstats.js';

const DIR = path.join(REPO_ROOT, 'importers/svc/test-files');
const parseFile = (name: string): ParseResult => svcLsstatsImporter.parse({ bytes: readBytes(path.join(DIR, name)), name });
const parseText = (text: string): ParseResult => svcLsstatsImporter.parse({ bytes: new TextEncoder().encode(text), name: 'cli.txt' });

describe('ls*stats keyed by their own id column', () => {
  for (const file of ['lsenclosurestats-two-enclosures.json', 'lsenclosurestats-delim.txt']) {
    it(`${file}: lsenclosurestats, each enclosure its own object`, () => {
      assert.equal(svcLsstatsImporter.detect(fs.readFileSync(path.join(DIR, file), 'utf8')), true);
      const { runs, errors } = parseFile(file);
      assert.deepEqual(errors, []);
      const r = runs[0]!;
      assert.equal(r.name, 'lsenclosurestats 1, 2');
      assert.deepEqual(r.tables['svc_command'], [{ command: 'lsenclosurestats', key_column: 'enclosure_id', objects: ['1', '2'] }]);
      assert.deepEqual(r.metrics, {
        'enclosure.1.svc.power_w': 207, 'enclosure.1.svc.power_w_peak': 218, 'enclosure.1.svc.temp_c': 22, 'enclosure.1.svc.temp_c_peak': 22,
        'enclosure.1.svc.temp_f': 71, 'enclosure.1.svc.temp_f_peak': 71,
        'enclosure.2.svc.power_w': 126, 'enclosure.2.svc.power_w_peak': 128, 'enclosure.2.svc.temp_c': 21, 'enclosure.2.svc.temp_c_peak': 23,
        'enclosure.2.svc.temp_f': 69, 'enclosure.2.svc.temp_f_peak': 73,
      });
      assert.doesNotMatch(r.warnings.join(' '), /listed twice/);
      assert.equal(r.endMs, Date.UTC(2024, 3, 2, 10, 17, 46));
    });
  }

  it('two captures pasted into one file: the same stat of the same enclosure with other values refuses the file, naming both lines', () => {
    const { runs, errors } = parseFile('lsenclosurestats-two-captures.txt');
    assert.equal(runs.length, 0);
    assert.equal(errors.length, 3);
    assert.equal(errors[0]!.line, 10);
    assert.match(errors[0]!.message, /power_w of enclosure 1 is listed twice with different values \(line 2: 207 \/ peak 218; line 10: 231 \/ peak 240\)/);
  });

  it('the same capture twice: equal listings are kept once, and said so', () => {
    const text = fs.readFileSync(path.join(DIR, 'lsenclosurestats-delim.txt'), 'utf8');
    const { runs, errors } = parseText(text + text);
    assert.deepEqual(errors, []);
    assert.equal(runs[0]!.metrics['enclosure.2.svc.power_w'], 126);
    assert.match(runs[0]!.warnings.join(' '), /6 stat\(s\) listed twice for the same object with the same values: kept once/);
  });

  it('a space-aligned drive-keyed output and lssystemstats in one capture: each named, neither folded into the other', () => {
    const { runs, errors } = parseText([
      'stat_name stat_current stat_peak stat_peak_time',
      'power_w   427          430       240402101001',
      'drive_id stat_name stat_current stat_peak stat_peak_time',
      '0        temp_c    33           35        240402101001',
      '1        temp_c    36           36        240402101001',
    ].join('\n'));
    assert.deepEqual(errors, []);
    assert.equal(runs[0]!.name, 'lssystemstats; lsdrivestats 0, 1');
    assert.deepEqual([runs[0]!.metrics['svc.power_w'], runs[0]!.metrics['drive.0.svc.temp_c'], runs[0]!.metrics['drive.1.svc.temp_c']], [427, 33, 36]);
  });

  it('what is not read is named: the prompt before the header, JSON fields of no known column, entries without a stat', () => {
    const cli = parseFile('lsenclosurestats-delim.txt').runs[0]!;
    assert.match(cli.warnings.join(' '), /1 line\(s\) before the first header \(a prompt or the command\?\) not read \(first: line 1\)/);
    const rows = JSON.parse(fs.readFileSync(path.join(DIR, 'lsenclosurestats-two-enclosures.json'), 'utf8')) as Array<Record<string, string>>;
    const json = parseText(JSON.stringify([...rows.map((r, i) => (i === 0 ? { ...r, stat_unit: 'W' } : r)), { note: 'x' }])).runs[0]!;
    assert.match(json.warnings.join(' '), /fields this importer does not read: stat_unit/);
    assert.match(json.warnings.join(' '), /1 array entry without a stat_name left out/);
    assert.equal(json.metrics['enclosure.1.svc.power_w'], 207);
  });

  it('REST JSON node stats keep their node key; a node block pasted twice is kept once', (t) => {
    const p = corpusFile('svc/svci__v8.4_lsnodestats_rest.json');
    if (!p) return t.skip(SKIP_NO_CORPUS);
    const rows = JSON.parse(fs.readFileSync(p, 'utf8')) as Array<Record<string, string>>;
    const twice = [...rows, ...rows.filter((r) => r['node_name'] === 'node1')];
    const { runs, errors } = parseText(JSON.stringify(twice));
    assert.deepEqual(errors, []);
    assert.equal(runs[0]!.name, 'lsnodestats node1, node2');
    assert.equal(runs[0]!.metrics['node.node1.write.iops'], 4);
    assert.match(runs[0]!.warnings.join(' '), /46 stat\(s\) listed twice .* kept once/);
    // The same block with one value changed is a conflict, named by array entry.
    const changed = twice.map((r, i) => (i === twice.length - 1 ? { ...r, stat_current: '999' } : r));
    const c = parseText(JSON.stringify(changed));
    assert.equal(c.runs.length, 0);
    assert.match(c.errors[0]!.message, new RegExp(`of node node1 is listed twice with different values \\(array entry \\d+: .*; array entry ${twice.length}: 999`));
  });
});
