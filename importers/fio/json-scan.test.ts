import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { corpusFiles, readBytes, REPO_ROOT, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import { parseFioJson } from './fio-json.js';
import { BinCounts, readFioDocuments } from './json-scan.js';

const enc = (s: string): Uint8Array => Buffer.from(s, 'utf8');

/** The project's own fio JSON samples, every folder. */
function sampleJsons(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.json')) out.push(p);
    }
  };
  walk(path.join(REPO_ROOT, 'samples'));
  return out.filter((p) => fs.readFileSync(p, 'latin1').includes('"fio version"'));
}

/** A small fio 3 document with json+ bins, as fio writes it; `extra` goes into the read block. */
function doc(extra = '', bins = '"1000" : 3, "2000" : 5, "40000" : 1'): string {
  return `{
  "fio version" : "fio-3.33",
  "timestamp" : 1700000000,
  "timestamp_ms" : 1700000000123,
  "global options" : { "ioengine" : "libaio", "direct" : "1" },
  "jobs" : [
    {
      "jobname" : "randread",
      "groupid" : 0,
      "error" : 0,
      "job options" : { "rw" : "randread", "bs" : "4k", "iodepth" : "16", "runtime" : "30s" },
      "read" : {
        "io_bytes" : 409600, "bw_bytes" : 13653, "bw" : 13, "iops" : 3.333333, "runtime" : 30000, "total_ios" : 100,
        "clat_ns" : { "min" : 900, "max" : 41000, "mean" : 2.5e3, "N" : 9,
          "percentile" : { "50.000000" : 2000, "99.000000" : 40960 },
          "bins" : { ${bins} } },
        "bw_agg" : [1, 2.5, -0.0, 1E-7, 123456789012345678]${extra}
      },
      "write" : { "io_bytes" : 0, "iops" : 0.000000, "runtime" : 0 },
      "iodepth_level" : { "1" : 0.1, ">=64" : 0.0 },
      "usr_cpu" : 1.25, "sys_cpu" : 2.5, "job_runtime" : 30001
    }
  ],
  "disk_util" : [ { "name" : "sda", "util" : 12.5 } ]
}
`;
}

