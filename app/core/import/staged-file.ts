/**
 * A file read and recognised, not yet written: what staging hands the writer. Its own module so
 * the parse workers (parse-pool.ts) and the pipeline can both name it without importing each other.
 */
import type { Importer, ParseResult } from '../../../importers/types.js';
import type { PreparedObject } from '../originals/object-store.js';
import type { FileSource } from './file-source.js';
import type { StagedTable } from './stage-table.js';
import type { SvcStageError, SvcStageInfo } from './svc-stream.js';

export interface StagedFile {
  id: string;
  path: string;
  source: FileSource;
  sha256: string;
  importer: Importer | null;
  /** For a streamed file, the parse of its head: what the preview shows. */
  result: ParseResult;
  /** Parsed chunk by chunk while it is written (a large log), not whole at staging. */
  streamed: boolean;
  /** A gzipped file that streams (an fio log): decompressed as it is read, its .gz kept. */
  gzip?: true;
  /** A table (CSV, TSV, XLSX, pasted): how it was read and the mapping used. */
  table?: StagedTable;
  /** The whole file as staging read it (not a streamed or SVC file): written from these bytes rather than read again. */
  bytes?: Uint8Array;
  /**
   * SVC statistics (one snapshot of cumulative counters): only the header is read at staging;
   * the counters are read when the import combines all the files into rates.
   */
  svc?: SvcStageInfo | SvcStageError;
  /**
   * Its object, compressed and written to a temporary file by the parse worker that read it
   * (then `bytes` are not carried back): the writer adopts it when it keeps the file.
   */
  prepared?: PreparedObject;
  /** An empty file: nothing to import and nothing to lose, so it is skipped, not failed. */
  empty?: true;
  /** Not a result: no importer recognises its content (a load script's output beside the reports): skipped with the reason. */
  notResult?: true;
}
