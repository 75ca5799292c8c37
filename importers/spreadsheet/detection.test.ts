/**
 * The table importer is the last resort: no file another importer owns may become a
 * "spreadsheet", in the shared corpus of real files or in the sample studies.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { detectFormat, importers } from '../registry.js';
import { CORPUS_DIR, corpusFiles, readBytes, REPO_ROOT, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import { decodeText, looksBinary } from '../text.js';
import { DETECT_HEAD_BYTES } from '../registry.js';

/** Detection as it was before the table importer: the same registry without it. */
function detectWithout(bytes: Uint8Array): string | null {
  if (bytes.length === 0 || looksBinary(bytes)) return null;
  const { text } = decodeText(bytes, DETECT_HEAD_BYTES);
  return importers.filter((i) => i.id !== 'spreadsheet').find((i) => i.detect(text))?.id ?? null;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

describe('spreadsheet importer: detection never steals another format', () => {
  it('is the last importer of the registry', () => {
    assert.equal(importers[importers.length - 1]!.id, 'spreadsheet');
  });

  it('every file of the shared corpus detects as it did without the table importer', (t) => {
    if (!fs.existsSync(CORPUS_DIR)) return t.skip(SKIP_NO_CORPUS);
    const dirs = fs.readdirSync(CORPUS_DIR).filter((d) => fs.statSync(path.join(CORPUS_DIR, d)).isDirectory());
    const files = dirs.flatMap((d) => corpusFiles(d));
    assert.ok(files.length >= 50, `the corpus has ${files.length} files`);
    for (const f of files) {
      const bytes = readBytes(f);
      const before = detectWithout(bytes);
      assert.equal(detectFormat(bytes).format, before, path.relative(CORPUS_DIR, f));
      assert.notEqual(before, null, `${path.relative(CORPUS_DIR, f)} is claimed by its own importer`);
    }
  });

  it('no sample file (fio, vdbench, AWR, HammerDB, S5) is taken for a table', () => {
    const files = walk(path.join(REPO_ROOT, 'samples')).filter((f) => !/\.(mjs|sh|json)$/.test(f) || /samples\/(fio|s5|hammerdb)\//.test(f));
    assert.ok(files.length > 20);
    for (const f of files) {
      const bytes = readBytes(f);
      const format = detectFormat(bytes).format;
      if (format === 'spreadsheet') assert.fail(`${path.relative(REPO_ROOT, f)} detected as a table (was ${detectWithout(bytes)})`);
    }
  });

  it('hand-made heads of tool CSVs stay with their tools', () => {
    const cases: Array<[string, string]> = [
      ['Stage,Op-Name,Op-Type,Op-Count,Byte-Count,Avg-ResTime,Avg-ProcTime,60%-ResTime\nw1,read,read,100,409600,4.27,4.1,4\n', 'cosbench'],
      ["'Results\n'Target Type,Target Name,Access Specification Name,# Managers,# Workers,# Disks,IOps\nALL,All,4K,1,1,1,100\n", 'iometer'],
    ];
    for (const [text, id] of cases) assert.equal(detectFormat(new TextEncoder().encode(text)).format, id, text.slice(0, 40));
  });

  it('a plain results table nobody else knows is a table', () => {
    assert.equal(detectFormat(new TextEncoder().encode('bs,IOPS,Latency (ms)\n4K,100,1.5\n8K,90,1.7\n')).format, 'spreadsheet');
    assert.equal(detectFormat(new TextEncoder().encode('just words, and a comma\nand more words\n')).format, null);
    assert.equal(detectFormat(new TextEncoder().encode('time,iops\n1,2\n2,3\n3,4\n')).format, null, 'a time series of an unknown tool is not a results table');
    assert.equal(detectFormat(new TextEncoder().encode('time,iops\n1,2\n')).format, null);
    assert.equal(detectFormat(new TextEncoder().encode('bs,iops\n4K,2\n')).format, 'spreadsheet', 'one result is a table too');
  });
});
