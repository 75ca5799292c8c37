/**
 * lssystemstats / lsnodestats / lsnodecanisterstats: the three REST JSON corpus files (values
 * read from them by hand), CLI text in the documented column layouts, and bad input.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { corpusFile, readBytes, SKIP_NO_CORPUS } from '../test-support/corpus.js';
import type { ParsedRun } from '../types.js';
import { MB_TO_MIB } from './lsstats-names.js';
import { svcLsstatsImporter } from './lsstats.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

function runOf(rel: string): ParsedRun | null {
  const p = corpusFile(rel);
  if (!p) return null;
  const r = svcLsstatsImporter.parse({ bytes: readBytes(p), name: rel });
  assert.deepEqual(r.errors, [], rel);
  assert.equal(r.runs.length, 1);
  return r.runs[0]!;
}

const parseText = (text: string): ParsedRun => {
  const r = svcLsstatsImporter.parse({ bytes: enc(text), name: 'cli.txt' });
  assert.deepEqual(r.errors, []);
  return r.runs[0]!;
};

describe('svc-lsstats on the corpus (REST JSON)', () => {
  it('lssystemstats (bluecmd, 2020, ".jsonnet" but plain JSON): 49 stats', (t) => {
    const r = runOf('svc/bluecmd__2020_lssystemstats_rest.jsonnet');
    if (!r) return t.skip(SKIP_NO_CORPUS);
    assert.equal(r.name, 'lssystemstats');
    assert.equal(r.host, null);
    assert.equal(Object.keys(r.metrics).length, 98, '49 current values and 49 peaks');
    // {"stat_name": "cpu_pc", "stat_current": "1", "stat_peak": "7", "stat_peak_time": "200814004848"}
    assert.equal(r.metrics['cpu_pct'], 1);
    assert.equal(r.metrics['svc.cpu_pc_peak'], 7);
    assert.equal(r.metrics['svc.cpu_pc'], undefined, 'a mapped stat is not kept twice');
    assert.equal(r.metrics['read.iops'], 17); // vdisk_r_io "17"
    assert.equal(r.metrics['write.iops'], 30); // vdisk_w_io "30"
    assert.equal(r.metrics['total.iops'], 47); // vdisk_io "47"
    assert.equal(r.metrics['total.lat_avg_ms'], 1); // vdisk_ms "1"
    assert.equal(r.metrics['read.bw_mib_s'], 0); // vdisk_r_mb "0"
    assert.equal(r.metrics['svc.power_w'], 427);
    assert.equal(r.metrics['svc.temp_c'], 26);
    assert.equal(r.metrics['svc.sas_io_peak'], 11981);
    assert.equal(r.metrics['svc.iscsi_io'], 50);
    assert.equal(r.metrics['svc.mdisk_ms'], 5);
    // The latest stat_peak_time, 200814005048, read as UTC, with warnings saying so.
    assert.equal(r.endMs, Date.UTC(2020, 7, 14, 0, 50, 48));
    assert.equal(r.startMs, r.endMs);
    assert.match(r.warnings.join(' '), /no time zone.*read as UTC/);
    const table = r.tables['svc_stats'] as Array<Record<string, unknown>>;
    assert.deepEqual(table.find((x) => x['stat_name'] === 'cpu_pc'), {
      object_kind: null, object_id: null, object_name: null, stat_name: 'cpu_pc', stat_current: 1, stat_peak: 7,
      stat_peak_time: '200814004848', stat_peak_time_ms: Date.UTC(2020, 7, 14, 0, 48, 48), metric: 'cpu_pct',
    });
  });

  it('lsnodestats v8.4: per node, node.<node_name>. prefix', (t) => {
    const r = runOf('svc/svci__v8.4_lsnodestats_rest.json');
    if (!r) return t.skip(SKIP_NO_CORPUS);
    assert.equal(r.name, 'lsnodestats node1, node2');
    assert.equal(Object.keys(r.metrics).length, 2 * 46 * 2);
    assert.equal(r.metrics['node.node1.svc.fc_io'], 11); // "fc_io", "11", "40", "221126132024"
    assert.equal(r.metrics['node.node1.svc.fc_io_peak'], 40);
    assert.equal(r.metrics['node.node1.svc.sas_mb'], 28);
    assert.equal(r.metrics['node.node1.write.iops'], 4); // vdisk_w_io "4" (line 190)
    assert.equal(r.metrics['node.node1.svc.vdisk_w_io_peak'], 32);
    assert.equal(r.metrics['node.node2.write.iops'], 12); // line 558
    assert.equal(r.metrics['node.node2.svc.vdisk_r_io_peak'], 5);
    assert.equal(r.metrics['node.node2.cpu_pct'], 1);
    assert.equal(r.metrics['node.node2.svc.cpu_pc_peak'], 2);
    assert.equal(r.metrics['node.node2.svc.drive_r_ms'], 3);
    assert.equal(r.metrics['read.iops'], undefined, 'no unprefixed (cluster) figure is invented');
    assert.equal(r.endMs, Date.UTC(2022, 10, 26, 13, 20, 39));
  });

  it('lsnodecanisterstats v8.5.2.2: keys sorted differently, 3-decimal values', (t) => {
    const r = runOf('svc/svci__v8.5.2.2_lsnodecanisterstats_rest.json');
    if (!r) return t.skip(SKIP_NO_CORPUS);
    assert.equal(r.metrics['node.node1.svc.fc_io'], 1970);
    assert.equal(r.metrics['node.node1.svc.fc_io_peak'], 2172);
    assert.equal(r.metrics['node.node1.svc.drive_r_ms'], 0.322);
    assert.equal(r.metrics['node.node1.cpu_pct'], 6);
    assert.equal(r.metrics['node.node2.svc.fc_io'], 1924);
    assert.equal(r.metrics['node.node2.svc.drive_r_ms_peak'], 0.606);
    assert.equal(r.metrics['node.node2.write.lat_avg_ms'], 0); // vdisk_w_ms "0.000"
    assert.equal(r.metrics['node.node1.svc.iplink_io'], 202);
    assert.equal(r.endMs, Date.UTC(2022, 11, 18, 11, 49, 25));
  });
});

describe('svc-lsstats CLI text', () => {
  it('lssystemstats, space-aligned, with the prompt line before it; MB/s converted to MiB/s', () => {
    const r = parseText([
      'IBM_FlashSystem:FS5200-4:superuser>lssystemstats',
      'stat_name          stat_current stat_peak stat_peak_time',
      'compression_cpu_pc 0            0         240325185301',
      'cpu_pc             3            9         240325185031',
      'vdisk_r_mb         100          250       240325185111',
      'vdisk_r_ms         0.412        1.905     240325185206',
      'vdisk_r_io         6400         9000      240325185111',
      'power_w            427          430       240325185001',
      'IBM_FlashSystem:FS5200-4:superuser>',
      '',
    ].join('\r\n'));
    assert.equal(r.metrics['cpu_pct'], 3);
    assert.equal(r.metrics['read.bw_mib_s'], 100 * MB_TO_MIB);
    assert.equal(r.metrics['svc.vdisk_r_mb_peak'], 250, 'peaks stay in the stat\'s own unit');
    assert.equal(r.metrics['read.lat_avg_ms'], 0.412);
    assert.equal(r.metrics['read.iops'], 6400);
    assert.equal(r.metrics['svc.power_w'], 427);
    assert.equal(r.endMs, Date.UTC(2024, 2, 25, 18, 53, 1));
    assert.match(r.warnings.join(' '), /1 line\(s\) that are not stats rows skipped \(first: line 9\)/);
    const mapping = r.tables['stat_mapping'] as Array<{ stat: string; metric: string; factor: number }>;
    assert.deepEqual(mapping.find((m) => m.stat === 'vdisk_r_mb'), { stat: 'vdisk_r_mb', metric: 'read.bw_mib_s', factor: MB_TO_MIB, unit: 'MiB/s' });
  });

  it('lsnodestats -delim :', () => {
    const r = parseText([
      'node_id:node_name:stat_name:stat_current:stat_peak:stat_peak_time',
      '1:node1:cpu_pc:1:1:221126132039',
      '1:node1:vdisk_w_io:4:32:221126132024',
      '2:node2:cpu_pc:1:2:221126132003',
      '2:node2:vdisk_w_io:12:30:221126132023',
    ].join('\n'));
    assert.equal(r.name, 'lsnodestats node1, node2');
    assert.deepEqual(r.metrics, {
      'node.node1.cpu_pct': 1, 'node.node1.svc.cpu_pc_peak': 1, 'node.node1.write.iops': 4, 'node.node1.svc.vdisk_w_io_peak': 32,
      'node.node2.cpu_pct': 1, 'node.node2.svc.cpu_pc_peak': 2, 'node.node2.write.iops': 12, 'node.node2.svc.vdisk_w_io_peak': 30,
    });
  });

  it('-history: time series per node and stat, metric = mean (column layout UNVERIFIED: read from the header)', () => {
    const r = parseText([
      'node_id node_name sample_time  stat_name  stat_value',
      '1       node1     240325185300 vdisk_r_io 100',
      '1       node1     240325185305 vdisk_r_io 300',
      '1       node1     240325185310 vdisk_r_io 200',
      '',
      'node_id node_name sample_time  stat_name  stat_value',
      '1       node1     240325185300 vdisk_r_mb 10',
      '1       node1     240325185305 vdisk_r_mb 20',
    ].join('\n'));
    assert.equal(r.name, 'lsnodestats -history node1');
    const s = r.series.find((x) => x.metric === 'read.iops')!;
    assert.equal(s.object, 'node1');
    assert.deepEqual([...s.times], [0, 5, 10].map((k) => Date.UTC(2024, 2, 25, 18, 53, k)));
    assert.deepEqual([...s.values], [100, 300, 200]);
    assert.equal(r.metrics['node.node1.read.iops'], 200);
    assert.equal(r.metrics['node.node1.read.bw_mib_s'], 15 * MB_TO_MIB);
    assert.deepEqual([r.startMs, r.endMs], [Date.UTC(2024, 2, 25, 18, 53, 0), Date.UTC(2024, 2, 25, 18, 53, 10)]);
  });
});

describe('svc-lsstats bad input', () => {
  it('empty file, truncated JSON (with its line), no rows', (t) => {
    assert.match(svcLsstatsImporter.parse({ bytes: enc(''), name: 'e' }).errors[0]!.message, /empty/);
    const json = '[\n  {\n    "stat_name": "cpu_pc",\n    "stat_current": "1",\n    "stat_peak": "7",\n    "stat_peak_time": "2008';
    const r = svcLsstatsImporter.parse({ bytes: enc(json), name: 'cut' });
    assert.equal(r.runs.length, 0);
    assert.match(r.errors[0]!.message, /not valid JSON/);
    assert.equal(r.errors[0]!.line, 6);
    const noRows = svcLsstatsImporter.parse({ bytes: enc('stat_name stat_current stat_peak stat_peak_time\n'), name: 'hdr' });
    assert.match(noRows.errors[0]!.message, /no stats rows/);
    const p = corpusFile('svc/svci__v8.4_lsnodestats_rest.json');
    if (!p) return t.skip(SKIP_NO_CORPUS);
    const cut = readBytes(p).subarray(0, 5000);
    const c = svcLsstatsImporter.parse({ bytes: cut, name: 'cut' });
    assert.equal(c.runs.length, 0);
    assert.ok((c.errors[0]!.line ?? 0) > 200, `line ${c.errors[0]!.line}`);
  });

  it('a value that is not a number is skipped with a warning, not a 0', () => {
    const r = parseText('stat_name stat_current stat_peak stat_peak_time\ncpu_pc n/a 3 240325185031\nfc_io 5 6 240325185031\n');
    assert.equal(r.metrics['cpu_pct'], undefined);
    assert.equal(r.metrics['svc.fc_io'], 5);
    assert.match(r.warnings.join(' '), /1 stat row\(s\) without a readable value skipped \(first: line 2\)/);
  });
});
