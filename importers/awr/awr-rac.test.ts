/**
 * A two-node RAC study as a DBA hands it over (samples/awr/rac.mjs): an instance report, the
 * global report (awrgrpt) as text, HTML and gzipped HTML, and the load script's output.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { detectFormat } from '../registry.js';
import { corpusFile, readBytes, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import { writeRacStudy, type RacStudy } from '../test-support/rac-study.js';
import type { ParsedRun } from '../types.js';
import { isIdleEvent } from './idle-events.js';
import { bucketBounds, type WaitHistogram } from './wait-histograms.js';

function parse(file: string, bytes: Uint8Array = new Uint8Array(fs.readFileSync(file))): ParsedRun {
  const d = detectFormat(bytes);
  assert.equal(d.format, 'awr', `${file}: ${d.reason ?? ''}`);
  const r = d.importer!.parse({ bytes, name: file });
  assert.deepEqual(r.errors, []);
  assert.equal(r.runs.length, 1);
  return r.runs[0]!;
}

const histogram = (run: ParsedRun, event: string): WaitHistogram => (run.tables['wait_histograms'] as WaitHistogram[]).find((h) => h.event === event)!;
/** Share of waits under a bound, from the stored buckets. */
const under = (h: WaitHistogram, ms: number): number => h.buckets.filter(([b]) => b !== null && b <= ms).reduce((s, [, p]) => s + p, 0);
const identity = (r: ParsedRun): unknown[] => [...['report', 'db_id', 'db_name', 'instance', 'begin_snap', 'end_snap'].map((k) => r.params[k]), r.startMs, r.endMs];

describe('AWR: a two-node RAC study (text, HTML and gzip)', () => {
  let study: RacStudy;
  before(async () => {
    study = await writeRacStudy();
  });
  const file = (side: 0 | 1, name: string): string => path.join(study.sides[side], name);

  it('reads the text global report\'s header: database, DBID, instances, snapshots and times', () => {
    const run = parse(file(0, 'awr_rac.txt'));
    assert.equal(run.name, 'SLOBRAC 1120-1121');
    assert.deepEqual(identity(run), ['awrgrpt', '2716499301', 'SLOBRAC', 'slobrac1,slobrac2', 1120, 1121, Date.UTC(2024, 2, 2, 10, 0), Date.UTC(2024, 2, 2, 10, 20)]);
    assert.equal(run.params['instances'], 2);
    assert.ok(!run.warnings.some((w) => /no report header/.test(w)), run.warnings.join('; '));
    assert.ok(run.metrics['load.physical_reads_per_s']! > 117_000 && run.metrics['load.physical_reads_per_s']! < 119_000);
  });

  it('text, HTML and gzipped HTML of one report say the same identity and the same figures', () => {
    const [text, html, gz] = ['awr_rac.txt', 'awr_rac.html', 'awr_rac.html.gz'].map((n) => parse(file(1, n))) as [ParsedRun, ParsedRun, ParsedRun];
    assert.deepEqual(identity(text), identity(html));
    assert.deepEqual(gz.metrics, html.metrics);
    assert.equal(text.metrics['wait.db_file_sequential_read.avg_ms'], html.metrics['wait.db_file_sequential_read.avg_ms']);
  });

  it('joins a name the text layout cut ("... invalidatio") to its full name, and says so', () => {
    const text = parse(file(0, 'awr_rac.txt'));
    const html = parse(file(0, 'awr_rac.html'));
    const key = 'wait.gc_current_grant_read_mostly_invalidation.avg_ms';
    assert.equal(text.metrics[key], html.metrics[key]);
    assert.ok(text.metrics[key] !== undefined);
    assert.equal(Object.keys(text.metrics).filter((k) => k.includes('invalidatio_')).length, 0);
    assert.deepEqual(text.tables['cut_names'], [{ printed: 'gc current grant read-mostly invalidatio', name: 'gc current grant read-mostly invalidation' }]);
    // The instance report cuts it at 26 characters: the same key.
    assert.ok(parse(file(0, 'awr.txt')).metrics[key] !== undefined);
  });

  it('marks idle-class events idle: the watchdog in the global top list, SQL*Net message from client', () => {
    const run = parse(file(0, 'awr_rac.html'));
    const top = run.tables['top_events'] as Array<{ name: string; idle?: true }>;
    assert.equal(top.find((e) => e.name === 'watchdog main loop')?.idle, true);
    assert.equal(top.find((e) => e.name === 'db file sequential read')?.idle, undefined);
    const fg = run.tables['foreground_events'] as Array<{ name: string; idle?: true }>;
    assert.equal(fg.find((e) => e.name === 'SQL*Net message from client')?.idle, true);
    // Without a Wait Class column, by Oracle's Idle class list (a cut text name too).
    assert.ok(isIdleEvent('SQL*Net message from clien') && isIdleEvent('rdbms ipc message') && !isIdleEvent('db file sequential read'));
  });

  it('imports the wait event histograms per event and bucket, the same from text and HTML', () => {
    const text = parse(file(0, 'awr_rac.txt'));
    const html = parse(file(0, 'awr_rac.html'));
    const h = histogram(html, 'db file sequential read');
    assert.equal(h.waits, 134_968_400);
    assert.ok(Math.abs(h.buckets.reduce((s, [, p]) => s + p, 0) - 100) < 0.2);
    // 0.7 + 5.7 + 21.2 + 34.1: the share under 1 ms as the global report prints it.
    assert.equal(under(h, 1).toFixed(1), '61.7');
    assert.equal(under(histogram(text, 'db file sequential read'), 1).toFixed(1), '61.7');
    assert.equal(histogram(html, 'watchdog main loop').idle, true);
    // The instance report: microsecond table, then the 32 ms and 2 s tables, merged.
    const inst = histogram(parse(file(0, 'awr.txt')), 'db file sequential read');
    assert.equal(under(inst, 0.512).toFixed(1), '27.6');
    assert.equal(under(inst, 4).toFixed(1), '98.4');
  });

  it('keeps the global report\'s per-instance rows per instance', () => {
    for (const name of ['awr_rac.txt', 'awr_rac.html']) {
      const run = parse(file(0, name));
      const load = run.tables['instance_load'] as Array<{ instance: number; instance_name: string; statistic: string; per_s: number }>;
      const reads = load.filter((r) => r.statistic === 'Physical Reads');
      assert.deepEqual(reads.map((r) => [r.instance, r.instance_name]), [[1, 'slobrac1'], [2, 'slobrac2']], name);
      // The cluster-wide figure is their sum (52% and 48% of 118,000 a second).
      assert.equal(reads[0]!.per_s + reads[1]!.per_s, run.metrics['load.physical_reads_per_s']);
      const top = run.tables['instance_top_events'] as Array<{ instance: number; name: string; avg_ms: number }>;
      assert.equal(top.filter((r) => r.name === 'db file sequential read').length, 2, name);
    }
  });

  it('a global text report without title underlines still gives its header', () => {
    const bare = fs.readFileSync(file(0, 'awr_rac.txt'), 'utf8').replace(/^~+\n/gm, '');
    const run = parse('bare.txt', new TextEncoder().encode(bare));
    assert.deepEqual(identity(run), identity(parse(file(0, 'awr_rac.txt'))));
  });

  it('the load script\'s output is not a result', () => {
    assert.equal(detectFormat(readBytes(file(0, 'tm.out'))).format, null);
  });
});

