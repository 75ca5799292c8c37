/**
 * Issue 40: a write-up that quotes a tool's lines (README.md, notes.txt, a blog export; headings,
 * prose, tables, fenced code) is not that tool's output. Detection refuses it, naming it a
 * write-up, for every tool whose lines can be quoted, while the quoted output on its own, every
 * sample and every corpus file are still claimed as before.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { detectFormat } from './registry.js';
import { corpusFiles, readBytes, REPO_ROOT, SKIP_NO_CORPUS } from './test-support/corpus.js';
import { hammerdbCliCapture } from './test-support/hammerdb-captures.js';
import { writeUpFixtures } from './test-support/write-ups.js';
import { writeUpOf } from './write-up.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

describe('a write-up is not a log (issue 40)', () => {
  for (const w of writeUpFixtures()) {
    it(`${w.name}: the ${w.tool} lines it quotes are claimed alone, the write-up is refused as a write-up`, () => {
      assert.equal(detectFormat(enc(w.quoted)).format, w.tool, 'the quoted output alone is the tool\'s');
      const d = detectFormat(enc(w.text));
      assert.equal(d.format, null, `${w.name} taken for ${d.format}`);
      assert.equal(d.reason && /^a write-up, not a tool's output: /.test(d.reason), true, d.reason);
      assert.equal(d.importer === null && 'writeUp' in d && d.writeUp, true);
      assert.ok(!('nearMiss' in d && d.nearMiss), 'skipped, not refused as a near miss');
    });
  }

  it('the HammerDB README names what it is and what it quotes', () => {
    const readme = writeUpFixtures().find((w) => w.name === 'hammerdb/README.md')!;
    assert.match(detectFormat(enc(readme.text)).reason ?? '', /^a write-up, not a tool's output: a Markdown document \(3 headings, 2 fenced code blocks, 1 table, \d paragraphs? of prose\) that quotes HammerDB log \/ CLI output \/ time profile lines; the results it describes are imported from the tool's own files$/);
  });

  it('HammerDB detection needs the output\'s structure: a banner, or Vuser lines in a row; one quoted line between sentences is not it', () => {
    assert.equal(detectFormat(enc('We got this result:\nVuser 1:TEST RESULT : System achieved 2891 NOPM from 6720 MySQL TPM\nwhich looks high.\n')).format, null);
    assert.equal(detectFormat(enc('Vuser 1:TEST RESULT : System achieved 2891 NOPM from 6720 MySQL TPM\n')).format, 'hammerdb-log', 'a grepped result line alone');
    assert.equal(detectFormat(enc(hammerdbCliCapture({ db: 'MySQL', vus: 10, nopm: 2480, tpm: 5770 }))).format, 'hammerdb-log');
    // A capture that starts with a root prompt ("# hammerdbcli ...") and an echo of the driver's comment is still a capture.
    const prompted = `# ./hammerdbcli auto run.tcl\n${hammerdbCliCapture({ db: 'PostgreSQL', vus: 1, nopm: 1602, tpm: 3710 })}`;
    assert.equal(detectFormat(enc(prompted)).format, 'hammerdb-log');
  });

  it('every sample file and every test file of the importers is detected as before: no tool output reads as a write-up', () => {
    const roots = [path.join(REPO_ROOT, 'samples'), ...fs.readdirSync(path.join(REPO_ROOT, 'importers')).map((d) => path.join(REPO_ROOT, 'importers', d, 'test-files')).filter((d) => fs.existsSync(d))];
    const files = roots.flatMap(walk).filter((f) => !/\.(mjs|json)$/.test(f) || /samples\/fio/.test(f));
    assert.ok(files.length > 40, `files: ${files.length}`);
    for (const f of files) {
      const head = fs.readFileSync(f).subarray(0, 64 * 1024);
      assert.equal(writeUpOf(new TextDecoder().decode(head)), null, path.relative(REPO_ROOT, f));
    }
  });

  it('no corpus file reads as a write-up', (t) => {
    const files = ['fio', 'fio-log', 'vdbench', 'awr', 'svc', 'hammerdb', 'other'].flatMap((d) => corpusFiles(d));
    if (files.length === 0) return t.skip(SKIP_NO_CORPUS);
    for (const f of files) {
      const d = detectFormat(readBytes(f));
      assert.ok(!('writeUp' in d && d.writeUp), `${path.basename(f)}: ${d.reason}`);
    }
  });
});
