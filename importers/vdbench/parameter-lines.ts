/**
 * Parameter-file lines (`wd=wd1,sd=sd*,xfersize=4k,rdpct=70,seekpct=100`,
 * `rd=rd1,wd=wd1,iorate=max,elapsed=60,forthreads=(8,16)`) where a report quotes them. A
 * "Starting RD=" line states only what its for-loops vary, so the workload's fixed xfersize,
 * rdpct and seekpct come from here when the same file carries them.
 */
import type { ParamValue } from '../types.js';
import { applyParam, curvePoint, patternOf } from './run-definition.js';

type Definition = Record<string, string>;

/** Splits on commas outside parentheses: "xfersize=(4k,50,8k,50),rdpct=70". */
function splitTopLevel(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ',' && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

const DEFINITION = /^(?:\d{2}:\d{2}:\d{2}\.\d{3}\s+)?(wd|rd|fwd)=([^,\s]+),(\S.*)$/i;

export interface Definitions {
  /** Keyed "wd:name", "rd:name", "fwd:name" (lower-case kind). */
  byName: Map<string, Definition>;
}

export function collectDefinitions(lines: readonly string[]): Definitions {
  const byName = new Map<string, Definition>();
  for (const line of lines) {
    const m = DEFINITION.exec(line.trim());
    if (!m) continue;
    const def: Definition = {};
    for (const part of splitTopLevel(m[3]!)) {
      const eq = part.indexOf('=');
      if (eq > 0) def[part.slice(0, eq).trim().toLowerCase()] = part.slice(eq + 1).trim();
    }
    const key = `${m[1]!.toLowerCase()}:${m[2]}`;
    byName.set(key, { ...(byName.get(key) ?? {}), ...def });
  }
  return { byName };
}

/** A single value; a list or distribution "(4k,50,8k,50)" is no one block size. */
function single(value: string | undefined): string | null {
  if (value === undefined) return null;
  const v = value.replace(/^\((.*)\)$/, '$1');
  return v.includes(',') ? null : v;
}

function applyWorkload(params: Record<string, ParamValue>, def: Definition | undefined): void {
  if (!def) return;
  for (const key of ['xfersize', 'rdpct', 'seekpct', 'threads']) {
    const v = single(def[key]);
    if (v !== null) applyParam(params, key, v);
  }
  // File-system workloads say random/sequential with fileio= (FwdEntry).
  const fileio = single(def['fileio']);
  const pattern = fileio ? patternOf(fileio.replace(/^(random|sequential).*$/, '$1')) : null;
  if (pattern) params['pattern'] = pattern;
}

/**
 * The params the parameter lines give a run: rd=default / wd=default first, then the workload
 * the RD names (when it names exactly one), then the RD's own threads and iorate. The
 * "Starting RD=" line is applied after this and wins.
 */
export function definitionParams(defs: Definitions, rdName: string): Record<string, ParamValue> {
  const params: Record<string, ParamValue> = {};
  if (defs.byName.size === 0) return params;
  const base = curvePoint(rdName)?.rd ?? rdName;
  const rd = defs.byName.get(`rd:${base}`);
  const rdDefault = defs.byName.get('rd:default');
  applyWorkload(params, defs.byName.get('wd:default'));
  applyWorkload(params, defs.byName.get('fwd:default'));
  for (const kind of ['wd', 'fwd'] as const) {
    const name = single(rd?.[kind] ?? rdDefault?.[kind]);
    if (name && !/[*]/.test(name)) applyWorkload(params, defs.byName.get(`${kind}:${name}`));
  }
  for (const def of [rdDefault, rd]) {
    if (!def) continue;
    const threads = single(def['threads']);
    if (threads !== null) applyParam(params, 'threads', threads);
    const rate = single(def['iorate'] ?? def['fwdrate']);
    if (rate !== null) applyParam(params, 'iorate', rate);
  }
  return params;
}
