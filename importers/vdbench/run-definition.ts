/**
 * Run definitions: the "Starting RD=" line and the workload parameters vdbench states for a
 * run (FORMATS.md 2.5), turned into PerfDelta's canonical params.
 */
import type { ParamValue } from '../types.js';
import { parseTimeOfDay } from './wall-clock.js';

/** RD_entry.MAX_RATE / CURVE_RATE. Older vdbench wrote one 9 fewer (a real flatfile: reqrate 999988). */
const MAX_RATES = new Set([9999988, 999988]);
const CURVE_RATES = new Set([9999977, 999977]);

const SIZE_UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4, p: 1024 ** 5 };

/**
 * "4k" = 4096, "1.500k" = 1536, "1k" threads = 1024 (FileAnchor.whatSize prints every
 * for-loop number from 1024 up with a binary suffix, thread counts included).
 */
export function parseSize(text: string): number | null {
  const m = /^(\d+(?:\.\d+)?)([kmgtp]?)$/i.exec(text.trim());
  if (!m) return null;
  return Math.round(Number(m[1]) * SIZE_UNITS[m[2]!.toLowerCase()]!);
}

/** seekpct: 100 (or "random") is random, 0 / "seq" / "eof" sequential, anything between mixed. */
export function patternOf(seekpct: string | number): 'random' | 'sequential' | 'mixed' | null {
  const t = String(seekpct).trim().toLowerCase();
  if (t === 'random' || t === 'rand') return 'random';
  if (t === 'sequential' || t === 'seq' || t === 'eof') return 'sequential';
  const n = Number(t);
  if (t === '' || !Number.isFinite(n)) return null;
  // seekpct=eof is stored as -1 (sequential, stop at end of file).
  if (n <= 0) return 'sequential';
  return n >= 100 ? 'random' : 'mixed';
}

/** 'max', 'curve', 'variable', a percentage of the curve's max ("50%"), or the requested rate. */
export function iorateOf(text: string): ParamValue | null {
  const t = text.trim().toLowerCase().replace(/[.;]$/, '');
  if (/\bmax$/.test(t)) return 'max';
  if (/\bcurve$/.test(t)) return 'curve';
  if (t === 'variable') return 'variable';
  if (/^\d+%$/.test(t)) return t;
  const n = Number(t);
  if (!Number.isFinite(n) || t === '') return null;
  if (MAX_RATES.has(n)) return 'max';
  if (CURVE_RATES.has(n)) return 'curve';
  return n;
}

/** `rd1_(70%)`: a curve point, renamed by RD_entry.insertCurveRuns. */
export function curvePoint(rdName: string): { rd: string; pct: number } | null {
  const m = /^(.*)_\((\d+)%\)$/.exec(rdName);
  return m ? { rd: m[1]!, pct: Number(m[2]) } : null;
}

/** Params every run gets from its RD name. */
export function rdParams(rdName: string): Record<string, ParamValue> {
  const curve = curvePoint(rdName);
  const params: Record<string, ParamValue> = { rd: curve ? curve.rd : rdName };
  if (curve) {
    params['iorate'] = 'curve';
    params['curve_pct'] = curve.pct;
  }
  // The format pass of a file-system run and the SD prefill are set-up, not a measurement.
  if (/^format_for_/.test(rdName) || /^SD_format$/i.test(rdName)) params['format'] = true;
  return params;
}

/**
 * Applies one vdbench workload parameter under its canonical name: xfersize -> bs (bytes),
 * rdpct -> read_pct, seekpct -> pattern (and seekpct), threads, iorate/fwdrate -> iorate.
 * Other for-loop parameters (rhpct, whpct, hitarea, compratio, width, depth, files, sizes,
 * totalsize, wss, operation) keep their vdbench names.
 */
export function applyParam(params: Record<string, ParamValue>, key: string, raw: string): void {
  const k = key.toLowerCase().replace(/^for/, '');
  const value = raw.trim();
  if (value === '' || value.toLowerCase() === 'n/a') return;
  switch (k) {
    case 'xfersize': {
      const bs = parseSize(value);
      if (bs !== null) params['bs'] = bs;
      return;
    }
    case 'rdpct': {
      const n = Number(value);
      if (Number.isFinite(n)) params['read_pct'] = n;
      return;
    }
    case 'seekpct': {
      const pattern = patternOf(value);
      if (pattern) params['pattern'] = pattern;
      const n = Number(value);
      params['seekpct'] = Number.isFinite(n) ? n : value;
      return;
    }
    case 'threads': {
      const n = parseSize(value);
      if (n !== null) params['threads'] = n;
      return;
    }
    case 'iorate':
    case 'fwdrate':
    case 'reqrate': {
      // A curve point's own RD name already says 'curve'; its requested rate is the target.
      const rate = iorateOf(value);
      if (rate === null) return;
      if (params['curve_pct'] !== undefined && typeof rate === 'number') params['iorate_target'] = rate;
      else params['iorate'] = rate;
      return;
    }
    default: {
      const n = parseSize(value);
      params[k] = n ?? value;
    }
  }
}

export interface StartingRd {
  name: string;
  line: number;
  tod: number | null;
  elapsedS: number | null;
  warmupS: number | null;
  /** The for-loop values as printed ("xfersize=4k rdpct=70"), '' for "None". */
  forLoops: string;
  params: Record<string, ParamValue>;
}

/**
 * `Starting RD=rd1; I/O rate: Uncontrolled MAX; elapsed=30 warmup=5; For loops: xfersize=4k threads=1k`
 * or, for file-system runs, `Starting RD=rd1; elapsed=600; fwdrate=max. For loops: None`
 * (RD_entry.display_run). A format run prints only `Starting RD=format_for_rd1`.
 */
export function parseStartingRd(line: string, lineNo: number): StartingRd | null {
  const m = /(?:(\d{2}:\d{2}:\d{2}\.\d{3})\s+)?(?:Starting|Simulating) RD=([^;\s]+)(.*)$/.exec(line);
  if (!m) return null;
  const name = m[2]!;
  const rest = m[3] ?? '';
  const params = rdParams(name);
  const rate = /I\/O rate(?: \(Replay\))?:\s*([^;]+)/.exec(rest) ?? /fwdrate=(\S+)/.exec(rest);
  if (rate) applyParam(params, 'iorate', rate[1]!);
  const elapsed = /elapsed=(\d+)/.exec(rest);
  if (elapsed) params['runtime_s'] = Number(elapsed[1]);
  const warmup = /warmup=(\d+)/.exec(rest);
  const loops = /For loops:\s*(.*)$/.exec(rest);
  let forLoops = loops ? loops[1]!.trim() : '';
  if (/^none$/i.test(forLoops)) forLoops = '';
  for (const pair of forLoops.split(/\s+/)) {
    const eq = pair.indexOf('=');
    if (eq > 0) applyParam(params, pair.slice(0, eq), pair.slice(eq + 1));
  }
  return {
    name,
    line: lineNo,
    tod: m[1] ? parseTimeOfDay(m[1]) : null,
    elapsedS: elapsed ? Number(elapsed[1]) : null,
    warmupS: warmup ? Number(warmup[1]) : null,
    forLoops,
    params,
  };
}

/** The run's name: the RD name, plus the for-loop values that tell its expansions apart. */
export function runName(rd: StartingRd): string {
  return rd.forLoops ? `${rd.name} ${rd.forLoops}` : rd.name;
}