describe('fio JSON read from the bytes (json-scan) gives what JSON.parse gives', () => {
  it('every corpus fio file and every sample: the same runs, warnings and errors as the exact path, read from the bytes', (t) => {
    const corpus = [...corpusFiles('fio'), ...corpusFiles('fio-log')].filter((f) => fs.readFileSync(f, 'latin1').includes('"fio version"'));
    const files = [...corpus, ...sampleJsons()];
    assert.ok(sampleJsons().length >= 10, 'the samples hold fio JSON runs');
    for (const f of files) {
      const bytes = readBytes(f);
      assert.ok(readFioDocuments(bytes) !== null, `${path.basename(f)}: read from the bytes, not handed to JSON.parse`);
      assert.deepEqual(parseFioJson(bytes), parseFioJson(bytes, { exact: true }), path.basename(f));
    }
    if (corpus.length === 0) t.diagnostic(SKIP_NO_CORPUS);
  });

  it('builds the members the importer reads, numbers exactly as JSON.parse, bins as counts', () => {
    const docs = readFioDocuments(enc(`Starting 1 process\n${doc()}`));
    assert.ok(docs);
    assert.equal(docs.length, 1);
    const value = docs[0]!.value as { jobs: Array<Record<string, Record<string, unknown>>> } & Record<string, unknown>;
    const reference = JSON.parse(doc()) as typeof value;
    for (const k of ['fio version', 'timestamp', 'timestamp_ms', 'global options', 'disk_util']) assert.deepEqual(value[k], reference[k], k);
    const job = value.jobs[0]!;
    assert.deepEqual(job['job options'], reference.jobs[0]!['job options']);
    const clat = job['read']!['clat_ns'] as Record<string, unknown>;
    assert.equal(clat['mean'], 2500);
    assert.deepEqual(clat['percentile'], { '50.000000': 2000, '99.000000': 40960 });
    assert.deepEqual(clat['bins'], new BinCounts([1000, 2000, 40000], [3, 5, 1]));
    assert.equal(job['read']!['iops'], 3.333333);
  });

  it('numbers: the same double as JSON.parse for short, long, negative and exponent forms', () => {
    const numbers = ['0', '-0', '3.333333', '0.000001', '123456789012345', '1234567890123456789', '17.00000000000000001',
      '9007199254740993', '1e21', '-2.5E-3', '0.1', '0.3', '1.7976931348623157e308', '5e-324'];
    let seed = 7;
    for (let k = 0; k < 2000; k++) {
      seed = (seed * 48271) % 2147483647;
      numbers.push((seed / 1e4).toFixed(seed % 10), String(seed * 1e-9), String(seed * 1234.5678));
    }
    const text = `{"fio version" : "fio-3", "global options" : { "x" : [${numbers.join(',')}] }, "jobs" : []}`;
    const docs = readFioDocuments(enc(text))!;
    const got = (docs[0]!.value['global options'] as { x: number[] }).x;
    const want = (JSON.parse(text) as { 'global options': { x: number[] } })['global options'].x;
    assert.equal(got.length, want.length);
    for (let k = 0; k < want.length; k++) assert.ok(Object.is(got[k], want[k]), `${numbers[k]}: ${got[k]} vs ${want[k]}`);
  });

  it('several documents, text around them, a repeated key: as the exact path finds them', () => {
    const two = `fio: terminating on signal 2\n${doc()}\n$ fio again.fio --output-format=json\n${doc().replace('"randread"', '"second"')}trailer }`;
    const docs = readFioDocuments(enc(two))!;
    assert.equal(docs.length, 2);
    assert.equal(docs[1]!.adjacentToPrevious, false);
    assert.deepEqual(parseFioJson(enc(two)), parseFioJson(enc(two), { exact: true }));
    const repeated = doc().replace('"groupid" : 0,', '"groupid" : 0, "jobname" : "renamed",');
    assert.equal((readFioDocuments(enc(repeated))![0]!.value['jobs'] as Array<Record<string, unknown>>)[0]!['jobname'], 'renamed', 'the last of repeated keys wins, as in JSON.parse');
    assert.deepEqual(parseFioJson(enc(repeated)), parseFioJson(enc(repeated), { exact: true }));
  });

  it('gives up on anything unusual; the file then still imports, or fails with the line JSON.parse names', () => {
    // [the text, what the user gets: one run, or the error]
    const cases: Record<string, [string, RegExp | 'imports']> = {
      'invalid JSON inside a member it skips': [doc(', "bw_dev" : 1..5'), /invalid JSON at line 17: /],
      'a trailing comma inside a skipped object': [doc().replace('">=64" : 0.0', '">=64" : 0.0,'), /invalid JSON at line 20: /],
      'a truncated document': [doc().slice(0, 700), /truncated JSON: the fio document starting at line 1 never closes/],
      'a control character in a string': [doc().replace('"randread", "bs"', '"rand\tread", "bs"'), /invalid JSON at line 11: /],
      'an escape in a key': [doc(', "io\\u005fbytes" : 5'), 'imports'],
      'bins out of order': [doc('', '"2000" : 5, "1000" : 3'), 'imports'],
      'a "__proto__" member': [doc().replace('"rw" : "randread"', '"__proto__" : "x", "rw" : "randread"'), 'imports'],
    };
    for (const [what, [text, outcome]] of Object.entries(cases)) {
      const bytes = enc(text);
      assert.equal(readFioDocuments(bytes), null, what);
      const result = parseFioJson(bytes);
      if (outcome === 'imports') {
        assert.deepEqual([result.runs.length, result.errors], [1, []], what);
      } else {
        assert.equal(result.runs.length, 0, what);
        assert.match(result.errors[0]!.message, outcome, what);
      }
    }
    const outOfOrder = parseFioJson(enc(cases['bins out of order']![0])).runs[0]!.tables['latency_bins'] as Record<string, { ms: Float64Array }>;
    assert.deepEqual([...outOfOrder['read']!.ms], [0.001, 0.002], 'bins listed out of order are sorted');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(doc(), 'utf16le')]);
    assert.equal(readFioDocuments(utf16), null, 'UTF-16 is left to the decoding path');
    assert.equal(parseFioJson(utf16).runs.length, 1);
  });

  it('damaged copies of a document (bytes dropped, doubled, changed): whatever the reader accepts, JSON.parse reads the same', () => {
    const original = enc(`fio-3 console line\n${doc()}\n${doc().replace('"randread"', '"again"')}`);
    let seed = 12345;
    const random = (n: number): number => {
      seed = (seed * 48271) % 2147483647;
      return seed % n;
    };
    const alphabet = enc('{}[]",:0123456789.-eE \n\\tfnu"a');
    let fast = 0;
    for (let k = 0; k < 400; k++) {
      const bytes = Buffer.from(original);
      const at = random(bytes.length);
      const mutated = k % 3 === 0
        ? Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + 1 + random(4))])
        : k % 3 === 1
          ? Buffer.concat([bytes.subarray(0, at), bytes.subarray(at, at + 1 + random(6)), bytes.subarray(at)])
          : (bytes[at] = alphabet[random(alphabet.length)]!, bytes);
      const exact = parseFioJson(mutated, { exact: true });
      if (readFioDocuments(mutated)) {
        fast++;
        assert.deepEqual(parseFioJson(mutated), exact, `mutation ${k} at byte ${at}`);
      } else {
        assert.ok(exact.runs.length > 0 || exact.errors.length > 0, `mutation ${k}: a result or an error, never nothing`);
      }
    }
    assert.ok(fast > 0, 'some damaged copies are still valid JSON and read from the bytes');
  });

  it('nesting deeper than the stack is left to JSON.parse', () => {
    const deep = `{"fio version" : "fio-3", "global options" : {}, "jobs" : [], "x" : ${'['.repeat(200000)}${']'.repeat(200000)}}`;
    assert.equal(readFioDocuments(enc(deep)), null);
  });

  it('non-ASCII text in values and keys is decoded as UTF-8', () => {
    const text = doc().replace('"jobname" : "randread"', '"jobname" : "随机读 ü"').replace('"groupid" : 0,', '"groupid" : 0, "备注" : { "a" : [1] },');
    const result = parseFioJson(enc(text));
    assert.equal(readFioDocuments(enc(text)) !== null, true);
    assert.equal(result.runs[0]!.name, '随机读 ü');
    assert.deepEqual(result, parseFioJson(enc(text), { exact: true }));
  });
});
