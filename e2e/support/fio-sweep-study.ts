/**
 * A stranger's sweep study, written as fio writes it: three configurations × four workloads
 * (4K random read and write, 64K sequential read and write, as in issue 27's Ceph study) × eight
 * I/O depths,
 * one fio JSON per run. Each file is a real fio 3 job (samples/fio/disk) with its options and
 * figures set from a simple model, so IOPS, bandwidth (KiB/s and bytes/s), runtime and every
 * latency agree with each other as they do in fio's own output.
 */
import fs from 'node:fs';
import path from 'node:path';

export const SWEEP_CONFIGS = ['rbd-xfs', 'cephfs', 'nfs-ganesha'] as const;
export const SWEEP_WORKLOADS = [
  { rw: 'randread', bs: '4k', kib: 4 },
  { rw: 'randwrite', bs: '4k', kib: 4 },
  { rw: 'read', bs: '64k', kib: 64 },
  { rw: 'write', bs: '64k', kib: 64 },
] as const;
export const SWEEP_DEPTHS = [1, 2, 4, 8, 16, 32, 64, 128] as const;

type Json = Record<string, unknown>;

/** Writes the study's fio JSON files under `dir/<config>/` and returns the configuration folders. */
export function writeFioSweepStudy(dir: string, template: string): Record<string, string> {
  const base = JSON.parse(fs.readFileSync(template, 'utf8')) as Json & { jobs: Json[] };
  const job = base.jobs[0]! as Json & { read: Json; write: Json; 'job options': Record<string, string> };
  const out: Record<string, string> = {};
  SWEEP_CONFIGS.forEach((config, c) => {
    const folder = path.join(dir, config);
    fs.mkdirSync(folder, { recursive: true });
    out[config] = folder;
    SWEEP_WORKLOADS.forEach((w, k) => {
      for (const depth of SWEEP_DEPTHS) {
        const name = `${w.rw}-${w.bs}-qd${depth}`;
        // Throughput grows with depth up to a knee; each configuration and workload its own scale.
        const peak = (w.kib === 4 ? 40_000 : 2_500) * (1 + c * 0.35) * (w.rw.includes('write') ? 0.6 : 1);
        const iops = (peak * depth) / (depth + 6 + k);
        const runtimeMs = 30_000;
        const ios = Math.round((iops * runtimeMs) / 1000);
        const clatNs = (depth / iops) * 1e9;
        const bwBytes = Math.round(iops * w.kib * 1024);
        const side = (active: boolean): Json => {
          const s = structuredClone(active ? job.read : job.write) as Json & { clat_ns: Json & { percentile?: Record<string, number> }; lat_ns: Json; slat_ns: Json };
          if (!active) {
            for (const key of ['io_bytes', 'io_kbytes', 'bw_bytes', 'bw', 'iops', 'runtime', 'total_ios']) s[key] = 0;
            return s;
          }
          Object.assign(s, {
            io_bytes: ios * w.kib * 1024, io_kbytes: ios * w.kib, bw_bytes: bwBytes, bw: Math.round(bwBytes / 1024), iops, runtime: runtimeMs, total_ios: ios,
            bw_min: Math.round((bwBytes / 1024) * 0.9), bw_max: Math.round((bwBytes / 1024) * 1.1), bw_mean: bwBytes / 1024,
            iops_min: Math.round(iops * 0.9), iops_max: Math.round(iops * 1.1), iops_mean: iops,
          });
          Object.assign(s.slat_ns, { mean: 2_000, N: ios });
          Object.assign(s.clat_ns, { mean: clatNs, min: clatNs * 0.3, max: clatNs * 6, N: ios });
          Object.assign(s.lat_ns, { mean: clatNs + 2_000, min: clatNs * 0.3 + 2_000, max: clatNs * 6 + 2_000, N: ios });
          if (s.clat_ns.percentile) {
            const p: Record<string, number> = {};
            for (const q of Object.keys(s.clat_ns.percentile)) p[q] = Math.round(clatNs * (0.5 + Number(q) / 60));
            s.clat_ns.percentile = p;
          }
          return s;
        };
        const reads = w.rw.includes('read');
        const file = {
          ...base,
          jobs: [{
            ...job, jobname: name, job_runtime: runtimeMs, elapsed: 31,
            'job options': { ...job['job options'], name, rw: w.rw, bs: w.bs, iodepth: String(depth), runtime: '30', size: '1G' },
            read: side(reads), write: side(!reads),
          }],
        };
        fs.writeFileSync(path.join(folder, `${name}.json`), JSON.stringify(file, null, 2));
      }
    });
  });
  return out;
}
