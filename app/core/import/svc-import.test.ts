import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { corpusFile, SKIP_NO_CORPUS } from '../../../importers/test-support/corpus.js';
import { Core } from '../core.js';
import { loadSamples } from '../samples/samples.js';
import { tempDir } from '../test-support/temp.js';

/** The corpus volume file with its time and one volume's counters moved on by known amounts. */
function advanced(xml: string, node: string, seconds: number, volume: string, add: Record<string, number>): string {
  const shift = (stamp: string): string => new Date(Date.parse(`${stamp.replace(' ', 'T')}Z`) + seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
  let out = xml.replace(/(timestamp(?:_utc)?)="([^"]+)"/g, (_, k: string, v: string) => `${k}="${shift(v)}"`).replace(/ id="node2"/, ` id="${node}"`);
  out = out.replace(new RegExp(`(<vdsk[^>]*?id="${volume}"[^>]*>)`), (el: string) =>
    el.replace(/\b(ro|rb|rl|wo|wb|wl)="(\d+)"/g, (m, k: string, v: string) => (add[k] !== undefined ? `${k}="${Number(v) + add[k]!}"` : m)));
  return out;
}

describe('SVC statistics through the import pipeline', () => {
  it('rates from two files of a node, summed with the other node, whatever the files are called', (t) => {
    const p = corpusFile('svc/svci__FS5200_v8.6_Nv_stats_185301.xml');
    if (!p) return t.skip(SKIP_NO_CORPUS);
    const xml = fs.readFileSync(p, 'utf8');
    const dir = tempDir();
    // node2 at t and t+300 s; node1 (same counters) at t+2 s and t+302 s: the same interval.
    fs.writeFileSync(path.join(dir, 'a.xml'), xml);
    fs.writeFileSync(path.join(dir, 'b.txt'), advanced(xml, 'node2', 300, 'Compressed_Dedup_Volumes0', { ro: 3000, rb: 48000, rl: 15000 }));
    fs.writeFileSync(path.join(dir, 'c'), advanced(xml, 'node1', 2, 'none', {}));
    fs.writeFileSync(path.join(dir, 'd'), advanced(xml, 'node1', 302, 'Compressed_Dedup_Volumes0', { ro: 1500, rl: 15000 }));
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    const result = core.importPaths([dir], 'svc', 'prod');
    assert.ok(result.files.every((f) => f.format === 'svc-iostats'), 'detected by content, not by name');
    const runs = core.runs({ study: 'svc' });
    assert.equal(runs.length, 1, 'four files, one run');
    const get = (metric: string): number[] => core.series(runs[0]!.id, metric, 'Compressed_Dedup_Volumes0')[0]!.points.map(([, v]) => v);
    assert.deepEqual(get('read.iops'), [3000 / 300 + 1500 / 300], 'node2 10 IOPS + node1 5 IOPS in the same interval');
    assert.ok(Math.abs(get('read.bw_mib_s')[0]! - (48000 * 512) / 300 / 1048576) < 1e-12);
    assert.ok(Math.abs(get('read.lat_avg_ms')[0]! - 30000 / 4500) < 1e-12, 'response time weighted over both nodes: Δrl / Δro');
    core.close();
  });

  it('a copy of a statistics file in the same drop is a duplicate, and statistics of another kind are kept with a warning', (t) => {
    const p = corpusFile('svc/svci__FS5200_v8.6_Nv_stats_185301.xml');
    if (!p) return t.skip(SKIP_NO_CORPUS);
    const xml = fs.readFileSync(p, 'utf8');
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'a.xml'), xml);
    fs.writeFileSync(path.join(dir, 'b.xml'), advanced(xml, 'node2', 300, 'Compressed_Dedup_Volumes0', { ro: 3000 }));
    fs.mkdirSync(path.join(dir, 'copy'));
    fs.writeFileSync(path.join(dir, 'copy', 'b.xml'), advanced(xml, 'node2', 300, 'Compressed_Dedup_Volumes0', { ro: 3000 }));
    fs.writeFileSync(path.join(dir, 'host.xml'), '<diskStatsColl xmlns="http://ibm.com/storage/management/performance/api/2023/01/hostStats" contains="hostStats" id="node2" timestamp_utc="2024-03-25 18:53:01"></diskStatsColl>');
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    let last = { done: 0, total: 0, bytesDone: 0, bytesTotal: 0 };
    const result = core.importPaths([dir], 'svc', 'prod', { onProgress: (p) => { last = p; } });
    const byName = new Map(result.files.map((f) => [path.relative(dir, f.path), f]));
    const runId = byName.get('a.xml')!.runs[0]!;
    // Every file counted done, and every byte, the one refused on its header included: the bar ends full.
    assert.deepEqual([last.done, last.bytesDone], [last.total, last.bytesTotal]);
    assert.equal(core.runs({ study: 'svc' }).length, 1);
    assert.deepEqual([byName.get('b.xml')!.status, byName.get('b.xml')!.runs], ['imported', [runId]]);
    assert.ok(core.store.fileContent(byName.get('b.xml')!.sha256)!.equals(fs.readFileSync(path.join(dir, 'b.xml'))), 'the statistics file is kept byte for byte');
    assert.deepEqual([byName.get(path.join('copy', 'b.xml'))!.status, byName.get(path.join('copy', 'b.xml'))!.runs], ['duplicate', [runId]], 'the copy points at the run its twin made');
    const host = byName.get('host.xml')!;
    assert.deepEqual([host.status, host.runs], ['imported', []]);
    assert.match(host.warnings.join(' '), /unknown kind/);
    core.close();
  });

  it('study S1: 7.31 -> 1.06 ms (6.90x) and the maxima 10.35 -> 1.895 ms (5.46x), from per-sample data', async () => {
    const core = new Core(path.join(tempDir(), 'db.sqlite'));
    await loadSamples(core, ['s1-flash-migration']);
    const compare = (stat?: 'max') => core.compare({ study: 's1-flash-migration', baseline: 'before', candidates: ['after'], metrics: ['read.lat_avg_ms'], aggregation: { perObjectDay: stat } });
    const mean = compare().pairs.find((p) => p.object === '*')!;
    assert.deepEqual([mean.baseline.toFixed(2), mean.candidate.toFixed(2), mean.speedup_text], ['7.31', '1.06', '6.90x']);
    const max = compare('max').pairs.find((p) => p.object === '*')!;
    assert.deepEqual([max.baseline.toFixed(2), max.candidate.toFixed(3), max.speedup_text], ['10.35', '1.895', '5.46x']);
    const db2 = core.compare({ study: 's1-flash-migration', baseline: 'before', candidates: ['after'], metrics: ['read.lat_avg_ms'], objects: ['CREDIT_DB2_DATA01'] });
    const v1 = db2.pairs.find((p) => p.object === 'CREDIT_DB2_DATA01')!;
    assert.equal(v1.baseline.toFixed(3), ((7.64 + 7.67 + 8.1) / 3).toFixed(3), 'volume 1: the mean of its three days');
    assert.equal(db2.warnings.filter((w) => w.code === 'gaps').length, 0);
    // Open-ended periods cut the production statistics only, not the pre-go-live test's intervals.
    const cut = core.compare({ study: 's1-flash-migration', baseline: 'pre-cutover', candidates: ['post-cutover'], metrics: ['read.lat_avg_ms'] });
    assert.ok(cut.periods![0]!.baseline.days.every((d) => d.day >= '2017-09-07'), 'no August vdbench days');
    assert.match(cut.aggregation!, /configuration "production"/);
    // The write cache episode: CREDIT_WASDB_DATA03 writes slowly at a trickle around midnight.
    const scatter = core.seriesScatter('s1-flash-migration', 'write.iops', 'write.lat_avg_ms', ['CREDIT_WASDB_DATA03']).objects[0]!.points;
    const slowLowThroughput = scatter.filter(([iops, ms]) => iops < 100 && ms > 40);
    assert.ok(slowLowThroughput.length > 100, `${slowLowThroughput.length} intervals of high write response at low throughput`);
    core.close();
  });
});
