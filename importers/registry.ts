/**
 * The list of importers and format detection. Detection reads content only: renamed files
 * (fio output saved as .txt, SVC stats without their prefix) must still be recognised.
 */
import { awrImporter } from './awr/index.js';
import { benchmarkImporters } from './benchmarks/index.js';
import { fioHistLogImporter } from './fio/fio-hist-log.js';
import { fioJsonImporter } from './fio/fio-json.js';
import { fioLogImporter } from './fio/fio-log.js';
import { fioNormalImporter } from './fio/fio-normal.js';
import { fioTerseImporter } from './fio/fio-terse.js';
import { hammerdbImporters } from './hammerdb/index.js';
import { monitorImporters } from './monitors/index.js';
import { svcImporters } from './svc/index.js';
import { spreadsheetImporter } from './spreadsheet/index.js';
import { vdbenchImporter } from './vdbench/vdbench.js';
import { nearMisses, unknownFormatReason } from './near-miss.js';
import { gunzipHead, gzipped, isGzip } from './gzip.js';
import { decodeText, looksBinary } from './text.js';
import { writeUpOf, writeUpReason } from './write-up.js';
import type { Importer } from './types.js';

/** Order matters only where two could claim a file: the more specific comes first. */
export const importers: readonly Importer[] = [
  fioJsonImporter, fioTerseImporter, fioNormalImporter, fioHistLogImporter, fioLogImporter,
  ...hammerdbImporters,
  vdbenchImporter,
  ...svcImporters,
  ...monitorImporters,
  awrImporter,
  ...benchmarkImporters,
  // Any table, read through a column mapping: last, so that every tool's own format wins.
  spreadsheetImporter,
];

/** How much of a file detection looks at. */
export const DETECT_HEAD_BYTES = 64 * 1024;

export type Detection =
  /**
   * `gzip`: the file is gzipped and its format streams (fio logs): the importer is the format's
   * own, handed the decompressed bytes as they are read (app/core/import/gunzip-stream.ts).
   */
  | { format: string; importer: Importer; reason?: undefined; gzip?: true }
  /**
   * `nearMiss`: the file looks like a format (iostat rows without their header, fio output that
   * stopped before its report): a result the user meant to import, refused with what is missing,
   * never skipped in silence as "not a result".
   */
  | {
    format: null; importer: null; reason: string; nearMiss?: true; writeUp?: true;
    /**
     * The head is a workbook's (a zip or an OLE compound file) but does not yet show which:
     * an XLS names its streams where its directory is, anywhere in the file. Only then is a
     * file no importer claims from its head read further.
     */
    wholeMayTell?: true;
  };

/**
 * Reports that are documents themselves (an AWR report's HTML has headings and prose) and SVC
 * statistics (XML, thousands of files a drop): never taken for a write-up.
 */
const DOCUMENT_FORMATS = new Set(['awr', 'svc-iostats']);

/** A zip (XLSX) or OLE compound file (XLS): the containers a workbook comes in. */
function workbookContainer(bytes: Uint8Array): boolean {
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  const ole = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1].every((b, i) => bytes[i] === b);
  return zip || ole;
}

/** Formats a gzipped file may not hold: SVC statistics (read head first, then combined) and tables (read through a mapping). */
const GZIP_UNREAD = new Set(['svc-iostats', 'spreadsheet']);

export function detectFormat(bytes: Uint8Array): Detection {
  if (bytes.length === 0) return { format: null, importer: null, reason: 'the file is empty' };
  if (isGzip(bytes)) return detectGzipped(bytes);
  const binary = looksBinary(bytes);
  if (binary) {
    // Workbooks (XLSX, XLS) are binary: only importers that read bytes may claim them.
    const workbook = importers.find((i) => i.detectBinary?.(bytes));
    if (workbook) return { format: workbook.id, importer: workbook };
  }
  // A tool's text with a stray NUL (a console capture's padding before the JSON) is still that
  // tool's output; a generic table is never claimed from binary bytes.
  const { text } = decodeText(bytes, DETECT_HEAD_BYTES);
  const importer = importers.find((i) => !(binary && i === spreadsheetImporter) && i.detect(text));
  // A README, notes or a blog export that quotes the tool's lines is not its output (write-up.ts).
  const writeUp = binary || (importer && DOCUMENT_FORMATS.has(importer.id)) ? null : writeUpOf(text);
  if (writeUp) return { format: null, importer: null, reason: writeUpReason(writeUp, importer ? importer.title : nearMisses(text)[0]?.format ?? null), writeUp: true };
  if (importer) return { format: importer.id, importer };
  if (binary) return { format: null, importer: null, reason: 'binary file (not a text result file)', ...(workbookContainer(bytes) ? { wholeMayTell: true as const } : {}) };
  // Nothing claims it: say which formats it comes closest to and what is missing, or that it is
  // one tool's output without results (near-miss.ts).
  return { format: null, importer: null, reason: unknownFormatReason(text), ...(nearMisses(text).length > 0 ? { nearMiss: true as const } : {}) };
}

/**
 * A gzipped file: detected from its decompressed head; a format that streams is decompressed as
 * it is read, any other is parsed by that format's importer after gunzip (within a limit).
 */
function detectGzipped(bytes: Uint8Array): Detection {
  const plain = gunzipHead(bytes, DETECT_HEAD_BYTES);
  if (!plain) return { format: null, importer: null, reason: 'gzip file that cannot be decompressed (damaged, or not gzip)' };
  if (plain.length === 0) return { format: null, importer: null, reason: 'gzip file with nothing in it' };
  const inner = detectFormat(plain);
  if (!inner.importer) return { format: null, importer: null, reason: `gzip file: ${inner.reason}`, ...(inner.nearMiss ? { nearMiss: true as const } : {}) };
  if (GZIP_UNREAD.has(inner.importer.id)) {
    return { format: null, importer: null, reason: `gzipped ${inner.importer.title}: unpack it first (tables and SVC statistics are not read from gzip)` };
  }
  if (inner.importer.stream) return { format: inner.format, importer: inner.importer, gzip: true };
  return { format: inner.format, importer: gzipped(inner.importer) };
}

export function importerById(id: string): Importer | undefined {
  return importers.find((i) => i.id === id);
}
