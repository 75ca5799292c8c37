/**
 * IOStat by Function, Tablespace IO Stats and File IO Stats (FORMATS.md 3.4).
 *
 * IOStat units, from the note AWR prints above the table: "'Data' columns suffixed with
 * M,G,T,P are in multiples of 1024, other columns suffixed with K,M,G,T,P are in multiples of
 * 1000". The "Data" and "Data per sec" columns are byte amounts (2.8G over the hour matches
 * .801M per second only with M = 2^20), so they become MiB and MiB/s; request rates and wait
 * counts ("364.2K") are decimal. Text reports cut function names ("Buffer Cache Re"): they are
 * joined to the fixed list of I/O functions.
 */
import { parseAwrNumber, parseMib, parseWaitMs, looksNumeric } from './numbers.js';
import { tablesTitled, type ReportDocument } from './report-document.js';
import { cell, columnRoles, type ReportTable } from './report-tables.js';

/** V$IOSTAT_FUNCTION.FUNCTION_NAME values. */
const IO_FUNCTIONS = [
  'Buffer Cache Reads', 'Direct Reads', 'Direct Writes', 'DBWR', 'LGWR', 'ARCH', 'RMAN', 'Recovery',
  'Smart Scan', 'Streams AQ', 'XDB', 'Data Pump', 'Archive Manager', 'Others', 'TOTAL:',
];

function ioFunction(printed: string, width: number | undefined): string {
  const p = printed.trim();
  if (width === undefined || p.length < width) return p;
  const m = IO_FUNCTIONS.filter((f) => f.toLowerCase().startsWith(p.toLowerCase()));
  return m.length === 1 ? m[0]! : p;
}

export type IoRow = Record<string, string | number | null>;

