export { spreadsheetImporter, parseTable, type TableParse, type TableSummary, type TableOptions } from './spreadsheet.js';
export { proposeMapping, mappingProblems, PARAMETER_NAMES, type ColumnMapping, type ColumnRole, type MappedColumn, type MetricPart } from './mapping.js';
export { UNIT_NAMES } from './units.js';
export { decodeTable } from './decode.js';
