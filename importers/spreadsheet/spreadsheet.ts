/**
 * "Any table": CSV, TSV, ';'-separated text, XLSX / XLS workbooks and tables pasted from the
 * clipboard, read through a column mapping. Detection is by content and deliberately the last
 * resort: every tool's own format (fio, vdbench, iostat, sar, nmon, dstat, IOmeter, COSBench,
 * Spectrum Control CSV...) is claimed by its importer first, and only a table nobody else
 * recognises comes here.
 */
import type { Diagnostic, Importer, ParseResult } from '../types.js';
import { readSource, sniffSeparator, TableReadError, workbookKind, type TableKind, type TableSource } from './grid.js';
import type { TableEncoding } from './decode.js';
import { analyseGrid, HeaderError, type Column, type TableShape } from './header.js';
import { columnsRead, isTimedMapping, mappingProblems, proposalNotes, proposeMapping, type ColumnMapping } from './mapping.js';
import { binaryMegabyteColumns, tableRuns } from './runs.js';
import { findTimedColumns } from './timed-columns.js';
import { timedRuns } from './timed-rows.js';
import { columnLetter } from './header.js';

export interface TableSummary {
  kind: TableKind;
  encoding: TableEncoding | null;
  sheet: string | null;
  sheets: string[];
  signature: string;
  columns: Column[];
  headerLines: number[];
  unitsLine: number | null;
  /** Block titles, when the text holds several tables. */
  blocks: Array<{ title: string | null; rows: number }>;
  rows: number;
  skipped: { blank: number; totals: number };
}

export interface TableParse {
  result: ParseResult;
  /** Null when no table could be read at all (the error says why). */
  table: TableSummary | null;
  mapping: ColumnMapping | null;
}

export interface TableOptions {
  /** The mapping to use; without one the importer proposes one. */
  mapping?: ColumnMapping | null;
  /** A workbook's sheet to read; default the first with a table. */
  sheet?: string | null;
  /** The metric dictionary's check of a name (importers do not read app/: the core passes it). */
  knownMetric?: (name: string) => boolean;
}

const fail = (message: string): TableParse => ({ result: { runs: [], warnings: [], errors: [{ message }] }, table: null, mapping: null });

function pickShape(source: TableSource, sheet: string | null | undefined): { shape: TableShape } | { error: string } {
  const grids = sheet ? source.grids.filter((g) => g.sheet === sheet) : source.grids;
  if (grids.length === 0) return { error: `the workbook has no sheet "${sheet}" (it has: ${source.grids.map((g) => g.sheet).join(', ')})` };
  const reasons: string[] = [];
  for (const grid of grids) {
    try {
      return { shape: analyseGrid(grid, source.decimalComma) };
    } catch (err) {
      if (!(err instanceof HeaderError)) throw err;
      reasons.push(err.message);
    }
  }
  return { error: reasons.join('; ') };
}

