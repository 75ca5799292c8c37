/**
 * histogram.html (Histogram.java, FORMATS.md 2.6): per RD, response-time buckets for "Reads and
 * writes", "Reads" and "Writes", each row `min(ms) < max(ms) count % cum%` (the last upper bound
 * prints "max"). It holds no rates, so its runs carry the buckets as a table and no metrics.
 */
import type { Diagnostic, ParsedRun } from '../types.js';
import type { ReportFile } from './report-file.js';
import { parseStartingRd, runName, type StartingRd } from './run-definition.js';

export const HISTOGRAM_HEADER = /min\(ms\)\s+<\s+max\(ms\)\s+count/;

const BUCKET = /^\s*(\d+(?:\.\d+)?)\s+<\s+(\d+(?:\.\d+)?|max)\s+(\d+)\s+(\d+(?:\.\d+)?)\s+(\d+(?:\.\d+)?)/;

export interface Bucket {
  min_ms: number;
  /** null for the open last bucket ("max"). */
  max_ms: number | null;
  count: number;
  pct: number;
  cum_pct: number;
}

/** "Reads and writes:" -> total, "Reads:" -> read, "Writes:" -> write. */
function sectionKey(title: string): string {
  const t = title.toLowerCase();
  if (t === 'reads and writes') return 'total';
  if (t === 'reads') return 'read';
  if (t === 'writes') return 'write';
  return t.replace(/\s+/g, '_');
}

export function parseHistogram(lines: readonly string[], file: ReportFile): { runs: ParsedRun[]; warnings: Diagnostic[]; errors: Diagnostic[] } {
  const found: Array<{ rd: StartingRd | null; sections: Record<string, Bucket[]> }> = [];
  let current: (typeof found)[number] | null = null;
  let section = 'total';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const rd = parseStartingRd(line, i + 1);
    if (rd) {
      current = { rd, sections: {} };
      found.push(current);
      continue;
    }
    const title = /^\s*([A-Za-z][A-Za-z ]*):\s*$/.exec(line);
    if (title) {
      section = sectionKey(title[1]!);
      continue;
    }
    const b = BUCKET.exec(line);
    if (!b) continue;
    if (!current) found.push((current = { rd: null, sections: {} }));
    (current.sections[section] ??= []).push({
      min_ms: Number(b[1]),
      max_ms: b[2] === 'max' ? null : Number(b[2]),
      count: Number(b[3]),
      pct: Number(b[4]),
      cum_pct: Number(b[5]),
    });
  }
  const runs = found
    .filter((f) => Object.keys(f.sections).length > 0)
    .map((f, i): ParsedRun => {
      const total = f.sections['total'];
      return {
        name: f.rd ? runName(f.rd) : `histogram ${i + 1}`,
        tool: 'vdbench',
        toolVersion: file.toolVersion,
        host: file.host,
        startMs: null,
        endMs: null,
        params: { ...(f.rd?.params ?? {}), ...file.params },
        metrics: {},
        tables: { histogram: f.sections, ...(total ? { io_count: total.reduce((s, b) => s + b.count, 0) } : {}) },
        series: [],
        warnings: ['histogram.html holds response-time buckets only: the rates and mean response times are in summary.html / totals.html'],
        errors: [],
      };
    });
  const errors: Diagnostic[] = runs.length > 0 ? [] : [{ message: 'histogram header found but no bucket rows', line: lines.findIndex((l) => HISTOGRAM_HEADER.test(l)) + 1 }];
  return { runs, warnings: [], errors };
}
