/**
 * Every SVC corpus file is detected by exactly one importer, the right one, among the SVC
 * importers and those already in the registry; no other corpus file is taken by ours.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { DETECT_HEAD_BYTES, importers as registered } from '../registry.js';
import { CORPUS_DIR, corpusFiles, readBytes, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import { decodeText } from '../text.js';
import { svcImporters } from './index.js';

const EXPECTED: Record<string, string> = {
  'bluecmd__2020_lssystemstats_rest.jsonnet': 'svc-lsstats',
  'svci__FS5200_v8.6_Nd_stats_184801.xml': 'svc-iostats',
  'svci__FS5200_v8.6_Ng_stats_185802.xml': 'svc-iostats',
  'svci__FS5200_v8.6_Nm_stats_185802.xml': 'svc-iostats',
  'svci__FS5200_v8.6_Nn_stats_185301.xml': 'svc-iostats',
  'svci__FS5200_v8.6_Nv_stats_185301.xml': 'svc-iostats',
  'svci__v8.4_lsnodestats_rest.json': 'svc-lsstats',
  'svci__v8.5.2.2_lsnodecanisterstats_rest.json': 'svc-lsstats',
};

const head = (p: string): string => decodeText(readBytes(p), DETECT_HEAD_BYTES).text;
const all = [...svcImporters, ...registered.filter((i) => !svcImporters.includes(i))];
const hitsOf = (text: string): string[] => svcImporters.filter((i) => i.detect(text)).map((i) => i.id);

describe('SVC detection', () => {
  it('each corpus svc file: the right importer, and only it (registry included)', (t) => {
    const files = corpusFiles('svc');
    if (files.length === 0) return t.skip(SKIP_NO_CORPUS);
    assert.deepEqual(files.map((f) => path.basename(f)).sort(), Object.keys(EXPECTED).sort(), 'a new corpus file needs an expectation here');
    for (const f of files) {
      const hits = all.filter((i) => i.detect(head(f))).map((i) => i.id);
      assert.deepEqual(hits, [EXPECTED[path.basename(f)]], path.basename(f));
    }
  });

  it('no other corpus file is taken by an SVC importer', (t) => {
    if (!fs.existsSync(CORPUS_DIR)) return t.skip(SKIP_NO_CORPUS);
    const dirs = fs.readdirSync(CORPUS_DIR).filter((d) => d !== 'svc' && fs.statSync(path.join(CORPUS_DIR, d)).isDirectory());
    assert.ok(dirs.length >= 5, `expected the other corpus folders, found ${dirs.join(', ')}`);
    const files = dirs.flatMap((d) => corpusFiles(d));
    for (const f of files) assert.deepEqual(hitsOf(head(f)), [], path.relative(CORPUS_DIR, f));
  });

  it('renamed files are still recognised: detection never sees the name', (t) => {
    const files = corpusFiles('svc');
    if (files.length === 0) return t.skip(SKIP_NO_CORPUS);
    // The importers only get the head; this guards against anyone adding a name check later.
    for (const f of files) {
      const result = svcImporters.find((i) => i.id === EXPECTED[path.basename(f)])!.parse({ bytes: readBytes(f), name: 'renamed.dat' });
      assert.deepEqual(result.errors, [], path.basename(f));
      assert.equal(result.runs.length, 1, path.basename(f));
    }
  });

  it('hand-written heads', () => {
    const cases: Array<[string, string | null]> = [
      ['<?xml version="1.0"?>\r\n<diskStatsColl xmlns="http://ibm.com/storage/management/performance/api/2005/08/vDiskStats" id="node1">', 'svc-iostats'],
      ['<diskStatsColl contains="virtualDiskStats" id="node1" timestamp="2024-01-01 00:00:00">', 'svc-iostats'],
      ['<!-- copied --><diskStatsColl\n contains="nodeStats">', 'svc-iostats'],
      ['<diskStatsColl id="x"><vdsk/></diskStatsColl>', null], // no namespace, no contains
      ['<Results><System><diskStatsColl contains="x"/></System></Results>', null], // not the root
      ['[{"stat_name":"cpu_pc","stat_current":"1","stat_peak":"2","stat_peak_time":"200814005048"}]', 'svc-lsstats'],
      ['[\n   {\n      "node_id" : "1",\n      "stat_current" : "6",\n      "stat_name" : "cpu_pc"\n   }\n]', 'svc-lsstats'],
      ['[{"sample_time":"200814005048","stat_name":"cpu_pc","stat_value":"3"}]', 'svc-lsstats'],
      ['[{"name":"cpu_pc","value":"1"}]', null],
      ['stat_name          stat_current stat_peak stat_peak_time\ncpu_pc             1            7         200814004848\n', 'svc-lsstats'],
      ['IBM_FlashSystem:FS5200:superuser>lsnodestats -delim :\nnode_id:node_name:stat_name:stat_current:stat_peak:stat_peak_time\n1:node1:cpu_pc:1:1:221126132039\n', 'svc-lsstats'],
      ['sample_time  stat_name stat_value\n200814005048 cpu_pc    3\n', 'svc-lsstats'],
      ['Volume ID,Time,Interval (s),Read IO Rate (IO/s),Write IO Rate (IO/s),Read Response Time (ms)\n', 'spectrum-control-csv'],
      ['"Name","Time","Overall Read I/O Rate (ops/s)","Read Data Rate (MiB/s)"\n', 'spectrum-control-csv'],
      ['Timestamp,Op-Count,,,Byte-Count,,,Avg-ResTime,,,\n,read,write,delete\n', null],
      ['Name,Time,Capacity (GiB)\n', null],
      ['', null],
    ];
    for (const [text, id] of cases) assert.deepEqual(hitsOf(text), id ? [id] : [], JSON.stringify(text.slice(0, 60)));
  });
});