/** Reads a table and maps it: the proposed mapping unless one is given. */
export function parseTable(bytes: Uint8Array, options: TableOptions = {}): TableParse {
  let source: TableSource;
  try {
    source = readSource(bytes);
  } catch (err) {
    if (err instanceof TableReadError) return fail(err.message);
    throw err;
  }
  const picked = pickShape(source, options.sheet);
  if ('error' in picked) return fail(picked.error);
  const { shape } = picked;
  const table: TableSummary = {
    kind: source.kind,
    encoding: source.encoding,
    sheet: shape.sheet,
    sheets: source.grids.map((g) => g.sheet).filter((s): s is string => s !== null),
    signature: shape.signature,
    columns: shape.columns,
    headerLines: shape.headerLines,
    unitsLine: shape.unitsLine,
    blocks: shape.blocks.map((b) => ({ title: b.title, rows: b.rows.length })),
    rows: shape.blocks.reduce((n, b) => n + b.rows.length, 0),
    skipped: shape.skipped,
  };
  const given = options.mapping ?? null;
  let mapping = given ?? proposeMapping(shape);
  const problems = mappingProblems(mapping, shape, options.knownMetric);
  if (problems.length > 0) {
    return { result: { runs: [], warnings: [], errors: problems.map((message) => ({ message: `mapping: ${message}` })) }, table, mapping };
  }
  // A start and an end column: the rows are timed events (spans), one run of them.
  const timed = isTimedMapping(mapping);
  let parsed = timed ? timedRuns(source, shape, mapping) : tableRuns(source, shape, mapping);
  const notes: Diagnostic[] = [];
  if (!given && !timed) {
    // "MB/s" is ambiguous; the figures settle it where IOPS and the block size are there too.
    const binary = binaryMegabyteColumns(parsed.runs);
    if (binary.size > 0) {
      const fix = (p: { unit: string }): { unit: string } => ({ ...p, unit: 'MiB/s' });
      mapping = {
        ...mapping,
        columns: mapping.columns.map((m, i) => {
          if (!binary.has(columnLetter(i))) return m;
          if (m.role === 'metric' && m.unit === 'MB/s') return { ...m, ...fix(m) };
          if (m.role === 'metrics') return { ...m, parts: m.parts.map((p) => (p.unit === 'MB/s' ? { ...p, ...fix(p) } : p)) };
          return m;
        }),
      };
      notes.push({ message: `column${binary.size > 1 ? 's' : ''} ${[...binary].join(', ')}: the MB/s figures equal IOPS × block size / 2^20, so they are read as MiB/s` });
      parsed = tableRuns(source, shape, mapping);
    }
  }
  const skipped: Diagnostic[] = [];
  if (shape.skipped.totals > 0) skipped.push({ message: `${shape.skipped.totals} total/average row(s) skipped` });
  if (!given) notes.push(...proposalNotes(shape, mapping).map((message) => ({ message })));
  const read: Diagnostic = { message: columnsRead(shape, mapping) };
  return {
    result: { runs: parsed.errors.length ? [] : parsed.runs, warnings: [read, ...notes, ...skipped, ...parsed.warnings], errors: parsed.errors },
    table,
    mapping,
  };
}

/**
 * A delimited head that reads as a results table: a header over rows with numbers in them.
 * A table led by a time column is a time series of some tool we do not know, not a table of
 * results: it is left unrecognised rather than read as one run per sample, unless a column names
 * the build each row measured (commit, build, revision, version): then it is a dated table of
 * runs, one row a nightly run (Apache Otava's shape: time, commit, metrics). (A table pasted on
 * purpose is read whatever it looks like.)
 */
const TIME_HEADER = /^(time|timestamp|date|datetime|epoch|ts|interval|时间|日期|时间戳)\b/i;
const BUILD_HEADER = /^(commit|build|revision|rev|version|git|sha|changeset|提交|构建|版本)\b/i;

function detectText(head: string): boolean {
  const sniffed = sniffSeparator(head);
  if (!sniffed) return false;
  try {
    const bytes = new TextEncoder().encode(head);
    const source = readSource(bytes);
    const picked = pickShape(source, null);
    if (!('shape' in picked)) return false;
    const { columns, blocks } = picked.shape;
    const rows = blocks.reduce((n, b) => n + b.rows.length, 0);
    const timeSeries = TIME_HEADER.test(columns[0]?.header ?? '') && !columns.some((c) => BUILD_HEADER.test(c.header));
    // A table of timed events (a start and an end column) needs no figure.
    return rows >= 1 && !timeSeries && (columns.some((c) => c.numeric || c.tuple >= 2) || findTimedColumns(picked.shape) !== null);
  } catch {
    return false;
  }
}

export const spreadsheetImporter: Importer = {
  id: 'spreadsheet',
  // 2: gnuplot tables, snake_case headers, block size units, a configuration per column or from a varying column.
  version: '2',
  tool: 'spreadsheet',
  title: 'Table (CSV, TSV, XLSX, pasted)',
  detect: detectText,
  detectBinary: (bytes) => workbookKind(bytes) !== null,
  parse: ({ bytes }) => parseTable(bytes).result,
};
