/**
 * Wait Event Histograms: per event, the share of its waits in each latency bucket ("% of Total
 * Waits"). The sections by release, as printed by the real reports in ../shared/corpus/awr:
 *
 * - 11g to 12.1: "Wait Event Histogram" (<1ms <2ms <4ms <8ms <16ms <32ms <=1s >1s) and
 *   "Wait Event Histogram Detail (64 msec to 2 sec)", "(4 sec to 2 min)", "(4 min to 1 hr)";
 * - 12.2 to 19c: "Wait Event Histogram" in microseconds (<8us ... <512us >=512us), then
 *   "(up to 64 us)", "(up to 32 ms)", "(up to 2 sec)", "(up to 2 min)", "(up to 1 hr)";
 * - RAC global (awrgrpt): "Wait Event Histogram (Global)", <1us to >=1s in one table.
 *
 * Each table's first bucket holds every wait below its bound ("<512" in the 32 ms table is all
 * waits under 512 µs), so a table's running sum is the share under each bound; the tables of
 * one event agree on those cumulative shares, and are merged into one set of buckets from the
 * finest to the coarsest bound. The text layout cuts headings to 5 characters ("<128u", "<512",
 * ">=32m"): a heading's unit is read from its letters, a bare number takes the unit that keeps
 * the bounds rising, and "m" is minutes only in the tables the title says reach minutes. The
 * 12.2 notes define "ms" as 1024 µs and "s" as 1024 ms; bounds are kept at their nominal values.
 */
import { isIdleEvent } from './idle-events.js';
import { parseAwrNumber } from './numbers.js';
import type { NameResolver } from './names.js';
import { tablesTitled, type ReportDocument } from './report-document.js';
import { cell, columnRoles, headerKey, type ReportTable } from './report-tables.js';

export interface WaitHistogram {
  event: string;
  /** The waits the shares are of: the histogram's own Total Waits, else the event list's. */
  waits: number | null;
  idle?: true;
  /**
   * Buckets from the finest, empty ones left out: [upper bound in ms, or null for "at or above
   * the last bound"; % of the waits from the previous bound up to this one].
   */
  buckets: Array<[number | null, number]>;
}

export const HISTOGRAM_TITLE = /^wait event histogram( \(global\)| detail \(.*\)| \(up to .*\))?$/;

const UNIT_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, u: 1e-3, 'µs': 1e-3, 'µ': 1e-3, ms: 1, s: 1000, sec: 1000, min: 60000, h: 3600000, hr: 3600000 };

/** The upper bound of a "<" heading in ms, or null for an overflow (">=1s", ">1s") or another column. */
export function bucketBounds(headers: readonly string[], title: string): Array<number | 'overflow' | null> {
  const minutes = /\b(min|hr|hour)/i.test(title);
  const parsed = headers.map((h) => {
    // The first bucket's heading carries the group heading above it ("% of Total Waits <1ms").
    const t = /[<>][^<>]*$/.exec(h)?.[0].trim() ?? '';
    if (/^>/.test(t)) return { kind: 'overflow' as const };
    const m = /^<\s*=?\s*(\d+(?:\.\d+)?)(?:\s*\/\s*(\d+))?\s*([a-zµ]*)$/i.exec(t);
    if (!m) return null;
    const value = Number(m[1]) / (m[2] ? Number(m[2]) : 1);
    const unit = m[3]!.toLowerCase();
    const scale = unit === 'm' ? (minutes ? 60000 : 1) : UNIT_MS[unit];
    return { kind: 'bound' as const, value, scale: unit === '' ? null : scale ?? null };
  });
  // A bare number ("<512" before "<1ms") takes the next column's unit, one unit finer when that
  // would not stay below the next bound.
  for (let i = parsed.length - 1; i >= 0; i--) {
    const p = parsed[i];
    if (!p || p.kind !== 'bound' || p.scale !== null) continue;
    const next = parsed.slice(i + 1).find((q) => q?.kind === 'bound' && q.scale !== null);
    if (!next || next.kind !== 'bound' || next.scale === null) continue;
    const nextBound = next.value * next.scale;
    p.scale = p.value * next.scale < nextBound ? next.scale : next.scale / 1000;
  }
  return parsed.map((p) => (p === null ? null : p.kind === 'overflow' ? 'overflow' : p.scale === null ? null : p.value * p.scale));
}