describe('AWR wait event histogram headings', () => {
  it('cut text headings: units from the letters, a bare number by its neighbour, m as ms or minutes by the title', () => {
    assert.deepEqual(bucketBounds(['Event', 'Total Waits', '<8us', '<128u', '>=512'], 'Wait Event Histogram'), [null, null, 0.008, 0.128, 'overflow']);
    assert.deepEqual(bucketBounds(['<512', '<1ms', '<32ms', '>=32m'], 'Wait Event Histogram (up to 32 ms)'), [0.512, 1, 32, 'overflow']);
    assert.deepEqual(bucketBounds(['<64ms', '<128m', '<1/8s', '<1s'], 'Wait Event Histogram (Global)'), [64, 128, 125, 1000]);
    assert.deepEqual(bucketBounds(['% of Total Waits <2s', '< 1m', '< 2m'], 'Wait Event Histogram Detail (4 sec to 2 min)'), [2000, 60000, 120000]);
    assert.deepEqual(bucketBounds(['<2m', '<1/4h', '< 1h', '>=1h'], 'Wait Event Histogram (up to 1 hr)'), [120000, 900000, 3600000, 'overflow']);
  });

  it('12.2 text and 11.2.0.4 HTML reports from the corpus', (t) => {
    const text = corpusFile('awr/jasmin__awr-text_12.2.0.1_aix_single.txt');
    const html = corpusFile('awr/pcambell__awr-html_11.2.0.4_rac-inst1.html');
    if (!text || !html) return t.skip(SKIP_NO_CORPUS);
    // Line 400: "db file sequential read 363.3K ... 90.6 5.4 3.6 .4" (<128us, <256us, <512us, >=512us).
    const seq = histogram(parse(text), 'db file sequential read');
    assert.equal(seq.waits, 363_300);
    assert.equal(under(seq, 0.128).toFixed(1), '90.6');
    assert.equal(under(seq, 0.512).toFixed(1), '99.6');
    // 11.2.0.4: "<1ms ... <32ms <=1s >1s" and the detail tables up to an hour.
    const cf = histogram(parse(html), 'control file sequential read');
    assert.equal(cf.waits, 10_100);
    assert.ok(cf.buckets.some(([b]) => b === 1) && cf.buckets.some(([b]) => b === 2000));
  });
});
