/**
 * The report header (FORMATS.md 3.1): database, instance, host and snapshot blocks.
 *
 * Blocks are found by their column headings, not their position, because the layout moved:
 * 10g-12.1 print `DB Name DB Id Instance Inst num Startup Time Release RAC` in one block,
 * 12.2+ split it into `DB Name DB Id Unique Name DB Role Edition Release RAC CDB` and a separate
 * `Instance Inst Num Startup Time` block, 10g has no Startup Time and names the host in the
 * database block, and STATSPACK leaves the database name blank and wraps its host headings
 * over two lines. Snapshot rows are the ones labelled "Begin Snap:" / "End Snap:".
 */
import { parseAwrNumber } from './numbers.js';
import type { ReportDocument } from './report-document.js';
import { cell, columnRoles, headerKey, tableMayHold, type ReportTable } from './report-tables.js';
import { parseSnapTime } from './snap-time.js';

export interface ReportHeader {
  dbName: string | null;
  dbId: string | null;
  instance: string | null;
  instNum: number | null;
  release: string | null;
  rac: boolean | null;
  cdb: boolean | null;
  host: string | null;
  platform: string | null;
  cpus: number | null;
  cores: number | null;
  sockets: number | null;
  memoryGb: number | null;
  beginSnap: number | null;
  endSnap: number | null;
  beginMs: number | null;
  endMs: number | null;
  sessionsBegin: number | null;
  sessionsEnd: number | null;
  elapsedMin: number | null;
  dbTimeMin: number | null;
  /** "Startup Time" of the instance (12.2+: its own block), wall clock as if UTC. */
  startupMs: number | null;
  /** Instances started after the begin snapshot (a RAC global report names each): the window spans a restart. */
  restarts: Array<{ instance: string | null; startupMs: number }>;
  /** Snap times printed with a non-English month ("Дек"). */
  localisedMonths: boolean;
  /** Printed snapshot times that could not be read, for a warning. */
  unreadTimes: string[];
}

export function emptyHeader(): ReportHeader {
  return {
    dbName: null, dbId: null, instance: null, instNum: null, release: null, rac: null, cdb: null,
    host: null, platform: null, cpus: null, cores: null, sockets: null, memoryGb: null,
    beginSnap: null, endSnap: null, beginMs: null, endMs: null, sessionsBegin: null, sessionsEnd: null,
    elapsedMin: null, dbTimeMin: null, startupMs: null, restarts: [], localisedMonths: false, unreadTimes: [],
  };
}

export const yesNo = (s: string): boolean | null => (/^(yes|y|true)$/i.test(s.trim()) ? true : /^(no|n|false)$/i.test(s.trim()) ? false : null);
const text = (s: string): string | null => (s.trim() === '' ? null : s.trim());

function readDatabaseBlock(t: ReportTable, h: ReportHeader): void {
  const c = columnRoles(t.headers, [
    ['name', /^(db name|database)$/], ['id', /^(db ?id|database id)$/], ['instance', /^instance( name)?$/],
    ['num', /^inst ?num$/], ['release', /^release$/], ['rac', /^(rac|cluster)$/], ['cdb', /^cdb$/], ['host', /^host( name)?$/], ['startup', /^startup( time)?$/],
  ]);
  const row = t.rows[0];
  if (!row) return;
  h.dbName ??= text(cell(row, c.name));
  h.dbId ??= text(cell(row, c.id));
  h.instance ??= text(cell(row, c.instance));
  h.instNum ??= parseAwrNumber(cell(row, c.num));
  h.release ??= text(cell(row, c.release));
  h.rac ??= yesNo(cell(row, c.rac));
  h.cdb ??= yesNo(cell(row, c.cdb));
  h.host ??= text(cell(row, c.host));
  h.startupMs ??= parseSnapTime(cell(row, c.startup))?.ms ?? null;
}

function readHostBlock(t: ReportTable, h: ReportHeader): void {
  const row = t.rows[0];
  if (!row) return;
  let c = columnRoles(t.headers, [
    ['host', /^host( name)?$/], ['platform', /^platform$/], ['cpus', /^cpus$/], ['cores', /^cores$/],
    ['sockets', /^sockets$/], ['memory', /^memory ?\((gb|g)\)$/],
  ]);
  // STATSPACK wraps "Host Name Platform CPUs" / "Cores Sockets Memory (G)" over two heading
  // lines that do not line up with the columns: read its seven columns by position.
  if (c.platform === undefined && t.headers.length === 7 && t.headers.some((x) => /sockets/i.test(x))) {
    c = { host: 1, platform: 2, cpus: 3, cores: 4, sockets: 5, memory: 6 };
  }
  h.host ??= text(cell(row, c.host));
  h.platform ??= text(cell(row, c.platform));
  h.cpus ??= parseAwrNumber(cell(row, c.cpus));
  h.cores ??= parseAwrNumber(cell(row, c.cores));
  h.sockets ??= parseAwrNumber(cell(row, c.sockets));
  h.memoryGb ??= parseAwrNumber(cell(row, c.memory));
}