interface EventParts {
  waits: number | null;
  /** Bound in ms to the cumulative shares tables gave for it. */
  cumulative: Map<number, number[]>;
}

function readTable(t: ReportTable, names: NameResolver, into: Map<string, EventParts>): void {
  const bounds = bucketBounds(t.headers, t.title);
  const columns = bounds.map((b, i) => ({ b, i })).filter((x) => x.b !== null);
  if (columns.filter((x) => typeof x.b === 'number').length < 2) return;
  const c = columnRoles(t.headers, [['name', /^event( name)?$/], ['waits', /waits/]]);
  const name = c.name ?? 0;
  // "Total Waits" or the global "Waits" count all waits; "Waits 1ms to 32m" only a range's.
  const waitsHeader = c.waits === undefined ? '' : headerKey(t.headers[c.waits]!);
  const totalWaits = c.waits !== undefined && !/\bto\b|-|\d/.test(waitsHeader);
  const width = t.widths?.[name];
  for (const r of t.rows) {
    const printed = cell(r, name);
    if (!printed) continue;
    const event = names.resolve(printed, width);
    let p = into.get(event);
    if (!p) into.set(event, (p = { waits: null, cumulative: new Map() }));
    if (totalWaits) p.waits ??= parseAwrNumber(cell(r, c.waits));
    let running = 0;
    let last = -Infinity;
    for (const { b, i } of columns) {
      if (b === 'overflow') break;
      const bound = b as number;
      if (!(bound > last)) break;
      last = bound;
      running += parseAwrNumber(cell(r, i)) ?? 0;
      const seen = p.cumulative.get(bound);
      if (seen) seen.push(running);
      else p.cumulative.set(bound, [running]);
    }
  }
}

/**
 * Every event's histogram, merged over the report's histogram tables. `eventWaits` gives the
 * waits of events whose histogram prints none; `idle` says which events are idle.
 */
export function readWaitHistograms(doc: ReportDocument, names: NameResolver, eventWaits: ReadonlyMap<string, number | null>, idle: (event: string) => boolean): WaitHistogram[] {
  const partials = new Map<string, EventParts>();
  for (const t of tablesTitled(doc, HISTOGRAM_TITLE)) readTable(t, names, partials);
  const out: WaitHistogram[] = [];
  for (const [event, p] of partials) {
    const bounds = [...p.cumulative.keys()].sort((a, b) => a - b);
    const buckets: Array<[number | null, number]> = [];
    let prev = 0;
    for (const b of bounds) {
      const seen = p.cumulative.get(b)!;
      // Tables agree up to their rounding (0.1%); a cumulative share never falls.
      const cum = Math.min(100, Math.max(prev, seen.reduce((s, v) => s + v, 0) / seen.length));
      // Empty buckets are left out: the distribution is the same, and a report's hundred events
      // keep to a few kilobytes.
      if (cum - prev > 0.0005) buckets.push([b, round(cum - prev)]);
      prev = cum;
    }
    if (100 - prev > 0.001) buckets.push([null, round(100 - prev)]);
    if (!buckets.some(([, share]) => share > 0)) continue;
    const h: WaitHistogram = { event, waits: p.waits ?? eventWaits.get(event) ?? null, buckets };
    if (idle(event)) h.idle = true;
    out.push(h);
  }
  return out;
}

const round = (v: number): number => Math.round(v * 1000) / 1000;

/** Waits per event from the event lists (the first row of an event wins). */
export function eventWaits(rows: ReadonlyArray<{ name: string; waits: number | null }>): Map<string, number | null> {
  const out = new Map<string, number | null>();
  for (const r of rows) if (!out.has(r.name)) out.set(r.name, r.waits);
  return out;
}

/** Idle by the lists' marks (their Wait Class where printed), else by Oracle's Idle class list. */
export function idleIn(rows: ReadonlyArray<{ name: string; idle?: true }>): (event: string) => boolean {
  const marked = new Set(rows.filter((r) => r.idle).map((r) => r.name));
  return (event) => marked.has(event) || isIdleEvent(event);
}
