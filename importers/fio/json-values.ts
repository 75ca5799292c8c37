/** Reading fio JSON values as fio writes them: numbers sometimes as strings, options always as strings. */
import { BinCounts } from './json-scan.js';
import type { JobOptions } from './options.js';

export type Json = Record<string, unknown>;

/**
 * A figure fio writes as a non-negative number. A string holding one is read (and warned about:
 * jobValueProblems); a negative or non-finite value is impossible and left out, so it never
 * reaches a total or a comparison.
 */
export function num(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) && n >= 0 ? n : null;
}

export function obj(v: unknown): Json | null {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null;
}

export function stringMap(v: unknown): JobOptions {
  const out: JobOptions = {};
  const o = obj(v);
  if (o) for (const [k, val] of Object.entries(o)) out[k] = String(val);
  return out;
}

/*
 * Values fio never writes, found in a job's result blocks: a number given as a string
 * ("iops": "123"), a number that is not finite (1e999 parses as Infinity), a negative count,
 * rate or time. fio writes every member of a read/write/trim block, and the job's CPU, elapsed
 * and runtime figures, as plain non-negative numbers (stat.c, show_ddir_status_json); the job
 * options are strings by design and are not checked. Each problem is named by its place in the
 * job ("read.clat_ns.mean"), so the user can find it in the file.
 */

const RESULT_BLOCKS = ['read', 'write', 'trim', 'sync', 'mixed'];
const JOB_NUMBERS = ['usr_cpu', 'sys_cpu', 'ctx', 'majf', 'minf', 'elapsed', 'job_runtime', 'job_start'];
/** Past this many, the rest are counted rather than listed: a mangled file must not bury the others' warnings. */
const MAX_REPORTED = 8;

function describe(v: unknown): string {
  const s = typeof v === 'string' ? JSON.stringify(v) : String(v);
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

/** Where a value is in a job: its key (an index in an array) under its parent's place. */
interface Place {
  up: Place | null;
  key: string | number;
}

/** "read.clat_ns.percentile[3]", as the user finds it in the file. */
function placeText(up: Place | null, key: string | number): string {
  const keys: Array<string | number> = [key];
  for (let p = up; p; p = p.up) keys.push(p.key);
  keys.reverse();
  return keys.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('');
}

/** The problems in one job entry, worded for the user ("read.iops is the string "123" ..."). */
export function jobValueProblems(job: Json): string[] {
  const found: string[] = [];
  // A value's place is spelled out only for a problem: a sweep's jobs hold millions of good values.
  const visit = (v: unknown, up: Place | null, key: string | number): void => {
    if (v instanceof BinCounts) return;
    if (typeof v === 'number') {
      if (v >= 0 && v !== Infinity) return; // NaN fails both tests
      const place = placeText(up, key);
      found.push(!Number.isFinite(v) ? `${place} is ${describe(v)}, not a finite number: left out` : `${place} is ${v}: a negative count, rate or time is impossible: left out`);
    } else if (typeof v === 'string') {
      const place = placeText(up, key);
      const n = Number(v);
      found.push(v.trim() !== '' && Number.isFinite(n)
        ? `${place} is the string ${describe(v)} where fio writes a number: read as ${n}`
        : `${place} is the string ${describe(v)} where fio writes a number: left out`);
    } else if (v === null) {
      found.push(`${placeText(up, key)} is null where fio writes a number: left out`);
    } else if (Array.isArray(v)) {
      const here = { up, key };
      for (let i = 0; i < v.length; i++) visit(v[i], here, i);
    } else if (typeof v === 'object') {
      const here = { up, key };
      for (const k in v as Json) visit((v as Json)[k], here, k);
    }
  };
  const visitTop = (v: unknown, key: string): void => visit(v, null, key);
  for (const block of RESULT_BLOCKS) if (job[block] !== undefined) visitTop(job[block], block);
  for (const key of JOB_NUMBERS) if (job[key] !== undefined) visitTop(job[key], key);
  if (found.length <= MAX_REPORTED) return found;
  return [...found.slice(0, MAX_REPORTED), `and ${found.length - MAX_REPORTED} more values fio never writes so`];
}
