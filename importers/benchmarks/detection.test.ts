/**
 * Detection over the whole shared corpus: each benchmark corpus file is claimed by exactly one of
 * these importers, the right one, and no file of any other tool is claimed by any of them.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { DETECT_HEAD_BYTES } from '../registry.js';
import { CORPUS_DIR, corpusFiles, readBytes, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import { decodeText } from '../text.js';
import { benchmarkImporters } from './index.js';

const EXPECTED: Record<string, string> = {
  'other/pkb__sysbench-1.0.12_oltp_output.txt': 'sysbench',
  'other/icclab__cosbench_workstage_timeseries.csv': 'cosbench',
  'other/pkb__diskspd-2.0.21a_result.xml': 'diskspd',
};

const head = (p: string): string => decodeText(readBytes(p), DETECT_HEAD_BYTES).text;

describe('benchmark importers: detection over the whole corpus', () => {
  it('each benchmark file is detected by its importer and only by it; every other file by none', (t) => {
    if (!fs.existsSync(CORPUS_DIR)) return t.skip(SKIP_NO_CORPUS);
    const dirs = fs.readdirSync(CORPUS_DIR).filter((d) => fs.statSync(path.join(CORPUS_DIR, d)).isDirectory());
    const files = dirs.flatMap((d) => corpusFiles(d).map((f) => `${d}/${path.basename(f)}`));
    assert.ok(files.length >= 50, `the corpus has ${files.length} files`);
    for (const rel of Object.keys(EXPECTED)) assert.ok(files.includes(rel), `${rel} is in the corpus`);
    for (const rel of files) {
      const hits = benchmarkImporters.filter((i) => i.detect(head(path.join(CORPUS_DIR, rel)))).map((i) => i.id);
      assert.deepEqual(hits, EXPECTED[rel] ? [EXPECTED[rel]] : [], rel);
    }
  });

  it('the ids are unique and stable', () => {
    assert.deepEqual(benchmarkImporters.map((i) => i.id), ['sysbench', 'iometer', 'cockroach-workload', 'cosbench', 'diskspd']);
  });

  it('hand-made heads of the formats without corpus files reach only their importer', () => {
    const cases: Array<[string, string]> = [
      ["'Test Type,Test Description\n0,\n'Version\n1.1.0\n'Time Stamp\n2023-05-10 14:00:00:123\n", 'iometer'],
      ["'Results\n'Target Type,Target Name,Access Specification Name,# Managers,# Workers,# Disks,IOps\n", 'iometer'],
      ['_elapsed___errors__ops/sec(inst)___ops/sec(cum)__p50(ms)__p95(ms)__p99(ms)_pMax(ms)\n    1.0s        0          569.9          577.7      2.9     15.2     35.7     54.5 transfer\n', 'cockroach-workload'],
      ['Stage,Op-Name,Op-Type,Op-Count,Byte-Count,Avg-ResTime,Avg-ProcTime,60%-ResTime\n', 'cosbench'],
      ['sysbench 0.4.12:  multi-threaded system evaluation benchmark\n\nRunning the test with following options:\nNumber of threads: 8\n', 'sysbench'],
      ['<?xml version="1.0"?>\n<Results>\n<System>\n<ComputerName>x</ComputerName>\n<Tool><Version>2.2</Version></Tool>\n<ProcessorTopology/>\n', 'diskspd'],
      ['\r\nCommand Line: diskspd -d60 -r -b8K D:\\data.dat\r\n\r\nInput parameters:\r\n\r\n\ttimespan:   1\r\n\t-------------\r\n\tduration: 60s\r\n', 'diskspd'],
    ];
    for (const [text, id] of cases) {
      assert.deepEqual(benchmarkImporters.filter((i) => i.detect(text)).map((i) => i.id), [id], text.slice(0, 50));
    }
  });
});
