/**
 * fio job options as fio writes them into JSON: every value is a string ("4k", "01", "50s",
 * "randread:8", ""). These helpers turn them into the canonical workload parameters.
 * Reference: fio HOWTO "Parameter types" (int with suffixes, kb_base, time with units).
 */
import type { ParamValue } from '../types.js';

export type JobOptions = Record<string, string>;

/**
 * Parses an fio size ("4k", "1M", "4KiB", "50000Mi", "512") into bytes, the way fio does
 * (parse.c __get_mult_bytes): plain and "kb" suffixes use kb_base (1024 unless the job sets
 * kb_base=1000); the IEC spellings "kib", "mib"... use the *opposite* base, so with the default
 * kb_base=1024 "4KiB" is 4000 bytes ("compatibility mode", HOWTO kb_base). "Mi" without the b is
 * a plain prefix.
 */
export function parseFioSize(raw: string, kbBase = 1024): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmgtpe]?)(ib|i|b)?\s*$/i.exec(raw);
  if (!m) return null;
  const value = Number(m[1]);
  const prefix = m[2]!.toLowerCase();
  if (!prefix) return Math.round(value);
  const iec = (m[3] ?? '').toLowerCase() === 'ib';
  const base = iec ? (kbBase === 1000 ? 1024 : 1000) : kbBase;
  const power = 'kmgtpe'.indexOf(prefix) + 1;
  return Math.round(value * base ** power);
}

/**
 * Parses an fio time ("60", "50s", "1m", "500ms", "2h") into seconds. A bare number is seconds
 * for runtime and ramp_time (HOWTO "time" type, default unit seconds).
 */
export function parseFioSeconds(raw: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(us|usec|ms|msec|s|sec|m|min|h|d)?\s*$/i.exec(raw);
  if (!m) return null;
  const value = Number(m[1]);
  const unit = (m[2] ?? 's').toLowerCase();
  const factor: Record<string, number> = {
    us: 1e-6, usec: 1e-6, ms: 1e-3, msec: 1e-3, s: 1, sec: 1, m: 60, min: 60, h: 3600, d: 86400,
  };
  return value * (factor[unit] ?? 1);
}

function parseIntOption(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  const m = /^\s*(\d+)\s*$/.exec(raw); // "01" is 1: fio-plot's scripts write zero-padded depths
  return m ? Number(m[1]) : null;
}

/** The canonical fio rw value: "readwrite" is "rw", and ":8" (sequence offsets) is dropped. */
export function canonicalRw(raw: string): string {
  const base = raw.trim().toLowerCase().split(':')[0]!;
  if (base === 'readwrite') return 'rw';
  if (base === 'randreadwrite') return 'randrw';
  return base;
}

function readPercent(rw: string, options: JobOptions): number | null {
  switch (rw) {
    case 'read':
    case 'randread':
      return 100;
    case 'write':
    case 'randwrite':
    case 'trim':
    case 'randtrim':
    case 'trimwrite':
      return 0;
    case 'rw':
    case 'randrw': {
      const read = parseIntOption(options['rwmixread']);
      if (read !== null) return read;
      const write = parseIntOption(options['rwmixwrite']);
      if (write !== null) return 100 - write;
      return 50; // fio's default mix
    }
    default:
      return null;
  }
}

function accessPattern(rw: string, options: JobOptions): 'random' | 'sequential' | 'mixed' {
  const pctRandom = parseIntOption(options['percentage_random']);
  if (pctRandom !== null && pctRandom > 0 && pctRandom < 100) return 'mixed';
  if (pctRandom === 100) return 'random';
  return rw.startsWith('rand') ? 'random' : 'sequential';
}

/**
 * A yes/no option is set: present, and not 0/false/off/no. fio writes a flag given bare
 * (`--group_reporting`) as "" and one given a value as that value ("1").
 */
export function optionSet(options: JobOptions, name: string): boolean {
  const v = options[name];
  return v !== undefined && !/^(0|false|off|no)$/i.test(v.trim());
}

/**
 * Derives the canonical workload parameters from a job's effective options (global options
 * overlaid with the job's own). Unknown or unparseable values are kept out rather than guessed.
 */