function readSnapBlock(t: ReportTable, h: ReportHeader): void {
  const c = columnRoles(t.headers, [['id', /snap id/], ['time', /snap time/], ['sessions', /^sessions$/]]);
  for (const row of t.rows) {
    const label = headerKey(row[0] ?? '');
    const rest = row.slice(1).join(' ');
    const firstNumber = parseAwrNumber(/[\d,]*\.?\d+/.exec(rest)?.[0]);
    if (/^begin snap:?$/.test(label) || /^end snap:?$/.test(label)) {
      const begin = label.startsWith('begin');
      const id = parseAwrNumber(cell(row, c.id));
      const timeText = cell(row, c.time);
      const time = parseSnapTime(timeText);
      if (timeText && !time) h.unreadTimes.push(timeText);
      if (time?.localisedMonth) h.localisedMonths = true;
      const sessions = parseAwrNumber(cell(row, c.sessions));
      if (begin) {
        h.beginSnap ??= id;
        h.beginMs ??= time?.ms ?? null;
        h.sessionsBegin ??= sessions;
      } else {
        h.endSnap ??= id;
        h.endMs ??= time?.ms ?? null;
        h.sessionsEnd ??= sessions;
      }
    } else if (/^elapsed:?$/.test(label)) {
      h.elapsedMin ??= firstNumber;
    } else if (/^db time:?$/.test(label)) {
      h.dbTimeMin ??= firstNumber;
    }
  }
}

/** "AWR Report for DB: ORCL, Inst: orcl, Snaps: 17676-17677" and "DB/Inst: BPSC/bpsc  Snaps: 2668-2669". */
function readTitleLines(doc: ReportDocument, h: ReportHeader): void {
  const html = /DB:\s*([^,\s]+),\s*Inst:\s*([^,\s]+),\s*Snaps:\s*(\d+)-(\d+)/.exec(doc.banner);
  const textLine = doc.textSections.map((s) => s.lines[0] ?? '').find((l) => /DB\/Inst:/.test(l)) ?? '';
  const text = /DB\/Inst:\s*([^/\s]+)\/(\S+)\s+Snaps?:\s*(\d+)-(\d+)/.exec(textLine);
  const m = html ?? text;
  if (!m) return;
  h.dbName ??= m[1]!;
  h.instance ??= m[2]!;
  h.beginSnap ??= Number(m[3]);
  h.endSnap ??= Number(m[4]);
}

/**
 * Words every header block below prints in its headings or rows; a table without them is
 * passed over before its cells are built (most of the first 40 tables are SQL lists and
 * summaries). Headings join cells of several rows ("Inst" over "Num"), so those two words need
 * only come in that order; "Begin Snap:" is one cell. A numeric entity other than `&#160;`
 * could spell any of them, so it counts too.
 */
const HEADER_WORDS = /release|platform|sockets|begin(?:\s|<[^>]*>|&[^;]*;)*snap|&#(?!160;)/i;

function mayHoldHeader(source: string): boolean {
  if (HEADER_WORDS.test(source)) return true;
  const inst = source.search(/inst/i);
  return inst >= 0 && /num/i.test(source.slice(inst));
}

/** The header of a single-instance, RAC-instance, SQL or STATSPACK report. */
export function readHeader(doc: ReportDocument): ReportHeader {
  const h = emptyHeader();
  for (const t of doc.tables.slice(0, 40)) {
    if (!tableMayHold(t, mayHoldHeader)) continue;
    const keys = t.headers.map(headerKey);
    if (keys.some((k) => /^(db name|database)$/.test(k)) && keys.includes('release')) readDatabaseBlock(t, h);
    else if (keys[0] === 'instance' && keys.some((k) => /^inst ?num$/.test(k))) readDatabaseBlock(t, h);
    else if (keys.includes('platform') || (keys.length === 7 && keys.some((k) => /sockets/.test(k)) && !keys.includes('%user'))) {
      if (t.rows[0] && !/^\d/.test(t.rows[0][0] ?? '')) readHostBlock(t, h);
    }
    if (t.rows.some((r) => /^begin snap:?$/i.test((r[0] ?? '').trim()))) readSnapBlock(t, h);
  }
  readTitleLines(doc, h);
  if (h.startupMs !== null && h.beginMs !== null && h.startupMs > h.beginMs) h.restarts.push({ instance: h.instance, startupMs: h.startupMs });
  return h;
}
