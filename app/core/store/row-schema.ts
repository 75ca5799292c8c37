/**
 * What a row of the store may hold, column by column: one schema for the store's own writes and
 * for a study file's rows when it is opened (issue #38). SQLite checks little (a TEXT column
 * takes a blob, an INTEGER column text), and a study file is someone else's bytes: every value
 * is checked for its type, JSON for its shape and its depth (read without recursion, so 50,000
 * levels cost a scan, not the stack), numbers for being finite, dates for lying between the
 * years 1 and 9999 (what a Date can print), and names and labels for their length.
 *
 * Control characters in names are kept (they are what the file said) and neutralised where a
 * name is printed: the terminal (app/cli/print.ts), HTML, spreadsheets.
 */
import { z } from 'zod';
import { chartSpec, reportLayout, reportSection } from '../rpc/schemas.js';

/** Study, configuration, period, chart and report names: as the RPC's labels. */
export const LABEL_MAX = 200;
/**
 * A run's name, host, a series' object or metric, a parameter's value: long names happen (an fio
 * job named by a script, 40,000 characters, is imported and cut where a spreadsheet cell would
 * overflow); a name of megabytes is no name, and would make every listing that long.
 */
export const NAME_MAX = 64 * 1024;
/** A file's name as kept (a path). */
export const PATH_MAX = 4096;
/** JSON nested deeper than this is refused: no file PerfDelta reads nests as deep. */
export const MAX_JSON_DEPTH = 64;

/** Epoch milliseconds of 0001-01-01 and 9999-12-31T23:59:59.999Z: the dates ISO 8601 prints with four digits. */
const MIN_MS = -62135596800000;
const MAX_MS = 253402300799999;

/** A column's problem with a value, in words, or null. */
type Check = (value: unknown) => string | null;

const chars = (n: number): string => `${n.toLocaleString('en-US')} characters`;

function text(max: number, options: { nullable?: boolean; nonEmpty?: boolean } = {}): Check {
  return (v) => {
    if (v === null) return options.nullable ? null : 'is empty (NULL)';
    if (typeof v !== 'string') return `is ${typeof v === 'object' ? 'a blob' : `a ${typeof v}`}, not text`;
    if (options.nonEmpty && v.trim() === '') return 'is blank';
    if (v.length > max) return `is ${chars(v.length)} long; at most ${chars(max)}`;
    return null;
  };
}

function integer(min: number, max: number, options: { nullable?: boolean } = {}): Check {
  return (v) => {
    if (v === null) return options.nullable ? null : 'is empty (NULL)';
    if (typeof v !== 'number' && typeof v !== 'bigint') return `is ${typeof v === 'string' ? 'text' : `a ${typeof v}`}, not a whole number`;
    const n = Number(v);
    if (!Number.isInteger(n)) return `is ${String(v)}, not a whole number`;
    if (n < min || n > max) return `is ${String(v)}, outside ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}`;
    return null;
  };
}

function real(options: { nullable?: boolean } = {}): Check {
  return (v) => {
    if (v === null) return options.nullable ? null : 'is empty (NULL)';
    if (typeof v !== 'number') return `is ${typeof v === 'string' ? 'text' : `a ${typeof v}`}, not a number`;
    return Number.isFinite(v) ? null : `is ${String(v)}, not a finite number`;
  };
}

/** Epoch milliseconds a date can be printed from. */
const epochMs = (options: { nullable?: boolean } = {}): Check => (v) => {
  if (v === null) return options.nullable ? null : 'is empty (NULL)';
  if (typeof v !== 'number' || !Number.isFinite(v)) return `is ${typeof v === 'number' ? String(v) : typeof v === 'string' ? 'text' : `a ${typeof v}`}, not a time in epoch milliseconds`;
  return v < MIN_MS || v > MAX_MS ? `is ${String(v)}: not a date between the years 1 and 9999` : null;
};

/** An ISO 8601 date and time as the store writes them (`new Date().toISOString()`). */
const isoDate = (options: { nullable?: boolean } = {}): Check => (v) => {
  if (v === null) return options.nullable ? null : 'is empty (NULL)';
  if (typeof v !== 'string') return `is ${typeof v === 'object' ? 'a blob' : `a ${typeof v}`}, not a date`;
  if (v.length > 40) return `is ${chars(v.length)} long, not a date`;
  const ms = Date.parse(v);
  if (!Number.isFinite(ms)) return `is "${v}", not a date`;
  return ms < MIN_MS || ms > MAX_MS ? `is "${v}": not a date between the years 1 and 9999` : null;
};

