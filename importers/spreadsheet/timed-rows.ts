/**
 * A mapped table of timed events into one run of spans (tool "events"): each row an event with
 * its name, start, end and figures, kept in the run's `events` table; each figure also a series
 * stamped at its span's end (the interval it covers ends there, as a monitor's sample does), so
 * an hourly "slowest statement" reads through the same range reads and periods as any series.
 * The layer the events belong to is said from the table's words: queries and statements are the
 * database's, phases and steps the benchmark's.
 */
import type { ClockStatement } from '../clock-statement.js';
import { zoneOffsetMinutes } from '../dates.js';
import type { Diagnostic, ParamValue, ParsedRun } from '../types.js';
import type { Cell, TableSource } from './grid.js';
import { columnLetter, type TableShape } from './header.js';
import { canonicalUnitOf, type ColumnMapping } from './mapping.js';
import { convertToCanonical, type TableRunsResult } from './runs.js';
import { cellTime, type CellTime } from './timed-columns.js';
import { parseNumber } from './values.js';

export interface TimedEvent {
  name: string;
  start_ms: number;
  end_ms: number;
  /** 1-based row in the sheet or text. */
  row: number;
  /** The row's figures in their metrics' canonical units. */
  values: Record<string, number>;
  /** The row's other cells (parameters): the statement's text, a stream number. */
  attrs: Record<string, ParamValue>;
}

const text = (c: Cell): string => (c === null ? '' : String(c).trim());

/** Database words in the event column or its figures: the database's layer, else the benchmark's. */
function layerOf(eventHeader: string, metrics: readonly string[]): 'database' | 'benchmark' {
  return /query|queries|sql|statement|查询|语句/i.test(eventHeader) || metrics.some((m) => m.startsWith('sql.')) ? 'database' : 'benchmark';
}

/** How the table's times are read, for the run's `clock` table: exact, or read as UTC. */
function clockOf(times: readonly CellTime[]): ClockStatement {
  if (times.every((t) => t.epoch)) return { kind: 'epoch', zone: 'UTC', offset_min: 0 };
  const zones = [...new Set(times.map((t) => t.zone))];
  if (times.every((t) => t.exact)) return { kind: 'zoned', zone: zones.length === 1 ? zones[0]! : zones.join(', '), offset_min: zones.length === 1 ? zoneOffsetMinutes(zones[0]) : null };
  return { kind: 'unzoned', zone: null, offset_min: null };
}

export function timedRuns(source: TableSource, shape: TableShape, mapping: ColumnMapping): TableRunsResult {
  const errors: Diagnostic[] = [];
  const warnings: Diagnostic[] = [];
  const place = (row: number, col: number): string =>
    `${shape.sheet ? `sheet "${shape.sheet}", ` : ''}row ${row}, column ${columnLetter(col)} ("${shape.columns[col]?.header ?? ''}")`;
  const at = (role: string): number => mapping.columns.findIndex((m) => m.role === role);
  const [startCol, endCol, eventCol] = [at('start'), at('end'), at('event')];
  const events: TimedEvent[] = [];
  const times: CellTime[] = [];
  for (const row of shape.blocks.flatMap((b) => b.rows)) {
    const start = cellTime(row.cells[startCol] ?? null);
    const end = cellTime(row.cells[endCol] ?? null);
    if (!start || !end) {
      const [col, cell] = !start ? [startCol, row.cells[startCol] ?? null] : [endCol, row.cells[endCol] ?? null];
      errors.push({ message: `${place(row.line, col)}: "${text(cell)}" is not a date with a time (2024-05-01 10:00:00, 2024-05-01T10:00:00Z, or seconds since 1970)` });
      continue;
    }
    if (end.ms < start.ms) {
      errors.push({ message: `${place(row.line, endCol)}: the event ends (${text(row.cells[endCol] ?? null)}) before it starts (${text(row.cells[startCol] ?? null)})` });
      continue;
    }
    times.push(start, end);
    const values: Record<string, number> = {};
    const attrs: Record<string, ParamValue> = {};
    mapping.columns.forEach((m, i) => {
      const cell = row.cells[i] ?? null;
      if (text(cell) === '') return;
      if (m.role === 'metric') {
        const v = parseNumber(cell, source.decimalComma);
        if (v === null) return;
        if (!Number.isFinite(v)) return void errors.push({ message: `${place(row.line, i)}: "${text(cell)}" is not a number (${m.name})` });
        values[m.name] = convertToCanonical(v, m);
      } else if (m.role === 'parameter') attrs[m.name] = typeof cell === 'number' ? cell : text(cell);
    });
    events.push({ name: eventCol >= 0 ? text(row.cells[eventCol] ?? null) || `row ${row.line}` : `row ${row.line}`, start_ms: start.ms, end_ms: end.ms, row: row.line, values, attrs });
  }
  if (errors.length > 0) return { runs: [], errors, warnings };
  if (events.length === 0) return { runs: [], errors: [{ message: 'no row has a start and an end time' }], warnings };

  const clock = clockOf(times);
  if (clock.kind === 'unzoned') warnings.push({ message: 'the table gives times without a time zone: they are read as UTC (absolute times may be off by the host\'s UTC offset; spans are exact)' });
  if (clock.kind === 'zoned' && clock.zone?.includes(',')) warnings.push({ message: `the table's times carry several zones (${clock.zone}): each is applied to its own cell` });

  // Each figure as a series at its span's end; two spans ending at once keep the first.
  const metricNames = [...new Set(mapping.columns.flatMap((m) => (m.role === 'metric' ? [m.name] : [])))];
  const byEnd = [...events].sort((a, b) => a.end_ms - b.end_ms);
  let dropped = 0;
  const series = metricNames.map((metric) => {
    const t: number[] = [];
    const v: number[] = [];
    for (const e of byEnd) {
      const x = e.values[metric];
      if (x === undefined) continue;
      if (t.length > 0 && e.end_ms <= t[t.length - 1]!) { dropped++; continue; }
      t.push(e.end_ms);
      v.push(x);
    }
    return { object: 'events', metric, unit: canonicalUnitOf(metric), times: Float64Array.from(t), values: Float64Array.from(v) };
  }).filter((s) => s.times.length > 0);
  if (dropped > 0) warnings.push({ message: `${dropped} figure(s) of spans ending at the same moment as another were kept in the events table but not in the series (a series has one value at a time)` });

  const metrics: Record<string, number> = {};
  for (const s of series) metrics[s.metric] = s.values.reduce((a, b) => a + b, 0) / s.values.length;
  const eventHeader = eventCol >= 0 ? shape.columns[eventCol]!.header : 'event';
  const run: ParsedRun = {
    // "22 rows by query", "216 rows by sql id": what the table is, as its columns say.
    name: `${events.length} row${events.length === 1 ? '' : 's'}${eventCol >= 0 ? ` by ${eventHeader}` : ''}`,
    tool: 'events',
    toolVersion: null,
    host: null,
    startMs: Math.min(...events.map((e) => e.start_ms)),
    endMs: Math.max(...events.map((e) => e.end_ms)),
    params: { layer: layerOf(eventHeader, metricNames) },
    metrics,
    tables: {
      events,
      timed_table: { sheet: shape.sheet, event_column: eventCol >= 0 ? shape.columns[eventCol]!.header : null, start_column: shape.columns[startCol]!.header, end_column: shape.columns[endCol]!.header },
      clock,
    },
    series,
    warnings: [],
    errors: [],
  };
  return { runs: [run], errors, warnings };
}

