/** Reading fio JSON values as fio writes them: numbers sometimes as strings, options always as strings. */
import type { JobOptions } from './options.js';

export type Json = Record<string, unknown>;

export function num(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
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
