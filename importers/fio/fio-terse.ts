/**
 * fio terse output (--minimal / --output-format=terse), versions 3, 4 and 5: one line per job,
 * fields separated by ";" (FORMATS.md 1.2). Latencies are µs; bandwidth KiB/s; iops an integer.
 * Per direction: 4 totals, slat 4, clat 4, 20 percentiles "p%=v", lat 4, bw 5 (41 fields);
 * v5 adds bw samples and iops min/max/mean/stdev/samples (47). v3 has no trim block.
 * unified_rw_reporting: one "mixed" block instead of the directions (=1), or after them (=both).
 * The blocks are counted by their percentile fields, since the tail after them (CPU, I/O depths,
 * latency buckets: 34 fields, then 9 per disk) varies.
 */
import { decodeText } from '../text.js';
import type { Diagnostic, Importer, ParsedRun, ParseResult } from '../types.js';
import { derivedWorkload, figuresToMetrics, type DirectionFigures } from './figures.js';
import { jobErrorFact } from './job-error.js';

const LINE = /^([345]);(fio-[^;]*);([^;]*);(\d+);(-?\d+);/;

const PERCENTILE = /^[\d.]+%=\d+$/;

/** How many direction blocks of `per` fields the line has: each holds its 20 clat percentiles at +12 to +31. */
function blockCount(f: string[], per: number): number {
  let k = 0;
  while (PERCENTILE.test(f[5 + k * per + 12] ?? '') && PERCENTILE.test(f[5 + k * per + 31] ?? '')) k++;
  return k;
}

function block(f: string[], at: number): DirectionFigures | null {
  const num = (i: number): number => Number(f[at + i]);
  const iops = num(2);
  if (!(iops > 0)) return null;
  const lat = (i: number) => ({ meanMs: num(i + 2) / 1000, maxMs: num(i + 1) / 1000 });
  const clatPercentiles: Record<number, number> = {};
  for (let k = 0; k < 20; k++) {
    const m = /^([\d.]+)%=(\d+)$/.exec(f[at + 12 + k] ?? '');
    if (m && Number(m[1]) > 0) clatPercentiles[Number(m[1])] = Number(m[2]) / 1000;
  }
  return { iops, bwMibS: num(1) / 1024, runtimeMs: num(3), slat: lat(4), clat: lat(8), lat: lat(32), clatPercentiles };
}

export const fioTerseImporter: Importer = {
  id: 'fio-terse',
  version: '1.1.0',
  tool: 'fio',
  title: 'fio terse (v3, v4, v5)',

  detect(head: string): boolean {
    return head.split('\n').filter((l) => l.trim()).slice(0, 3).some((l) => LINE.test(l));
  },

  parse({ bytes }): ParseResult {
    const { text } = decodeText(bytes);
    const runs: ParsedRun[] = [];
    const errors: Diagnostic[] = [];
    text.split(/\r?\n/).forEach((line, i) => {
      const m = LINE.exec(line);
      if (!m) return;
      const version = Number(m[1]);
      const f = line.split(';');
      const per = version === 5 ? 47 : 41;
      const directions = version === 3 ? (['read', 'write'] as const) : (['read', 'write', 'trim'] as const);
      const blocks = blockCount(f, per);
      // unified_rw_reporting=1: the mixed block alone; =both: the directions, then the mixed block.
      const dirNames = blocks === 1 ? [] : directions;
      const mixedAt = blocks === 1 ? 5 : blocks === directions.length + 1 ? 5 + per * directions.length : null;
      const cpuAt = 5 + per * blocks;
      // A lone block must be followed by the whole tail: a line cut short in its second block is not unified output.
      const tail = blocks === 1 ? 34 : 5;
      if ((blocks !== directions.length && mixedAt === null) || f.length < cpuAt + tail) {
        const needed = 5 + per * directions.length + 5;
        errors.push({ message: `terse v${version} line has ${f.length} fields, at least ${needed} expected (cut off?)`, line: i + 1 });
        return;
      }
      const dirs: Partial<Record<'read' | 'write' | 'trim', DirectionFigures>> = {};
      dirNames.forEach((d, k) => {
        const b = block(f, 5 + k * per);
        if (b) dirs[d] = b;
      });
      const mixed = mixedAt === null ? undefined : block(f, mixedAt) ?? undefined;
      const metrics = figuresToMetrics(dirs, mixed);
      metrics['cpu_usr_pct'] = Number.parseFloat(f[cpuAt]!);
      metrics['cpu_sys_pct'] = Number.parseFloat(f[cpuAt + 1]!);
      const error = Number(m[5]);
      runs.push({
        name: m[3]!,
        tool: 'fio',
        toolVersion: m[2]!,
        host: null,
        startMs: null,
        endMs: null,
        params: derivedWorkload(dirs, mixed),
        metrics,
        tables: { terse_version: version },
        series: [],
        warnings: ['terse output carries no job options: read % and block size are derived from the results; pattern, I/O depth and jobs are unknown'],
        errors: [],
        ...(error !== 0 ? { validity: [jobErrorFact(error, m[3]!)!] } : {}),
      });
    });
    if (runs.length === 0 && errors.length === 0) errors.push({ message: 'no terse v3/v4/v5 line' });
    // A cut line among good ones is a warning; nothing usable at all is an error.
    return { runs, warnings: runs.length ? errors : [], errors: runs.length ? [] : errors };
  },
};
