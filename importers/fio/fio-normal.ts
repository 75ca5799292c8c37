/**
 * fio's normal console report (the default --output-format), fio 3.x: many users kept only
 * this. Read per job: the header line's options (rw, bs, ioengine, iodepth), each direction's
 * IOPS/BW line, slat/clat/lat lines and the clat percentile block, and the cpu line.
 *   nvme-direct: (g=0): rw=randread, bs=(R) 4096B-4096B, ..., ioengine=libaio, iodepth=32
 *   nvme-direct: (groupid=0, jobs=1): err= 0: pid=1529227: Fri Jun 19 01:58:18 2020
 *      read: IOPS=109k, BW=426MiB/s (447MB/s)(24.0GiB/60001msec)
 *       clat (usec): min=63, max=5864, avg=285.14, stdev=58.59
 */
import { decodeText } from '../text.js';
import type { Importer, ParamValue, ParsedRun, ParseResult } from '../types.js';
import { derivedWorkload, figuresToMetrics, type DirectionFigures } from './figures.js';
import { canonicalRw, parseFioSize, workloadParams } from './options.js';

const JOB_HEAD = /^(\S.*?): \(groupid=(\d+), jobs=(\d+)\): err=\s*(-?\d+)/;
const OPTIONS_HEAD = /^(\S.*?): \(g=\d+\): rw=([\w:]+), bs=(.*?), ioengine=([\w.]+), iodepth=(\d+)/;
const DIR_LINE = /^\s+(read|write|trim|mixed)\s*: IOPS=([\d.]+)([kMG]?), BW=([\d.]+)([KMGT]i?B|B)\/s.*?\(([\d.]+)[KMGT]?i?B\/(\d+)msec\)/;
const LAT_LINE = /^\s+(slat|clat|lat) \((nsec|usec|msec)\): min=\s*([\d.]+)([kKM]?), max=\s*([\d.]+)([kKM]?), avg=\s*([\d.]+)([kKM]?)/;
const PCT_HEAD = /^\s+clat percentiles \((nsec|usec|msec)\):/;
const PCT_CELL = /([\d.]+)th=\[\s*(\d+)\]/g;
const CPU = /^\s+cpu\s*: usr=([\d.]+)%, sys=([\d.]+)%/;

const SUFFIX: Record<string, number> = { '': 1, k: 1e3, K: 1e3, M: 1e6, G: 1e9 };
const TO_MS: Record<string, number> = { nsec: 1e-6, usec: 1e-3, msec: 1 };
const BW_TO_MIB: Record<string, number> = { B: 1 / 1048576, KiB: 1 / 1024, MiB: 1, GiB: 1024, TiB: 1048576, KB: 1000 / 1048576, MB: 1e6 / 1048576, GB: 1e9 / 1048576 };

export const fioNormalImporter: Importer = {
  id: 'fio-normal',
  version: '1.0.0',
  tool: 'fio',
  title: 'fio normal console output',

  detect(head: string): boolean {
    return /^\S.*?: \(groupid=\d+, jobs=\d+\): err=/m.test(head) && /^[ \t]+(read|write|trim|mixed)\s*: IOPS=/m.test(head);
  },

  parse({ bytes }): ParseResult {
    const { text } = decodeText(bytes);
    const lines = text.split(/\r?\n/);
    const version = /^fio-\d[^\s]*$/m.exec(text)?.[0] ?? null;
    const options = new Map<string, Record<string, ParamValue>>();
    const runs: ParsedRun[] = [];
    let current: { name: string; jobs: number; error: number; dirs: Partial<Record<string, DirectionFigures>>; dir: string | null; pctUnit: string | null; cpu: [number, number] | null } | null = null;
    const finish = (): void => {
      if (!current) return;
      const dirs = (current.dirs.mixed ? { read: current.dirs.mixed } : current.dirs) as Partial<Record<'read' | 'write' | 'trim', DirectionFigures>>;
      const metrics = figuresToMetrics(dirs);
      if (current.dirs.mixed) {
        // unified_rw_reporting: the one direction is the total.
        for (const k of Object.keys(metrics)) if (k.startsWith('read.')) delete metrics[k];
      }
      if (current.cpu) {
        metrics['cpu_usr_pct'] = current.cpu[0];
        metrics['cpu_sys_pct'] = current.cpu[1];
      }
      const params = { ...derivedWorkload(dirs), ...(options.get(current.name) ?? {}), numjobs: current.jobs };
      runs.push({
        name: current.name, tool: 'fio', toolVersion: version, host: null, startMs: null, endMs: null, params, metrics,
        tables: {}, series: [], warnings: options.has(current.name) ? [] : ['no job header line with the options: read % and block size are derived from the results'],
        errors: current.error !== 0 ? [`fio reported error ${current.error}`] : [],
      });
      current = null;
    };
    for (const line of lines) {
      const o = OPTIONS_HEAD.exec(line);
      if (o) {
        const bs = parseFioSize(/\(R\)\s*([\d.]+[KMG]?i?B?)/.exec(o[3]!)?.[1]?.replace(/B$/, '') ?? '');
        const p = workloadParams({ rw: o[2]!, iodepth: o[5]!, ioengine: o[4]! });
        delete p['direct']; // the header does not say
        if (bs !== null) p['bs'] = bs;
        p['rw'] = canonicalRw(o[2]!);
        options.set(o[1]!, p);
        continue;
      }
      const h = JOB_HEAD.exec(line);
      if (h) {
        finish();
        current = { name: h[1]!, jobs: Number(h[3]), error: Number(h[4]), dirs: {}, dir: null, pctUnit: null, cpu: null };
        continue;
      }
      if (!current) continue;
      const d = DIR_LINE.exec(line);
      if (d) {
        current.dir = d[1]!;
        current.dirs[d[1]!] = { iops: Number(d[2]) * SUFFIX[d[3]!]!, bwMibS: Number(d[4]) * (BW_TO_MIB[d[5]!] ?? 1), runtimeMs: Number(d[7]), clatPercentiles: {} };
        continue;
      }
      const fig = current.dir ? current.dirs[current.dir] : undefined;
      const l = LAT_LINE.exec(line);
      if (l && fig) {
        const v = (x: string, s: string): number => Number(x) * SUFFIX[s]! * TO_MS[l[2]!]!;
        fig[l[1] as 'slat' | 'clat' | 'lat'] = { meanMs: v(l[7]!, l[8]!), maxMs: v(l[5]!, l[6]!) };
        continue;
      }
      const ph = PCT_HEAD.exec(line);
      if (ph) {
        current.pctUnit = ph[1]!;
        continue;
      }
      if (current.pctUnit && fig && line.trimStart().startsWith('|')) {
        for (const m of line.matchAll(PCT_CELL)) fig.clatPercentiles![Number(m[1])] = Number(m[2]) * TO_MS[current.pctUnit]!;
        continue;
      }
      current.pctUnit = null;
      const c = CPU.exec(line);
      if (c) current.cpu = [Number(c[1]), Number(c[2])];
    }
    finish();
    if (runs.length === 0) return { runs, warnings: [], errors: [{ message: 'no job report found (a line like "name: (groupid=0, jobs=1): err= 0")' }] };
    return { runs, warnings: [], errors: [] };
  },
};
