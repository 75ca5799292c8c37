/**
 * COSBench archive CSVs: the workload summary (one run per stage, cosbench-workload.ts) and a
 * stage's time series (one run with series, cosbench-stage.ts). Both are recognised by their
 * first header line, which COSBench writes the same way in every release.
 */
import { decodeText } from '../text.js';
import type { Importer, ParseResult } from '../types.js';
import { STAGE_HEADER, parseStageCsv } from './cosbench-stage.js';
import { WORKLOAD_HEADER, parseWorkloadCsv } from './cosbench-workload.js';
import { splitLines } from './shared.js';

export function parseCosbenchText(text: string, name: string): ParseResult {
  const lines = splitLines(text);
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  const first = lines[0] ?? '';
  if (WORKLOAD_HEADER.test(first)) return parseWorkloadCsv(lines);
  if (STAGE_HEADER.test(first)) return parseStageCsv(lines, name);
  return { runs: [], warnings: [], errors: [{ message: 'not a COSBench workload or stage CSV (the first line is neither "Stage,Op-Name,Op-Type,..." nor "Timestamp,Op-Count,...")', line: 1 }] };
}

export const cosbenchImporter: Importer = {
  id: 'cosbench',
  version: '1.2.0',
  tool: 'cosbench',
  title: 'COSBench workload summary and stage time-series CSV',

  detect(head: string): boolean {
    const first = splitLines(head)[0] ?? '';
    return WORKLOAD_HEADER.test(first) || STAGE_HEADER.test(first);
  },

  parse({ bytes, name }): ParseResult {
    return parseCosbenchText(decodeText(bytes).text, name);
  },
};