export function readIostatByFunction(doc: ReportDocument): IoRow[] {
  const out: IoRow[] = [];
  for (const t of tablesTitled(doc, /^io ?stat by function( - |\s)?summary$|^iostat by function$/)) {
    const c = columnRoles(t.headers, [
      // AWR: "Reads: Data", "Reqs per sec", "Data per sec", then the same for writes; STATSPACK:
      // "Read" / "Write" groups of "Data Volume", "Requests /sec", "Data Vol/sec". First match is the read side.
      ['instance', /^i#$/], ['name', /function/],
      ['readData', /^reads?:? data$|^read data volume$|^data volume$/], ['readReqs', /reqs per sec|requests \/sec/], ['readDataS', /data per sec|data vol\/sec/],
      ['writeData', /^writes?:? data$|^write data volume$|^data volume$/], ['writeReqs', /reqs per sec|requests \/sec/], ['writeDataS', /data per sec|data vol\/sec/],
      // RAC global layout: requests and MB split into total / per second columns.
      ['reqsS', /^ios\/s$/], ['readReqsS', /^reads\/s$/], ['writeReqsS', /^writes\/s$/],
      ['mbS', /^io mb\/s$/], ['readMbS', /^read mb\/s$/], ['writeMbS', /^write mb\/s$/],
      ['count', /count/], ['avg', /^avg/],
    ]);
    for (const r of t.rows) {
      const name = cell(r, c.name);
      if (!name) continue;
      const row: IoRow = { function: ioFunction(name, t.widths?.[c.name ?? -1]) };
      if (c.instance !== undefined) row['instance'] = cell(r, c.instance);
      const put = (k: string, v: number | null): void => {
        if (v !== null) row[k] = v;
      };
      put('read_mib', parseMib(cell(r, c.readData) || undefined));
      put('read_reqs_per_s', parseAwrNumber(cell(r, c.readReqs) || cell(r, c.readReqsS)));
      put('read_mib_s', c.readDataS !== undefined ? parseMib(cell(r, c.readDataS)) : parseAwrNumber(cell(r, c.readMbS)));
      put('write_mib', parseMib(cell(r, c.writeData) || undefined));
      put('write_reqs_per_s', parseAwrNumber(cell(r, c.writeReqs) || cell(r, c.writeReqsS)));
      put('write_mib_s', c.writeDataS !== undefined ? parseMib(cell(r, c.writeDataS)) : parseAwrNumber(cell(r, c.writeMbS)));
      put('reqs_per_s', parseAwrNumber(cell(r, c.reqsS)));
      put('mib_s', parseAwrNumber(cell(r, c.mbS)));
      put('wait_count', parseAwrNumber(cell(r, c.count)));
      // "Avg Tm(ms)" before 12c; a unit per value after ("620.73us"): bare numbers are ms.
      put('avg_wait_ms', parseWaitMs(cell(r, c.avg)));
      out.push(row);
    }
  }
  return out;
}

type IoStatRole = 'ts' | 'file' | 'reads' | 'readsS' | 'rdMs' | 'blks' | 'oneBlkS' | 'oneBlkMs' | 'writes' | 'writesS' | 'bufWaits' | 'bufMs';

const IO_STAT_ROLES: ReadonlyArray<[IoStatRole, RegExp]> = [
  ['ts', /^tablespace( name)?$/], ['file', /^file ?name$/],
  ['oneBlkS', /1-bk rds\/s/], ['oneBlkMs', /1-bk rd\s*\(ms\)/],
  ['readsS', /rds\/s|reads\/s/], ['rdMs', /rd\s*\(ms\)/], ['blks', /blks\/rd/], ['reads', /^reads$/],
  ['writesS', /writes\/s|writes avg\/s/], ['writes', /^writes$/], ['bufMs', /buf wt/], ['bufWaits', /buffer waits/],
];

function ioStatRow(cells: readonly string[], c: Partial<Record<IoStatRole, number>>, names: { ts: string; file?: string }): IoRow {
  const row: IoRow = { tablespace: names.ts };
  if (names.file !== undefined) row['file'] = names.file;
  const put = (k: string, v: number | null): void => {
    if (v !== null) row[k] = v;
  };
  put('reads', parseAwrNumber(cell(cells, c.reads)));
  put('reads_per_s', parseAwrNumber(cell(cells, c.readsS)));
  put('avg_read_ms', parseWaitMs(cell(cells, c.rdMs)));
  put('blocks_per_read', parseAwrNumber(cell(cells, c.blks)));
  put('single_block_reads_per_s', parseAwrNumber(cell(cells, c.oneBlkS)));
  put('avg_single_block_read_ms', parseWaitMs(cell(cells, c.oneBlkMs)));
  put('writes', parseAwrNumber(cell(cells, c.writes)));
  put('writes_per_s', parseAwrNumber(cell(cells, c.writesS)));
  put('buffer_waits', parseAwrNumber(cell(cells, c.bufWaits)));
  put('avg_buffer_wait_ms', parseWaitMs(cell(cells, c.bufMs)));
  return row;
}

/**
 * Text reports print a tablespace (and file) name on a line of its own, then its figures on
 * the next; the generic reader sees a name-only row before each figures row.
 */
function pairedRows(t: ReportTable, c: Partial<Record<IoStatRole, number>>, withFile: boolean): IoRow[] {
  const out: IoRow[] = [];
  let pending: { ts: string; file?: string } | null = null;
  let lastTs = '';
  for (const r of t.rows) {
    const filled = r.filter((x) => x !== '');
    if (filled.length > 0 && filled.length <= 2 && !filled.some(looksNumeric)) {
      // File IO prints the tablespace once, then only file names for its other files.
      if (withFile && filled.length === 1 && /[/\\+]/.test(filled[0]!)) pending = { ts: lastTs, file: filled[0]! };
      else pending = withFile ? { ts: filled[0]!, file: filled[1] ?? '' } : { ts: filled[0]! };
      lastTs = pending.ts;
      continue;
    }
    if (pending && filled.some(looksNumeric)) {
      out.push(ioStatRow(r, c, pending));
      pending = null;
    }
  }
  return out;
}

function readIoStats(doc: ReportDocument, title: RegExp, withFile: boolean): IoRow[] {
  const out: IoRow[] = [];
  for (const t of tablesTitled(doc, title)) {
    const c = columnRoles(t.headers, IO_STAT_ROLES);
    if (c.reads === undefined && c.readsS === undefined) continue; // the name-only heading table of the text layout
    if (c.ts !== undefined) {
      for (const r of t.rows) {
        const ts = cell(r, c.ts);
        if (ts) out.push(ioStatRow(r, c, withFile ? { ts, file: cell(r, c.file) } : { ts }));
      }
    } else {
      out.push(...pairedRows(t, c, withFile));
    }
  }
  return out;
}

export const readTablespaceIo = (doc: ReportDocument): IoRow[] => readIoStats(doc, /^tablespace io stats$/, false);
export const readFileIo = (doc: ReportDocument): IoRow[] => readIoStats(doc, /^file io stats$/, true);