const blob = (multipleOf = 1): Check => (v) => {
  if (!(v instanceof Uint8Array)) return `is ${v === null ? 'empty (NULL)' : typeof v === 'string' ? 'text' : `a ${typeof v}`}, not bytes`;
  return v.byteLength % multipleOf === 0 ? null : `holds ${v.byteLength} bytes, not a whole number of ${multipleOf}-byte values`;
};

/**
 * How deep JSON text nests, counted without parsing (brackets outside strings), stopping once
 * past `limit`: the check that comes before JSON.parse and every walk over the value.
 */
export function jsonDepth(json: string, limit = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // a backslash: the next character is escaped
      else if (c === 34) inString = false;
    } else if (c === 34) {
      inString = true;
    } else if (c === 123 || c === 91) {
      if (++depth > max && (max = depth) > limit) return max;
    } else if (c === 125 || c === 93) {
      depth--;
    }
  }
  return max;
}

/** JSON text parsed when it is JSON of bounded depth; its problem in words otherwise. */
export function parseStoredJson(v: unknown): { value: unknown } | { problem: string } {
  if (typeof v !== 'string') return { problem: `is ${v === null ? 'empty (NULL)' : typeof v === 'object' ? 'a blob' : `a ${typeof v}`}, not JSON text` };
  if (jsonDepth(v, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) return { problem: `nests deeper than ${MAX_JSON_DEPTH} levels` };
  try {
    return { value: JSON.parse(v) as unknown };
  } catch (err) {
    return { problem: `is not valid JSON (${(err as Error).message})` };
  }
}

/** What a JSON value must be: its problem in words, or null. */
type Shape = (value: unknown) => string | null;

/** A zod schema as a shape: the first problem zod finds, with where in the value. */
function zodShape(schema: z.ZodType): Shape {
  return (value) => {
    const r = schema.safeParse(value);
    if (r.success) return null;
    const issue = r.error.issues[0]!;
    return `${issue.path.length ? `at ${issue.path.join('.')}: ` : ''}${issue.message}`;
  };
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const quoted = (k: string): string => JSON.stringify(k.length > 60 ? `${k.slice(0, 60)}…` : k);

/**
 * An object whose keys are at most `keyMax` characters and whose values pass `value`: written
 * out rather than with zod, since every run's parameters and metrics pass here on import.
 */
function record(keyMax: number, value: (v: unknown) => string | null): Shape {
  return (v) => {
    if (!isPlainObject(v)) return 'is not a JSON object';
    for (const k in v) {
      if (k.length > keyMax) return `a key is ${chars(k.length)} long; at most ${chars(keyMax)}`;
      const problem = value(v[k]);
      if (problem) return `at ${quoted(k)}: ${problem}`;
    }
    return null;
  };
}

const finiteValue = (v: unknown): string | null => (typeof v === 'number' && Number.isFinite(v) ? null : `${JSON.stringify(v)?.slice(0, 40) ?? String(v)} is not a finite number`);
const paramValue = (v: unknown): string | null => {
  if (typeof v === 'string') return v.length > NAME_MAX ? `is ${chars(v.length)} long; at most ${chars(NAME_MAX)}` : null;
  if (typeof v === 'boolean') return null;
  return finiteValue(v);
};
/** A list of messages (warnings, errors). */
const strings: Shape = (v) => {
  if (!Array.isArray(v)) return 'is not a JSON array';
  for (let i = 0; i < v.length; i++) {
    if (typeof v[i] !== 'string') return `at ${i}: not text`;
    if ((v[i] as string).length > 100_000) return `at ${i}: ${chars((v[i] as string).length)} long; at most ${chars(100_000)}`;
  }
  return null;
};

/**
 * A JSON column: JSON text of bounded depth whose value has the shape. `trusted`: the store's
 * own writes pass the text JSON.stringify just made (valid JSON by construction), so a large
 * column (a run's tables) is checked for its depth and its first character, not parsed back.
 */
function json(shape: Shape | z.ZodType, options: { large?: boolean; nullable?: boolean } = {}): Check & { large?: boolean; shape: Shape } {
  const test = typeof shape === 'function' ? shape : zodShape(shape);
  const check = (v: unknown): string | null => {
    if (v === null && options.nullable) return null;
    const parsed = parseStoredJson(v);
    if ('problem' in parsed) return parsed.problem;
    return test(parsed.value);
  };
  return Object.assign(check, { large: options.large, shape: test });
}

const finite = z.number().refine(Number.isFinite, 'not a finite number');
const shortText = (max: number) => z.string().max(max, `longer than ${chars(max)}`);
const params = record(LABEL_MAX, paramValue);
const metrics = record(NAME_MAX, finiteValue);
const anyObject: Shape = (v) => (isPlainObject(v) ? null : 'is not a JSON object');
/** A run's validity facts (importers/types.ts ValidityFact): what decides whether it gives a verdict. */
const validityFacts = z.array(z.object({
  code: z.string().max(64), severity: z.enum(['invalid', 'warning']), message: z.string().max(2000),
  count: z.number().refine(Number.isFinite, 'not a finite number').optional(), of: z.number().refine(Number.isFinite, 'not a finite number').optional(),
}).passthrough()).max(1000);
/** A study's settings: the keys PerfDelta reads, checked for their type; others (a newer PerfDelta's) kept as they are. */
const settings = z.object({
  convention: z.enum(['x-fold', 'percent-change', 'percent-of-baseline']).optional(),
  tie_band_pct: finite.optional(),
  pairing_keys: z.array(shortText(LABEL_MAX)).max(100).optional(),
  zone: shortText(64).optional(),
  cache_bytes: finite.optional(),
  units: z.object({ latency: z.string().max(20).optional(), bandwidth: z.string().max(20).optional() }).optional(),
  path_params: z.array(z.object({ pattern: shortText(200), param: shortText(64) })).max(100).optional(),
  derived_metrics: z.array(z.object({
    name: shortText(120), label: shortText(LABEL_MAX), metric: shortText(NAME_MAX), constant: shortText(64), factor: finite, unit: shortText(60), better: z.string().max(20),
  }).passthrough()).max(200).optional(),
}).passthrough();
const ranges = z.array(z.object({ start: finite.nullable(), end: finite.nullable() }).passthrough()).max(100_000);

const id = integer(1, Number.MAX_SAFE_INTEGER);
const count = integer(0, Number.MAX_SAFE_INTEGER);
const sha256: Check = (v) => (typeof v === 'string' && /^[0-9a-f]{64}$/.test(v) ? null : 'is not a SHA-256 (64 hex digits)');
const label = text(LABEL_MAX, { nonEmpty: true });

/** Every table a study file carries, and the checks of each column. */
export const ROW_SCHEMA: Readonly<Record<string, Readonly<Record<string, Check>>>> = {
  studies: { id, slug: text(NAME_MAX, { nonEmpty: true }), name: label, created_at: isoDate(), settings: json(settings), trashed_by: integer(1, Number.MAX_SAFE_INTEGER, { nullable: true }) },
  files: { sha256, size: count },
  file_parts: { id, sha256, part: count, bytes: blob() },
  imports: {
    id, study_id: id, sha256, file_name: text(PATH_MAX, { nonEmpty: true }), format: text(100), importer_version: text(100), config: label,
    warnings: json(strings), imported_at: isoDate(),
  },
  runs: {
    id, study_id: id, import_id: id, config: label, ordinal: count, name: text(NAME_MAX), tool: text(100), tool_version: text(200, { nullable: true }),
    host: text(NAME_MAX, { nullable: true }), start_ms: epochMs({ nullable: true }), end_ms: epochMs({ nullable: true }),
    params: json(params), tables: json(anyObject, { large: true }), warnings: json(strings), errors: json(strings), metrics: json(metrics),
    excluded_reason: text(2000, { nullable: true }), excluded_at: isoDate({ nullable: true }), excluded_by: text(LABEL_MAX, { nullable: true }),
    validity: json(validityFacts), counted_in_at: isoDate({ nullable: true }), counted_in_by: text(LABEL_MAX, { nullable: true }),
  },
  import_runs: { import_id: id, run_id: id },
  series: {
    id, run_id: id, object: text(NAME_MAX), metric: text(NAME_MAX, { nonEmpty: true }), unit: text(100), chunk: count,
    t_first: real(), t_last: real(), n: count, times: blob(8), vals: blob(8),
  },
  series_summary: {
    run_id: id, object: text(NAME_MAX), metric: text(NAME_MAX, { nonEmpty: true }), unit: text(100), points: count, t_first: real({ nullable: true }), t_last: real({ nullable: true }),
    ordered: integer(0, 1), levels: count, samples: count, mean: real({ nullable: true }), m2: real({ nullable: true }), min: real({ nullable: true }), max: real({ nullable: true }),
  },
  series_levels: { id, run_id: id, object: text(NAME_MAX), metric: text(NAME_MAX, { nonEmpty: true }), level: count, block: count, t_first: real(), t_last: real(), n: count, buckets: blob(8) },
  run_bins: { run_id: id, source: text(100), direction: text(100), ms: blob(8), counts: blob(8) },
  periods: { id, study_id: id, name: label, spec: text(2000), zone: text(64), ranges: json(ranges), days: json(z.array(shortText(100)).max(100_000)), created_at: isoDate() },
  charts: { id, study_id: id, name: label, spec: json(chartSpec), created_at: isoDate() },
  reports: { id, study_id: id, name: label, layout: json(reportLayout), sections: json(z.array(reportSection).max(200)), created_at: isoDate(), updated_at: isoDate() },
  config_constants: { study_id: id, config: label, name: text(64, { nonEmpty: true }), value: real(), unit: text(60), source: text(LABEL_MAX), entered_by: text(LABEL_MAX, { nullable: true }), entered_at: isoDate() },
};

/** Checks across a row's columns: what decoding the row's blobs relies on. */
const ROW_RULES: Readonly<Record<string, { columns: readonly string[]; rule: (row: Record<string, unknown>) => string | null }>> = {
  series: { columns: ['n', 'times', 'vals'], rule: (r) => (byteLength(r['times']) !== Number(r['n']) * 8 || byteLength(r['vals']) !== Number(r['n']) * 8 ? 'times and vals: not n values each' : null) },
  series_levels: { columns: ['n', 'buckets'], rule: (r) => (byteLength(r['buckets']) !== Number(r['n']) * 8 * PYRAMID_FIELDS ? `buckets: not n buckets of ${PYRAMID_FIELDS} values` : null) },
  run_bins: { columns: ['ms', 'counts'], rule: (r) => (byteLength(r['ms']) !== byteLength(r['counts']) ? 'ms and counts: not as many values each' : null) },
};
/** Values per pyramid bucket (series/pyramid.ts FIELDS). */
const PYRAMID_FIELDS = 9;
const byteLength = (v: unknown): number => (v instanceof Uint8Array ? v.byteLength : -1);

/** A row that does not fit the schema: the table, which row, the column and the problem. */
export class RowError extends Error {
  constructor(readonly table: string, readonly row: string, readonly column: string | null, readonly problem: string) {
    super(`table ${table}, ${row}${column ? `, field ${column}` : ''}: ${problem}`);
    this.name = 'RowError';
  }
}

/**
 * The first problem of a row, or null. `where` names the row ("row 12", "run 7"). `trusted`:
 * the store's own write, its large JSON just made by JSON.stringify (see json()).
 */
export function rowProblem(table: string, row: Record<string, unknown>, where: string, options: RowCheckOptions = {}): RowError | null {
  const columns = ROW_SCHEMA[table];
  if (!columns) return null;
  for (const [column, check] of Object.entries(columns)) {
    if (!(column in row)) continue;
    const value = row[column];
    const shape = (check as { shape?: Shape }).shape;
    const given = options.trusted && shape && options.values && column in options.values ? options.values[column] : undefined;
    const problem = given !== undefined ? (valueDeeperThan(given, MAX_JSON_DEPTH) ? `nests deeper than ${MAX_JSON_DEPTH} levels` : shape!(given))
      : options.trusted && (check as { large?: boolean }).large && typeof value === 'string'
        ? (jsonDepth(value, MAX_JSON_DEPTH) > MAX_JSON_DEPTH ? `nests deeper than ${MAX_JSON_DEPTH} levels` : value.trimStart().startsWith('{') ? null : 'is not a JSON object')
        : check(value);
    if (problem) return new RowError(table, where, column, problem);
  }
  const across = ROW_RULES[table];
  const rule = across && across.columns.every((c) => c in row) ? across.rule(row) : null;
  return rule ? new RowError(table, where, null, rule) : null;
}

/** Whether a value (before JSON.stringify) nests deeper than `max` arrays and objects; never recurses past `max`. */
function valueDeeperThan(v: unknown, max: number): boolean {
  if (typeof v !== 'object' || v === null) return false;
  if (max === 0) return true;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (typeof v[i] === 'object' && valueDeeperThan(v[i], max - 1)) return true;
    return false;
  }
  for (const k in v as Record<string, unknown>) {
    const x = (v as Record<string, unknown>)[k];
    if (typeof x === 'object' && valueDeeperThan(x, max - 1)) return true;
  }
  return false;
}

/**
 * How a row is checked. `trusted`: written by this store's own code (a run's tables, built by an
 * importer, are checked for their depth and kind, not their shape). `values`, with `trusted`: a
 * JSON column's value as it was before JSON.stringify made the row's text of it, checked as it
 * is rather than parsed back (a sweep of 6,788 fio jobs spent 170 ms parsing its own runs).
 */
export interface RowCheckOptions {
  trusted?: boolean;
  values?: Readonly<Record<string, unknown>>;
}

/** Throws RowError when the row does not fit: what the store calls before it writes one. */
export function checkRow(table: string, row: Record<string, unknown>, where: string, options: RowCheckOptions = {}): void {
  const problem = rowProblem(table, row, where, options);
  if (problem) throw problem;
}
