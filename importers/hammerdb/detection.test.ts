/**
 * Every HammerDB corpus file is detected by exactly one importer, the right one, among the
 * HammerDB importers and those already in the registry; no other corpus file is taken by ours.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { DETECT_HEAD_BYTES, importers as registered } from '../registry.js';
import { corpusFiles, readBytes, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import { decodeText } from '../text.js';
import { hammerdbImporters } from './index.js';

const EXPECTED: Record<string, string> = {
  'josmera__v4_mysql_vu-sweep_hammerdb.log': 'hammerdb-log',
  'pkb__cli-v4_mysql_tprocc.log': 'hammerdb-log',
  'pkb__cli-v4_mysql_tproch.log': 'hammerdb-log',
  'pkb__v4.3_mysql_timeprofile.log': 'hammerdb-log',
  'pkb__v4.3_pg_tcount_tpm-per-second.log': 'hammerdb-tcount',
  'rickylss__v3_oracle_vu-sweep_percentiles_hammerdb.log': 'hammerdb-log',
};

const head = (p: string): string => decodeText(readBytes(p), DETECT_HEAD_BYTES).text;
const all = [...hammerdbImporters, ...registered.filter((i) => !hammerdbImporters.includes(i))];

describe('HammerDB detection', () => {
  it('each corpus file: the right importer, and only it', (t) => {
    const files = corpusFiles('hammerdb');
    if (files.length === 0) return t.skip(SKIP_NO_CORPUS);
    assert.deepEqual(files.map((f) => path.basename(f)).sort(), Object.keys(EXPECTED).sort(), 'a new corpus file needs an expectation here');
    for (const f of files) {
      const h = head(f);
      const hits = all.filter((i) => i.detect(h)).map((i) => i.id);
      assert.deepEqual(hits, [EXPECTED[path.basename(f)]], path.basename(f));
    }
  });

  it('no other corpus file is taken for HammerDB', (t) => {
    const dirs = ['fio', 'fio-log', 'vdbench', 'awr', 'svc', 'other'];
    const files = dirs.flatMap((d) => corpusFiles(d));
    if (files.length === 0) return t.skip(SKIP_NO_CORPUS);
    for (const f of files) {
      const h = head(f);
      for (const i of hammerdbImporters) assert.equal(i.detect(h), false, `${i.id} detects ${path.relative(path.dirname(path.dirname(f)), f)}`);
    }
  });

  it('hand-written heads: jobs JSON, counter fragments and logs stay apart', () => {
    const cases: Array<[string, string | null]> = [
      ['["6373B8BC","2022-11-22 16:32:55","8 Active Virtual Users configured","TEST RESULT : System achieved 1 NOPM from 2 SQL Server TPM"]', 'hammerdb-jobs-json'],
      ['{"MSSQLServer tpm": {"0": "2022-11-22 16:32:56"}}', 'hammerdb-jobs-json'],
      ['["0","Vuser 1:RUNNING","1","Beginning rampup time of 2 minutes"]', 'hammerdb-jobs-json'],
      ['0 MSSQLServer tpm\n317814 MSSQLServer tpm\n310000 MSSQLServer tpm\n', 'hammerdb-tcount'],
      ['Vuser 1:TEST RESULT : System achieved 468610 SQL Server TPM at 101789 NOPM\n', 'hammerdb-log'],
      ['HammerDB CLI v4.6\nCopyright (C) 2003-2022 Steve Shaw\n', 'hammerdb-log'],
      ['MSSQLServer Hammerdb Time Profile Report @ Mon Apr 12 15:06:03 UTC 2021\n', 'hammerdb-log'],
      ['', null],
      ['Copyright (C) 2003-2020 Steve Shaw\nType "help" for a list of commands\n', null],
    ];
    for (const [text, id] of cases) {
      const hits = hammerdbImporters.filter((i) => i.detect(text)).map((i) => i.id);
      assert.deepEqual(hits, id ? [id] : [], JSON.stringify(text.slice(0, 40)));
    }
  });
});
