/**
 * vmstat, mpstat and pidstat on captures made by running them on the build machine (test-files/,
 * the command in each file's name) and on hand-made variants of them: no -t, a zone that means
 * several offsets, 12-hour times across midnight and the new year, a banner line cut off, no
 * banner, repeated headers and CRLF line ends. Figures are read from the files by hand (line
 * numbers given).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { detectFormat } from '../registry.js';
import type { ParsedRun, ParseResult } from '../types.js';
import { mpstatImporter } from './mpstat.js';
import { pidstatImporter } from './pidstat.js';
import { vmstatImporter, VMSTAT_IO_OBJECT } from './vmstat.js';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-files');
const bytes = (name: string): Uint8Array => new Uint8Array(fs.readFileSync(path.join(dir, name)));
const messages = (r: ParseResult): string => r.warnings.map((w) => `${w.line ?? '-'}: ${w.message}`).join('\n');
const series = (run: ParsedRun, object: string, metric: string) => {
  const s = run.series.find((x) => x.object === object && x.metric === metric);
  assert.ok(s, `no series ${object} ${metric} (have ${[...new Set(run.series.map((x) => x.object))].join(', ')})`);
  return s;
};
const utc = (s: string): number => Date.parse(`${s}Z`);

describe('vmstat', () => {
  it('-t in UTC: the since-boot row skipped, KiB read as MiB, every column under its own name', () => {
    const r = vmstatImporter.parse({ bytes: bytes('vmstat-t-1-5.txt'), name: 'vmstat-t-1-5.txt' });
    assert.deepEqual(r.errors, []);
    const run = r.runs[0]!;
    assert.equal(run.tool, 'vmstat');
    // Line 3 (the since-boot row, 14:34:31) starts the capture; line 7 ends it.
    assert.equal(run.startMs, utc('2026-11-28T14:34:31'));
    assert.equal(run.endMs, utc('2026-11-28T14:34:35'));
    assert.deepEqual(run.tables['clock'], { kind: 'zoned', zone: 'UTC', offset_min: 0 });
    assert.match(messages(r), /^3: the first row \(averages since boot/m);
    const bi = series(run, VMSTAT_IO_OBJECT, 'read.bw_mib_s');
    // Lines 4-7: bi 59376, 43932, 80160, 76196 KiB/s.
    assert.deepEqual(Array.from(bi.values), [59376, 43932, 80160, 76196].map((k) => k / 1024));
    assert.deepEqual(Array.from(bi.times), ['14:34:32', '14:34:33', '14:34:34', '14:34:35'].map((t) => utc(`2026-11-28T${t}`)));
    // Line 4: cs 34708, us 53, st 11; free 20868272 KiB.
    assert.equal(series(run, 'system', 'ctx_switches_per_s').values[0], 34708);
    assert.equal(series(run, 'cpu', 'cpu_usr_pct').values[0], 53);
    assert.equal(series(run, 'cpu', 'cpu_steal_pct').values[0], 11);
    assert.equal(series(run, 'memory', 'mem_free_mib').values[0], 20868272 / 1024);
    assert.equal(run.metrics['cpu_usr_pct'], (53 + 69 + 72 + 54) / 4);
    assert.equal(run.params['interval_s'], 1);
  });

  it('-t with CST: the zone is stated, and the clock times read as UTC since CST means three offsets', () => {
    const r = vmstatImporter.parse({ bytes: bytes('vmstat-t-cst.txt'), name: 'vmstat-t-cst.txt' });
    const run = r.runs[0]!;
    assert.equal(run.startMs, utc('2026-11-28T08:34:31'));
    const clock = run.tables['clock'] as { kind: string; zone: string; note: string };
    assert.equal(clock.kind, 'unzoned');
    assert.equal(clock.zone, 'CST');
    assert.match(messages(r), /names the zone "CST", which does not fix one offset/);
  });

  it('without -t: rows 1 s apart from t = 0, no start, and it says so', () => {
    const r = vmstatImporter.parse({ bytes: bytes('vmstat-1-5.txt'), name: 'vmstat-1-5.txt' });
    const run = r.runs[0]!;
    assert.equal(run.startMs, null);
    assert.deepEqual(run.tables['clock'], { kind: 'relative', zone: null, offset_min: null });
    // Line 4 (after the since-boot row): bi 59168 KiB/s at t = 1 s.
    const bi = series(run, VMSTAT_IO_OBJECT, 'read.bw_mib_s');
    assert.deepEqual([bi.times[0], bi.values[0]], [1000, 59168 / 1024]);
    assert.match(messages(r), /ran without -t/);
  });

  it('a repeated header and CRLF line ends read as the same rows', () => {
    const plain = vmstatImporter.parse({ bytes: bytes('vmstat-t-1-5.txt'), name: 'a' }).runs[0]!;
    const r = vmstatImporter.parse({ bytes: bytes('vmstat-t-repeated-header-crlf.txt'), name: 'b' });
    assert.deepEqual(r.errors, []);
    assert.doesNotMatch(messages(r), /left out/);
    assert.deepEqual(r.runs[0]!.series, plain.series);
  });

  it('a row cut in the middle is left out and counted', () => {
    const text = fs.readFileSync(path.join(dir, 'vmstat-t-1-5.txt'), 'utf8').split('\n').slice(0, 6).join('\n').slice(0, -30);
    const r = vmstatImporter.parse({ bytes: new TextEncoder().encode(text), name: 'cut' });
    assert.equal(series(r.runs[0]!, 'cpu', 'cpu_usr_pct').values.length, 2);
    assert.match(messages(r), /^6: 1 row\(s\) that do not match the header/m);
  });
});

describe('mpstat -P ALL', () => {
  it('24-hour rows on the banner date: the total as "cpu", each CPU as "cpuN"', () => {
    const r = mpstatImporter.parse({ bytes: bytes('mpstat-P-ALL-24h.txt'), name: 'm' });
    assert.deepEqual(r.errors, []);
    const run = r.runs[0]!;
    assert.equal(run.host, 'vm');
    assert.equal(run.params['cpus'], 2);
    // Line 3: the first header, 14:34:31 on the banner's 11/28/26, starts the capture.
    assert.equal(run.startMs, utc('2026-11-28T14:34:31'));
    // Line 4: all %usr 43.38 %sys 33.79 at 14:34:32; line 5: CPU 0 %usr 51.85.
    const usr = series(run, 'cpu', 'cpu_usr_pct');
    assert.deepEqual([usr.times[0], usr.values[0]], [utc('2026-11-28T14:34:32'), 43.38]);
    assert.equal(series(run, 'cpu', 'cpu_sys_pct').values[0], 33.79);
    assert.equal(series(run, 'cpu0', 'cpu_usr_pct').values[0], 51.85);
    assert.equal(series(run, 'cpu1', 'cpu_soft_pct').values[0], 4.5);
    assert.equal(usr.values.length, 3, 'three intervals; the Average block is not a row');
    assert.deepEqual(run.tables['clock'], { kind: 'unzoned', zone: null, offset_min: null });
  });

  it('12-hour rows across midnight and the new year: the day moves on', () => {
    const r = mpstatImporter.parse({ bytes: bytes('mpstat-ampm-midnight-new-year.txt'), name: 'm' });
    const usr = series(r.runs[0]!, 'cpu', 'cpu_usr_pct');
    assert.deepEqual(Array.from(usr.times), [utc('2025-12-31T23:59:59'), utc('2026-01-01T00:00:00'), utc('2026-01-01T00:00:01')]);
    assert.equal(r.runs[0]!.startMs, utc('2025-12-31T23:59:58'));
  });

  it('the same capture under en_US (AM/PM, four-digit year) and de_DE (decimal commas, "Durchschn.:") reads the same figures', () => {
    const en = mpstatImporter.parse({ bytes: bytes('mpstat-P-ALL-ampm.txt'), name: 'en' }).runs[0]!;
    const de = mpstatImporter.parse({ bytes: bytes('mpstat-P-ALL-de.txt'), name: 'de' });
    assert.deepEqual(de.errors, []);
    assert.doesNotMatch(messages(de), /left out/);
    assert.equal(en.startMs, utc('2026-11-28T14:34:31'));
    // mpstat-P-ALL-de.txt line 4: all %usr 44,71.
    assert.equal(series(de.runs[0]!, 'cpu', 'cpu_usr_pct').values[0], 44.71);
    assert.equal(series(en, 'cpu', 'cpu_usr_pct').times[2], utc('2026-11-28T14:34:34'));
  });

  it('a banner cut off: times relative to the first one, no start, and the warning names the line', () => {
    const r = mpstatImporter.parse({ bytes: bytes('mpstat-banner-cut.txt'), name: 'cut' });
    assert.deepEqual(r.errors, []);
    const run = r.runs[0]!;
    assert.equal(run.startMs, null);
    assert.deepEqual(Array.from(series(run, 'cpu', 'cpu_usr_pct').times), [1000, 2000, 3000]);
    assert.equal(run.tables['clock'] && (run.tables['clock'] as { kind: string }).kind, 'relative');
    assert.match(messages(r), /^1: sysstat's banner line is cut off/m);
  });

  it('is mpstat, not sar: the registry gives each capture to mpstat', () => {
    for (const f of ['mpstat-P-ALL-24h.txt', 'mpstat-P-ALL-ampm.txt', 'mpstat-P-ALL-de.txt', 'mpstat-banner-cut.txt']) assert.equal(detectFormat(bytes(f)).format, 'mpstat', f);
    // sar -P ALL -u ALL prints %steal before %irq and %soft, sar -u "%system": sar's, not mpstat's.
    const sar = 'Linux 5.15.0 (h) \t01/31/2024 \t_x86_64_\t(8 CPU)\n\n00:00:01 CPU %usr %nice %sys %iowait %steal %irq %soft %guest %gnice %idle\n00:10:01 all 1.00 0.00 1.00 0.00 0.00 0.00 0.00 0.00 0.00 98.00\n';
    assert.equal(detectFormat(new TextEncoder().encode(sar)).format, 'sar');
  });

  it('only a report it does not read (-I SUM): an error naming it', () => {
    const text = 'Linux 5.15.0 (h) \t01/31/2024 \t_x86_64_\t(8 CPU)\n\n10:00:00 CPU %usr %nice %sys %iowait %irq %soft %steal %guest %gnice %idle\n\n10:00:00 CPU intr/s\n10:00:01 all 812.00\n';
    const r = mpstatImporter.parse({ bytes: new TextEncoder().encode(text), name: 'i' });
    assert.equal(r.runs.length, 0);
    assert.match(r.errors[0]!.message, /CPU intr\/s/);
  });
});

describe('pidstat', () => {
  it('clock times: each process, and each command summed over its processes (zero where none ran)', () => {
    const r = pidstatImporter.parse({ bytes: bytes('pidstat-1-3.txt'), name: 'p' });
    assert.deepEqual(r.errors, []);
    const run = r.runs[0]!;
    assert.equal(run.startMs, utc('2026-11-28T14:34:31'));
    // Line 4: 14:34:32 PID 22428 %CPU 24.27; lines 8-9 (14:34:33): 22366 at 1.00 and 22428 at 20.00.
    const p = series(run, 'fio (22428)', 'proc_cpu_pct');
    assert.deepEqual(Array.from(p.values), [24.27, 20, 33.01]);
    const total = series(run, 'fio', 'proc_cpu_pct');
    assert.deepEqual(Array.from(total.values), [24.27, 21, 33.01]);
    assert.equal(series(run, 'fio (22366)', 'proc_cpu_pct').values.length, 1, 'a process is in a report only when it ran');
    assert.deepEqual(run.tables['clock'], { kind: 'unzoned', zone: null, offset_min: null });
  });

  it('-h -H: seconds since the epoch are exact instants, with -u -d -r on one line', () => {
    const r = pidstatImporter.parse({ bytes: bytes('pidstat-h-H-udr.txt'), name: 'p' });
    assert.deepEqual(r.errors, []);
    const run = r.runs[0]!;
    assert.deepEqual(run.tables['clock'], { kind: 'epoch', zone: 'UTC', offset_min: 0 });
    assert.doesNotMatch(messages(r), /read as UTC/);
    // Line 5: 1795876472 PID 22428 kB_rd/s 59944.55, RSS 6600 KiB.
    const rd = series(run, 'fio (22428)', 'read.bw_mib_s');
    assert.deepEqual([rd.times[0], rd.values[0]], [1795876472000, 59944.55 / 1024]);
    assert.equal(series(run, 'fio (22428)', 'rss_mib').values[0], 6600 / 1024);
  });

  it('12-hour times and -d alone', () => {
    const r = pidstatImporter.parse({ bytes: bytes('pidstat-d-ampm.txt'), name: 'p' });
    const rd = series(r.runs[0]!, 'fio', 'read.bw_mib_s');
    // Line 4: 02:34:32 PM kB_rd/s 59211.88.
    assert.deepEqual([rd.times[0], rd.values[0]], [utc('2026-11-28T14:34:32'), 59211.88 / 1024]);
  });

  it('without its banner: no date, times relative to the first, and it says so', () => {
    const r = pidstatImporter.parse({ bytes: bytes('pidstat-no-banner.txt'), name: 'p' });
    assert.deepEqual(r.errors, []);
    assert.equal(r.runs[0]!.startMs, null);
    assert.deepEqual(Array.from(series(r.runs[0]!, 'fio', 'proc_cpu_pct').times), [1000, 2000, 3000]);
    assert.match(messages(r), /without sysstat's banner line/);
    assert.equal(detectFormat(bytes('pidstat-no-banner.txt')).format, 'pidstat');
  });
});

describe('detection of the three', () => {
  it('each capture goes to its importer and no other', () => {
    for (const f of fs.readdirSync(dir)) {
      const id = /^(vmstat|mpstat|pidstat)/.exec(f)?.[1];
      if (id) assert.equal(detectFormat(bytes(f)).format, id, f);
    }
  });
});
