/**
 * A stranger's sweep study, written as fio writes it: three configurations × four workloads
 * (4K random read and write, 64K sequential read and write, as in issue 27's Ceph study) × eight
 * I/O depths,
 * one fio JSON per run. Each file is a real fio 3 job (samples/fio/disk) with its options and
 * figures set from a simple model, so IOPS, bandwidth (KiB/s and bytes/s), runtime and every
 * latency agree with each other as they do in fio's own output.
 *
 * Issue 39's drop is written the same way: four cloud volumes × seven block sizes, 28 files,
 * the volume only in each file's name and fio's `filename` option.
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

/** One fio 3 job as fio writes it, its figures from `iops` (runtime 30 s, latency by Little's law). */
export interface FioJob {
  name: string;
  rw: string;
  /** fio's bs option as written ("4k", "128k") and the same in KiB. */
  bs: string;
  kib: number;
  iodepth: number;
  iops: number;
  /** fio's filename option: the device or file the job ran on. */
  filename?: string;
}

/** The fio JSON document of one job, from a real fio 3 output (`template`) with its options and figures replaced. */
export function fioJobJson(template: string, w: FioJob): Json {
  const base = JSON.parse(fs.readFileSync(template, 'utf8')) as Json & { jobs: Json[] };
  const job = base.jobs[0]! as Json & { read: Json; write: Json; 'job options': Record<string, string> };
  const runtimeMs = 30_000;
  const ios = Math.round((w.iops * runtimeMs) / 1000);
  const clatNs = (w.iodepth / w.iops) * 1e9;
  const bwBytes = Math.round(w.iops * w.kib * 1024);
  const side = (active: boolean): Json => {
    const s = structuredClone(active ? job.read : job.write) as Json & { clat_ns: Json & { percentile?: Record<string, number> }; lat_ns: Json; slat_ns: Json };
    if (!active) {
      for (const key of ['io_bytes', 'io_kbytes', 'bw_bytes', 'bw', 'iops', 'runtime', 'total_ios']) s[key] = 0;
      return s;
    }
    Object.assign(s, {
      io_bytes: ios * w.kib * 1024, io_kbytes: ios * w.kib, bw_bytes: bwBytes, bw: Math.round(bwBytes / 1024), iops: w.iops, runtime: runtimeMs, total_ios: ios,
      bw_min: Math.round((bwBytes / 1024) * 0.9), bw_max: Math.round((bwBytes / 1024) * 1.1), bw_mean: bwBytes / 1024,
      iops_min: Math.round(w.iops * 0.9), iops_max: Math.round(w.iops * 1.1), iops_mean: w.iops,
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
  const options = { ...job['job options'], name: w.name, rw: w.rw, bs: w.bs, iodepth: String(w.iodepth), runtime: '30', size: '1G', ...(w.filename ? { filename: w.filename } : {}) };
  return {
    ...base,
    jobs: [{ ...job, jobname: w.name, job_runtime: runtimeMs, elapsed: 31, 'job options': options, read: side(reads), write: side(!reads) }],
  };
}

/** Writes the study's fio JSON files under `dir/<config>/` and returns the configuration folders. */
export function writeFioSweepStudy(dir: string, template: string): Record<string, string> {
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
        fs.writeFileSync(path.join(folder, `${name}.json`), JSON.stringify(fioJobJson(template, { name, rw: w.rw, bs: w.bs, kib: w.kib, iodepth: depth, iops }), null, 2));
      }
    });
  });
  return out;
}

/** Issue 39's four cloud volumes, each at seven block sizes: a random-write sweep over block size alone. */
export const VOLUMES = [
  { device: 'md0', path: '/dev/md0', scale: 1 },
  { device: 'nvme1n1', path: '/dev/nvme1n1', scale: 2.4 },
  { device: 'xvdf', path: '/dev/xvdf', scale: 0.55 },
  { device: 'xvdg', path: '/dev/xvdg', scale: 0.3 },
] as const;
export const VOLUME_BLOCK_SIZES = [4, 8, 16, 32, 64, 128, 256] as const;

/**
 * Writes issue 39's 28 files into `dir` (flat, as a user's downloads folder holds them), named
 * "miztiik-automation-apps-<bs>kb_16threads_<device>_randwrite.json"; returns their paths.
 */
export function writeFioVolumeStudy(dir: string, template: string, volumes: ReadonlyArray<(typeof VOLUMES)[number]> = VOLUMES): string[] {
  fs.mkdirSync(dir, { recursive: true });
  const out: string[] = [];
  for (const v of volumes) {
    for (const kib of VOLUME_BLOCK_SIZES) {
      const name = `miztiik-automation-apps-${kib}kb_16threads_${v.device}_randwrite`;
      // IOPS fall as blocks grow, towards a bandwidth ceiling; each volume its own scale.
      const iops = (16_000 * v.scale * 16) / (16 + kib);
      const file = path.join(dir, `${name}.json`);
      fs.writeFileSync(file, JSON.stringify(fioJobJson(template, { name: 'randwrite', rw: 'randwrite', bs: `${kib}k`, kib, iodepth: 16, iops, filename: v.path }), null, 2));
      out.push(file);
    }
  }
  return out;
}
