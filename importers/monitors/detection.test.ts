/**
 * Every monitor corpus file is detected by exactly one importer, the right one, among ours and
 * those already in the registry; no other corpus file is taken by ours. Heads of the layouts the
 * corpus lacks are checked by hand.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { DETECT_HEAD_BYTES, importers as registered } from '../registry.js';
import { CORPUS_DIR, corpusFiles, readBytes, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import { decodeText } from '../text.js';
import { monitorImporters } from './index.js';

const EXPECTED: Record<string, string> = {
  'other/iostatplot__iostat-xmt_sysstat10_timestamped.txt': 'iostat',
  'other/rocksdbtest__iostat-xm_sysstat12_newcols.txt': 'iostat',
  'other/pkb__iostat_sysstat-json.json': 'iostat-json',
  'other/pkb__sar-u_cpu_aws.txt': 'sar',
  'other/jfritzen__solaris10-sar_simple.txt': 'sar',
  'other/pynmon__nmon-13g_linux_test.nmon': 'nmon',
  'other/pkb__pcp-dstat-5.0.3.csv': 'dstat',
};

const head = (p: string): string => decodeText(readBytes(p), DETECT_HEAD_BYTES).text;
const all = [...monitorImporters, ...registered.filter((i) => !monitorImporters.includes(i))];
/** Every corpus file in every subfolder, as "folder/file". */
const corpus = (): string[] =>
  fs.existsSync(CORPUS_DIR)
    ? fs.readdirSync(CORPUS_DIR, { withFileTypes: true }).filter((d) => d.isDirectory())
      .flatMap((d) => corpusFiles(d.name).map((f) => `${d.name}/${path.basename(f)}`))
    : [];

describe('monitor detection', () => {
  it('each monitor corpus file: the right importer, and only it', (t) => {
    const files = corpus();
    if (files.length === 0) return t.skip(SKIP_NO_CORPUS);
    for (const [rel, id] of Object.entries(EXPECTED)) {
      assert.ok(files.includes(rel), `${rel} is missing from the corpus`);
      const h = head(path.join(CORPUS_DIR, rel));
      assert.deepEqual(all.filter((i) => i.detect(h)).map((i) => i.id), [id], rel);
    }
  });

  it('no other corpus file, in any folder, is taken by a monitor importer', (t) => {
    const files = corpus().filter((f) => !(f in EXPECTED));
    if (files.length === 0) return t.skip(SKIP_NO_CORPUS);
    assert.ok(files.length > 40, `only ${files.length} other corpus files found`);
    for (const f of files) {
      const h = head(path.join(CORPUS_DIR, f));
      for (const i of monitorImporters) assert.equal(i.detect(h), false, `${i.id} detects ${f}`);
    }
  });

  it('hand-written heads stay apart', () => {
    const linux = 'Linux 5.15.0-91-generic (db1) \t01/31/2024 \t_x86_64_\t(8 CPU)\n\n';
    const cases: Array<[string, string | null]> = [
      [`${linux}avg-cpu:  %user   %nice %system %iowait  %steal   %idle\n           1.00 0.00 1.00 0.00 0.00 98.00\n`, 'iostat'],
      [`${linux}Device             tps    kB_read/s    kB_wrtn/s    kB_dscd/s    kB_read    kB_wrtn    kB_dscd\n`, 'iostat'],
      [`${linux}12:00:01 AM       DEV       tps     rkB/s     wkB/s   areq-sz    aqu-sz     await     %util\n`, 'sar'],
      [`${linux}00:00:01        CPU     %user     %nice   %system   %iowait    %steal     %idle\n`, 'sar'],
      ['\nAIX aix01 1 7 00F9C1964C00    01/15/20\n\nSystem configuration: lcpu=8\n\n10:00:00    %usr    %sys    %wio   %idle   physc\n', 'sar'],
      ['{"sysstat": {\n\t"hosts": [\n\t\t{\n\t\t\t"nodename": "h",\n\t\t\t"statistics": [\n\t\t\t\t{\n\t\t\t\t\t"avg-cpu":  {"user": 1.0}', 'iostat-json'],
      // sar's JSON (sadf -j) is not iostat's.
      ['{"sysstat": {\n\t"sysdata-version": 2.19,\n\t"hosts": [\n\t\t{\n\t\t\t"nodename": "h", "statistics": [{"timestamp": {"date": "2024-01-01"}, "cpu-load": []}]', null],
      ['AAA,progname,topas_nmon\nAAA,command,/usr/bin/topas_nmon -f\nAAA,version,TOPAS-NMON\nAAA,host,aix01\n', 'nmon'],
      ['"Dstat 0.7.2 CSV output"\n"Author:","Dag Wieers <dag@wieers.com>",,,,"URL:","http://dag.wieers.com/home-made/dstat/"\n', 'dstat'],
      ['"system","total cpu usage",,,,,,"dsk/total",\n"time","usr","sys","idl","wai","hiq","siq","read","writ"\n', 'dstat'],
      ['Linux 5.15.0 (h) \t01/31/2024 \t_x86_64_\t(8 CPU)\n', null],
      ['', null],
    ];
    for (const [text, id] of cases) {
      const hits = monitorImporters.filter((i) => i.detect(text)).map((i) => i.id);
      assert.deepEqual(hits, id ? [id] : [], JSON.stringify(text.slice(0, 60)));
    }
  });
});