export function workloadParams(options: JobOptions): Record<string, ParamValue> {
  const params: Record<string, ParamValue> = {};
  const kbBase = options['kb_base'] === '1000' ? 1000 : 1024;

  const rwRaw = options['rw'] ?? options['readwrite'] ?? 'read'; // fio's default is read
  const rw = canonicalRw(rwRaw);
  params['rw'] = rw;
  params['pattern'] = accessPattern(rw, options);
  const readPct = readPercent(rw, options);
  if (readPct !== null) params['read_pct'] = readPct;

  const bsRaw = options['bs'] ?? options['blocksize'];
  if (options['bssplit']) {
    params['bssplit'] = options['bssplit'];
  } else {
    // "4k,64k" gives read and write sizes (a third, trims; a missing one takes the one before,
    // an empty one fio's default 4k): a write-only job's size is its write size. Within one,
    // "4k-16k" is a range, named by its first figure.
    const parts = (bsRaw ?? '4k').split(',');
    const sizeFor = (k: number): string => (parts[Math.min(k, parts.length - 1)]!.trim() || '4k');
    // With bs_is_seq_rand the two sizes are sequential,random instead (fio io_u.c: random I/O
    // takes the second).
    const part = optionSet(options, 'bs_is_seq_rand') ? sizeFor(rw.startsWith('rand') ? 1 : 0)
      : readPct === 0 ? sizeFor(/trim/.test(rw) ? 2 : 1) : sizeFor(0);
    const bs = parseFioSize(part.split(/[:-]/)[0]!, kbBase);
    if (bs !== null) params['bs'] = bs;
  }

  params['iodepth'] = parseIntOption(options['iodepth']) ?? 1;
  params['numjobs'] = parseIntOption(options['numjobs']) ?? 1;
  params['ioengine'] = options['ioengine'] ?? 'psync';
  const direct = parseIntOption(options['direct']);
  params['direct'] = direct ?? 0;

  const size = options['size'] ? parseFioSize(options['size'], kbBase) : null;
  if (size !== null) params['size_bytes'] = size;
  const runtime = options['runtime'] ? parseFioSeconds(options['runtime']) : null;
  if (runtime !== null) params['runtime_s'] = runtime;
  const target = options['filename'] ?? options['directory'];
  if (target) params['target'] = target;
  Object.assign(params, limitParams(options, kbBase));
  return params;
}

/**
 * Options that change what the figures mean (issue 40): a rate cap makes throughput what was
 * asked for, not what the storage can do (latency is then the finding); verify reads back and
 * checks what was written, which is work of its own. "500" is one figure for every direction;
 * "500,200" (read,write) is kept as written.
 */
function limitParams(options: JobOptions, kbBase: number): Record<string, ParamValue> {
  const out: Record<string, ParamValue> = {};
  const perDirection = (raw: string, parse: (part: string) => number | null): ParamValue | null => {
    const parts = raw.split(',').map((p) => p.trim());
    const values = parts.map((p) => (p === '' ? null : parse(p)));
    if (values.every((v) => v === null || v === 0)) return null;
    return parts.length === 1 ? values[0]! : parts.join(',');
  };
  for (const [option, param, parse] of [
    ['rate_iops', 'rate_iops', (p: string) => parseIntOption(p)],
    ['rate_iops_min', 'rate_iops_min', (p: string) => parseIntOption(p)],
    ['rate', 'rate_bytes_s', (p: string) => parseFioSize(p, kbBase)],
    ['rate_min', 'rate_min_bytes_s', (p: string) => parseFioSize(p, kbBase)],
  ] as const) {
    const raw = options[option];
    const v = raw === undefined ? null : perDirection(raw, parse);
    if (v !== null) out[param] = v;
  }
  if (options['rate_process'] && (out['rate_iops'] !== undefined || out['rate_bytes_s'] !== undefined)) out['rate_process'] = options['rate_process'];
  const verify = options['verify']?.trim().toLowerCase();
  if (verify && !/^(0|none|false|off|no)$/.test(verify)) out['verify'] = verify;
  return out;
}
