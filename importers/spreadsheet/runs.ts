/**
 * Rows of a mapped table into runs. A row is a run; a row whose metric columns belong to
 * workload groups ("4K random read / IOPS", or S1's RR | RW | ... columns of "IOPS / MB/s / ms"
 * cells) is one run per group, the group's label adding the workload it names.
 */
import type { Diagnostic, ParamValue, ParsedRun } from '../types.js';
import type { Cell, TableSource } from './grid.js';
import { columnLetter, isReadMix, type TableShape } from './header.js';
import { canonicalUnitOf, type ColumnMapping, type MetricPart } from './mapping.js';
import { unitInfo } from './units.js';
import { parseNumber, parsePattern, parseReadPct, parseSize, workloadParams } from './values.js';
import { readRunTime } from './run-time.js';

const text = (c: Cell): string => (c === null ? '' : String(c).trim());

export interface CellSource {
  column: string;
  row: number;
  /** The figure as written, in `unit`. */
  value: number;
  unit: string;
}

function sizeLabel(bytes: number): string {
  if (bytes >= 1048576 && bytes % 1048576 === 0) return `${bytes / 1048576}M`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024}K`;
  return `${bytes}`;
}

const NUMERIC_PARAMS = new Set(['iodepth', 'numjobs', 'threads', 'vus', 'sessions', 'clients']);

/** A figure in its column's unit, in its metric's canonical unit (ms, or s for a metric named in seconds). */
export function convertToCanonical(value: number, part: MetricPart): number {
  return (value * unitInfo(part.unit)!.factor) / (unitInfo(canonicalUnitOf(part.name))?.factor ?? 1);
}

export interface TableRunsResult {
  runs: ParsedRun[];
  errors: Diagnostic[];
  warnings: Diagnostic[];
}

/** The configuration a block title stands for: the mapping's label, else the words before ':'. */
export function titleConfig(title: string, mapping: ColumnMapping): string {
  return mapping.configurations?.[title] ?? title.split(/[:：]/)[0]!.trim().slice(0, 200);
}

export function tableRuns(source: TableSource, shape: TableShape, mapping: ColumnMapping): TableRunsResult {
  const runs: ParsedRun[] = [];
  const errors: Diagnostic[] = [];
  const warnings: Diagnostic[] = [];
  const place = (row: number, col: number): string =>
    `${shape.sheet ? `sheet "${shape.sheet}", ` : ''}row ${row}, column ${columnLetter(col)} ("${shape.columns[col]?.header ?? ''}")`;
  // Ungrouped columns feeding the same metric are a wide layout (a column per workload, "RR",
  // "RW"...): each such column is its own workload, named by its header, never one overwriting
  // another.
  // A column holding one configuration's figures (a wide table of configurations) is that
  // configuration's, never a workload of its own.
  const ungrouped = new Map<string, number>();
  mapping.columns.forEach((m, i) => {
    if (m.role === 'metric' && !shape.columns[i]!.group && m.configuration === undefined) ungrouped.set(m.name, (ungrouped.get(m.name) ?? 0) + 1);
  });
  const groupOf = (i: number): string | null => {
    const m = mapping.columns[i]!;
    const col = shape.columns[i]!;
    if (m.role === 'metrics') return col.group ?? col.leaf;
    if (m.role === 'metric') return col.group ?? (m.configuration === undefined && (ungrouped.get(m.name) ?? 0) > 1 ? col.leaf : null);
    return null;
  };
  const configOf = (i: number): string | undefined => {
    const m = mapping.columns[i]!;
    return m.role === 'metric' && m.configuration !== undefined ? m.configuration.trim() : undefined;
  };
  const configFrom = configSource(shape, mapping);
  // A column mapped to figures whose every cell is a read/write mix does not fit its mapping
  // (a remembered or hand-made one): its "70/30" would become IOPS 70 and 30 ms. Say so; read
  // it as the mix it is.
  const mixAsFigures = new Set<number>();
  mapping.columns.forEach((m, i) => {
    if ((m.role === 'metrics' || m.role === 'metric') && shape.columns[i]!.mix) {
      mixAsFigures.add(i);
      warnings.push({ message: `column ${columnLetter(i)} ("${shape.columns[i]!.header}") holds read/write mixes (${shape.columns[i]!.samples[0] ?? ''}), not ${m.role === 'metrics' ? m.parts.map((p) => p.unit).join(' / ') : m.unit}: read as the parameter read_pct; change the mapping to keep it so` });
    }
  });
  // Titles name configurations only when the text holds several tables: one table's caption
  // is just a caption, and the label given at import names its configuration.
  const byColumn = mapping.columns.some((m) => m.role === 'metric' && m.configuration !== undefined);
  const titledConfigs = !byColumn && shape.blocks.length > 1 && shape.blocks.every((b) => b.title);
  // A dated table: times without a zone are read as UTC, said once.
  let unzonedTime: string | null = null;

  // Every unit's factor is to its dimension's canonical unit, which is the dictionary's
  // (MiB/s, ms, IOPS and other rates, %): mappingProblems has checked the dimensions agree.
  const convert = (value: number, part: MetricPart): number => convertToCanonical(value, part);

  for (const block of shape.blocks) {
    for (const row of block.rows) {
      const params: Record<string, ParamValue> = {};
      let config: string | undefined = titledConfigs && block.title ? titleConfig(block.title, mapping) : undefined;
      let startMs: number | null = null;
      const labels: string[] = [];
      mapping.columns.forEach((m, i) => {
        const cell = row.cells[i] ?? null;
        if (text(cell) === '') return;
        if (m.role === 'configuration') config = text(cell);
        if (m.role === 'time') {
          const t = readRunTime(cell);
          if (!t) return void errors.push({ message: `${place(row.line, i)}: "${text(cell)}" is not a time (2024-03-01 02:00:00+00:00, 2024.03.01 2:00:00 +0100, or epoch seconds)` });
          if (!t.zoned) unzonedTime ??= `column ${columnLetter(i)} ("${shape.columns[i]!.header}")`;
          startMs = t.epochMs;
          return;
        }
        if (mixAsFigures.has(i)) {
          params['read_pct'] = parseReadPct(cell)!;
          return;
        }
        if (m.role !== 'parameter') return;
        const unit = shape.columns[i]!.unit;
        if (m.name === 'bs') {
          // The mapping's unit for bare numbers ("4" in KiB), else the header's ("Block Size (KiB)").
          const stated = m.unit !== undefined ? unitInfo(m.unit) : null;
          const bytes = parseSize(cell, stated?.dimension === 'size' ? stated.factor : unit?.dimension === 'size' ? unit.factor : 1);
          if (bytes === null) return;
          if (!Number.isFinite(bytes)) return void errors.push({ message: `${place(row.line, i)}: "${text(cell)}" is not a block size (4K, 64KiB, 1M, 4096)` });
          params['bs'] = bytes;
          labels.push(sizeLabel(bytes));
        } else if (m.name === 'pattern') {
          const p = parsePattern(cell);
          if (p) for (const [k, v] of Object.entries(p)) if (params[k] === undefined || k === 'pattern') params[k] = v;
          labels.push(text(cell));
        } else if (m.name === 'read_pct') {
          const pct = parseReadPct(cell);
          if (pct === null) return;
          if (!Number.isFinite(pct)) return void errors.push({ message: `${place(row.line, i)}: "${text(cell)}" is not a read share (70, 70%, 70/30)` });
          params['read_pct'] = pct;
        } else if (NUMERIC_PARAMS.has(m.name)) {
          const n = parseNumber(cell, source.decimalComma);
          if (n === null) return;
          if (!Number.isFinite(n)) return void errors.push({ message: `${place(row.line, i)}: "${text(cell)}" is not a number (${m.name})` });
          params[m.name] = n;
          labels.push(`${m.name}=${n}`);
        } else {
          const n = typeof cell === 'number' ? cell : null;
          params[m.name] = n ?? text(cell);
          labels.push(text(cell));
        }
      });

      // Metric columns, by configuration (a column's own, in a wide table of configurations) and
      // workload group (null: the row's own workload).
      const groups = new Map<string, { group: string | null; config: string | undefined; cols: number[] }>();
      mapping.columns.forEach((m, i) => {
        if ((m.role !== 'metric' && m.role !== 'metrics') || mixAsFigures.has(i)) return;
        const g = groupOf(i);
        const c = configOf(i);
        const key = JSON.stringify([c ?? null, g]);
        const entry = groups.get(key) ?? { group: g, config: c, cols: [] };
        entry.cols.push(i);
        groups.set(key, entry);
      });
      for (const { group, config: columnConfig, cols } of groups.values()) {
        const metrics: Record<string, number> = {};
        const cells: Record<string, CellSource> = {};
        const put = (part: MetricPart, raw: number, i: number): void => {
          metrics[part.name] = convert(raw, part);
          cells[part.name] = { column: columnLetter(i), row: row.line, value: raw, unit: part.unit };
        };
        for (const i of cols) {
          const m = mapping.columns[i]!;
          const cell = row.cells[i] ?? null;
          if (text(cell) === '') continue;
          if (m.role === 'metric') {
            const v = parseNumber(cell, source.decimalComma);
            if (v === null) continue;
            if (!Number.isFinite(v)) {
              errors.push({ message: `${place(row.line, i)}: "${text(cell)}" is not a number (${m.name})` });
              continue;
            }
            put(m, v, i);
          } else if (m.role === 'metrics') {
            const pieces = typeof cell === 'number' ? [cell] : text(cell).split(/\s*\/\s*/);
            if (pieces.length !== m.parts.length) {
              errors.push({ message: `${place(row.line, i)}: "${text(cell)}" holds ${pieces.length} figures, the mapping expects ${m.parts.length} (${m.parts.map((p) => p.unit).join(' / ')})` });
              continue;
            }
            m.parts.forEach((part, k) => {
              const v = parseNumber(pieces[k]!, source.decimalComma);
              if (v === null) return;
              if (!Number.isFinite(v)) return void errors.push({ message: `${place(row.line, i)}: "${pieces[k]}" is not a number (${part.name})` });
              put(part, v, i);
            });
          }
        }
        if (Object.keys(metrics).length === 0) continue;
        const runParams: Record<string, ParamValue> = { ...params };
        // In a wide table of configurations a block's title names its workload, not a configuration.
        const titled = group === null && byColumn && shape.blocks.length > 1 ? block.title : null;
        const workload = group ?? titled;
        if (workload) {
          const named = workloadParams(workload);
          for (const [k, v] of Object.entries(named)) if (runParams[k] === undefined) runParams[k] = v;
          // A block's title is its workload's name whatever it says ("read-only", "read-write").
          if ((titled !== null || Object.keys(named).length === 0) && runParams['workload'] === undefined) runParams['workload'] = workload;
        }
        const runConfig = columnConfig ?? config;
        const name = [...labels, workload].filter(Boolean).join(' ') || `row ${row.line}`;
        runs.push({
          name,
          tool: 'spreadsheet',
          toolVersion: null,
          host: typeof runParams['host'] === 'string' ? runParams['host'] : null,
          startMs,
          endMs: null,
          params: runParams,
          metrics,
          tables: { spreadsheet: { sheet: shape.sheet, row: row.line, block: block.title, workload: group, cells } },
          series: [],
          warnings: [],
          errors: [],
          ...(runConfig !== undefined ? { config: runConfig, ...(configFrom ? { configFrom } : {}) } : {}),
        });
      }
    }
  }
  if (unzonedTime) warnings.push({ message: `the times in ${unzonedTime} print no zone: read as UTC (write +01:00 or Z to place them)` });
  if (runs.length === 0 && errors.length === 0) errors.push({ message: `${shape.sheet ? `sheet "${shape.sheet}": ` : ''}no row has a figure in a metric column` });
  return { runs, errors, warnings };
}

/**
 * Which unit a "MB/s" column really is: where a run has IOPS and a block size, IOPS × bs / 2^20
 * or / 10^6 must give the figure. Returns the columns whose every checked figure is binary.
 */
export function binaryMegabyteColumns(runs: readonly ParsedRun[]): Set<string> {
  const verdict = new Map<string, boolean>();
  for (const run of runs) {
    const bs = run.params['bs'];
    const cells = (run.tables['spreadsheet'] as { cells: Record<string, CellSource> }).cells;
    if (typeof bs !== 'number') continue;
    for (const [name, src] of Object.entries(cells)) {
      if (src.unit !== 'MB/s' || !name.endsWith('bw_mib_s')) continue;
      const iops = run.metrics[name.replace('bw_mib_s', 'iops')];
      if (iops === undefined || iops <= 0) continue;
      const near = (a: number, b: number): boolean => Math.abs(a - b) <= 0.01 * b;
      const binary = near(src.value, (iops * bs) / 1048576) && !near(src.value, (iops * bs) / 1e6);
      verdict.set(src.column, (verdict.get(src.column) ?? true) && binary);
    }
  }
  return new Set([...verdict].filter(([, b]) => b).map(([c]) => c));
}

/** Where a mapped table names its configurations, in the user's words; null when it names none. */
export function configSource(shape: TableShape, mapping: ColumnMapping): string | null {
  const named = (i: number): string => `${columnLetter(i)} ("${shape.columns[i]?.header ?? ''}")`;
  const perColumn = mapping.columns.flatMap((m, i) => (m.role === 'metric' && m.configuration !== undefined ? [i] : []));
  if (perColumn.length > 0) return `column${perColumn.length > 1 ? 's' : ''} ${perColumn.map(named).join(', ')}, a configuration each`;
  const column = mapping.columns.findIndex((m) => m.role === 'configuration');
  if (column >= 0) return `column ${named(column)}`;
  if (shape.blocks.length > 1 && shape.blocks.every((b) => b.title)) return 'the titles above its tables';
  return null;
}
