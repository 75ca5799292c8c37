/**
 * Staging a table: read it, find the mapping its header was given before (or the one passed
 * in, or the importer's proposal), and parse it with that mapping.
 */
import type { TableMapping, TablePreview } from '../../contract/records.js';
import type { Importer, ParseResult } from '../../../importers/types.js';
import { parseTable, spreadsheetImporter, UNIT_NAMES, type ColumnMapping, type TableSummary } from '../../../importers/spreadsheet/index.js';
import { describeMetric } from '../metrics/dictionary.js';

const knownMetric = (name: string): boolean => describeMetric(name) !== null;

export interface TableStageOptions {
  /** Read as a table whatever the content looks like (a table pasted from the clipboard). */
  asTable?: boolean;
  /** The mapping to use (the user's, or the CLI's --mapping); else remembered, else proposed. */
  mapping?: TableMapping | null;
  /** The mapping remembered for a header signature. */
  mappingFor?: (signature: string) => TableMapping | null;
  sheet?: string | null;
}

export interface StagedTable {
  summary: TableSummary;
  signature: string;
  mapping: TableMapping;
  remembered: boolean;
  sheet: string | null;
}

const letter = (index: number): string => {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
};

export function stageTable(bytes: Uint8Array, options: TableStageOptions): { importer: Importer; result: ParseResult; table: StagedTable | null } {
  const sheet = options.sheet ?? null;
  let parsed;
  try {
    parsed = parseTable(bytes, { sheet, knownMetric, mapping: (options.mapping as ColumnMapping | null | undefined) ?? null });
  } catch (err) {
    return { importer: spreadsheetImporter, result: { runs: [], warnings: [], errors: [{ message: `the table importer failed: ${(err as Error).message}` }] }, table: null };
  }
  let remembered = false;
  if (!options.mapping && parsed.table && options.mappingFor) {
    const saved = options.mappingFor(parsed.table.signature);
    if (saved && saved.columns.length === parsed.table.columns.length) {
      parsed = parseTable(bytes, { sheet, knownMetric, mapping: saved as ColumnMapping });
      remembered = true;
    }
  }
  const table = parsed.table && parsed.mapping
    ? { summary: parsed.table, signature: parsed.table.signature, mapping: parsed.mapping as TableMapping, remembered, sheet: parsed.table.sheet }
    : null;
  return { importer: spreadsheetImporter, result: parsed.result, table };
}

export function tablePreview(t: StagedTable): TablePreview {
  const s = t.summary;
  return {
    kind: s.kind,
    encoding: s.encoding,
    sheet: s.sheet,
    sheets: s.sheets,
    signature: t.signature,
    remembered: t.remembered,
    header_lines: s.headerLines,
    units_line: s.unitsLine,
    rows: s.rows,
    blocks: s.blocks,
    columns: s.columns.map((c) => ({ index: c.index, letter: letter(c.index), header: c.header, unit: c.unit?.unit ?? null, samples: c.samples })),
    mapping: t.mapping,
    units: [...UNIT_NAMES],
  };
}
