/**
 * Generated AWR instance reports for the import bench, in the 11.2.0.4 layout of the samples
 * (samples/awr/generate.mjs): the sample's header, load profile and top events, then the long
 * tail a real report carries (FORMATS.md 3.4): time model, wait classes, full foreground and
 * background wait event lists, the wait event histogram, eleven "SQL ordered by" sections with
 * statements wrapped at 80 characters, instance activity, IOStat, tablespace and file I/O,
 * buffer pool, latches, segments and init.ora parameters. Long sections repeat their title and
 * headings every page, as awrrpt.sql does. Values come from a generator seeded per report, so
 * every report differs while the bench stays deterministic.
 *
 * One model, two renderings: `textReport` prints it as awrrpt.sql `text` would, `htmlReport`
 * in the 11.2/12c HTML layout (FORMATS.md 3.6), used when the corpus HTML reports are absent.
 */
import { readDocument } from '../../importers/awr/report-document.js';
import { INSTANCE_ACTIVITY_SUBSET } from '../../importers/awr/activity.js';
import { seededRandom } from './fuzz/mutations.js';

/** Deterministic numbers per report: the fuzz suite's generator (mulberry32). */
export const seeded = seededRandom;

/** `1,234.5` as AWR prints it, without toLocaleString (millions of calls per bench). */
export function fmt(v: number, decimals = 0): string {
  const fixed = Math.abs(v).toFixed(decimals);
  const dot = fixed.indexOf('.');
  const int = dot < 0 ? fixed : fixed.slice(0, dot);
  let grouped = '';
  for (let i = int.length; i > 0; i -= 3) grouped = int.slice(Math.max(0, i - 3), i) + (grouped ? `,${grouped}` : '');
  const out = (v < 0 ? '-' : '') + grouped + (dot < 0 ? '' : fixed.slice(dot));
  // Below 1, AWR drops the leading zero (FORMATS.md 3.5).
  return out.startsWith('0.') ? out.slice(1) : out;
}

interface Column {
  /** Heading lines, top to bottom; the last sits right above the dashes. */
  head: string[];
  width: number;
  left?: boolean;
}

interface Row {
  cells: string[];
  /** Lines printed under the row (SQL sections: Module:, then the statement text). */
  after?: string[];
  /** HTML only: extra cells after `cells` (SQL Module, SQL Text). */
  htmlCells?: string[];
}

export interface Section {
  title: string;
  notes: string[];
  columns: Column[];
  rows: Row[];
  /** HTML only: extra column names matching Row.htmlCells. */
  htmlColumns?: string[];
}

const WAIT_EVENTS: ReadonlyArray<[string, string]> = [
  ['cell single block physical read', 'User I/O'], ['cell list of blocks physical read', 'User I/O'],
  ['cell multiblock physical read', 'User I/O'], ['cell smart table scan', 'User I/O'], ['db file sequential read', 'User I/O'],
  ['db file scattered read', 'User I/O'], ['direct path read', 'User I/O'], ['direct path read temp', 'User I/O'],
  ['direct path write', 'User I/O'], ['direct path write temp', 'User I/O'], ['read by other session', 'User I/O'],
  ['log file sync', 'Commit'], ['log file switch completion', 'Configuration'], ['log file switch (checkpoint incomplete)', 'Configuration'],
  ['free buffer waits', 'Configuration'], ['write complete waits', 'Configuration'], ['enq: TX - row lock contention', 'Application'],
  ['enq: TM - contention', 'Application'], ['enq: TX - index contention', 'Concurrency'], ['enq: HW - contention', 'Configuration'],
  ['enq: WF - contention', 'Other'], ['buffer busy waits', 'Concurrency'], ['latch: cache buffers chains', 'Concurrency'],
  ['latch: shared pool', 'Concurrency'], ['library cache: mutex X', 'Concurrency'], ['cursor: pin S wait on X', 'Concurrency'],
  ['row cache lock', 'Concurrency'], ['gc current block busy', 'Cluster'], ['gc current block 2-way', 'Cluster'],
  ['gc current block 3-way', 'Cluster'], ['gc cr block 2-way', 'Cluster'], ['gc cr block 3-way', 'Cluster'],
  ['gc cr multi block request', 'Cluster'], ['gc buffer busy acquire', 'Cluster'], ['gc buffer busy release', 'Cluster'],
  ['gc current grant 2-way', 'Cluster'], ['gc cr grant 2-way', 'Cluster'], ['reliable message', 'Other'],
  ['control file sequential read', 'System I/O'], ['control file parallel write', 'System I/O'], ['Disk file operations I/O', 'User I/O'],
  ['SQL*Net message to client', 'Network'], ['SQL*Net more data to client', 'Network'], ['SQL*Net more data from client', 'Network'],
  ['PX Deq: Slave Session Stats', 'Other'], ['PX Idle Wait', 'Idle'], ['ADR block file read', 'Other'], ['ADR file lock', 'Other'],
  ['CSS initialization', 'Other'], ['CSS operation: action', 'Other'], ['KSV master wait', 'Other'], ['asynch descriptor resize', 'Other'],
  ['cell statistics gather', 'Other'], ['cell worker idle', 'Idle'], ['SQL*Net message from client', 'Idle'],
  ['jobq slave wait', 'Idle'], ['Streams AQ: waiting for messages in the queue', 'Idle'], ['wait for unread message on broadcast channel', 'Idle'],
];

const BACKGROUND_EVENTS: ReadonlyArray<[string, string]> = [
  ['db file parallel write', 'System I/O'], ['log file parallel write', 'System I/O'], ['control file parallel write', 'System I/O'],
  ['control file sequential read', 'System I/O'], ['gcs log flush sync', 'Other'], ['os thread startup', 'Concurrency'],
  ['ASM file metadata operation', 'Other'], ['LGWR wait for redo copy', 'Other'], ['log file sequential read', 'System I/O'],
  ['Log archive I/O', 'System I/O'], ['db file async I/O submit', 'System I/O'], ['ges lms sync during dynamic remastering', 'Other'],
  ['rdbms ipc message', 'Idle'], ['gcs remote message', 'Idle'], ['ges remote message', 'Idle'], ['DIAG idle wait', 'Idle'],
  ['Space Manager: slave idle wait', 'Idle'], ['smon timer', 'Idle'], ['pmon timer', 'Idle'], ['heartbeat redo informer', 'Idle'],
];

const STAT_PREFIXES = ['ASSM gsp', 'Batched IO', 'Block Cleanout Optim', 'CCursor', 'Commit SCN cached', 'DBWR', 'HSC Heap Segment',
  'IMU', 'LOB', 'OS', 'Parallel operations', 'RowCR', 'SQL*Net roundtrips to/from', 'buffer', 'cleanouts', 'cluster key scan',
  'commit', 'consistent gets from cache', 'cursor authentications', 'data blocks consistent reads', 'db block', 'enqueue',
  'execute', 'file io', 'gc local grants', 'global enqueue', 'index fast full scans', 'leaf node splits', 'lob reads',
  'logical read bytes from cache', 'messages', 'no work - consistent read', 'opened cursors', 'parse time', 'physical read flash',
  'process last non-idle', 'recursive', 'redo log space', 'rollback changes', 'rows fetched via callback', 'session cursor cache',
  'sorts', 'table fetch', 'transaction rollbacks', 'undo change vector', 'user I/O wait', 'workarea executions'];
const STAT_SUFFIXES = ['bytes', 'calls', 'count', 'time', 'requests', 'gets', 'waits'];
const STATISTICS = [...new Set([...INSTANCE_ACTIVITY_SUBSET, ...STAT_PREFIXES.flatMap((p) => STAT_SUFFIXES.map((s) => `${p} ${s}`))])]
  .sort((a, b) => a.localeCompare(b));

const TABLES = ['CF1', 'ORDERS', 'ORDER_LINES', 'CUSTOMERS', 'STOCK', 'DISTRICT', 'WAREHOUSE', 'HISTORY', 'ITEM', 'NEW_ORDER'];
const COLUMNS = ['CUSTID', 'C2', 'O_ID', 'O_D_ID', 'O_W_ID', 'OL_AMOUNT', 'S_QUANTITY', 'C_BALANCE', 'D_NEXT_O_ID', 'I_PRICE', 'H_DATE'];
const MODULES = ['SLOB', 'JDBC Thin Client', 'SQL*Plus', 'php@app01 (TNS V1-V3)', 'DBMS_SCHEDULER', 'oraagent.bin@x4db01 (TNS V1-V3)'];

const pick = <T>(rnd: () => number, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

function sqlText(rnd: () => number): string {
  const t = pick(rnd, TABLES);
  const cols = Array.from({ length: 2 + Math.floor(rnd() * 10) }, () => pick(rnd, COLUMNS));
  const preds = Array.from({ length: 1 + Math.floor(rnd() * 12) }, (_, k) => `${pick(rnd, COLUMNS)} ${pick(rnd, ['=', '>', '<', '>='])} :B${k + 1}`);
  const kind = rnd();
  if (kind < 0.15) return `UPDATE ${t} SET ${cols[0]}=:B1 WHERE ${preds.join(' AND ')}`;
  if (kind < 0.25) return `INSERT INTO ${t} (${cols.join(', ')}) VALUES (${cols.map((_, k) => `:${k + 1}`).join(', ')})`;
  if (kind < 0.35) return `BEGIN slob_${t.toLowerCase()}_work(:job, :B1, :B2); COMMIT; EXCEPTION WHEN OTHERS THEN ROLLBACK; RAISE; END;`;
  const join = rnd() < 0.5 ? '' : ` JOIN ${pick(rnd, TABLES)} J ON J.${pick(rnd, COLUMNS)} = T.${pick(rnd, COLUMNS)}`;
  return `SELECT /*+ INDEX(T ${t}_PK) */ ${cols.map((c) => `T.${c}`).join(', ')} FROM ${t} T${join} WHERE ${preds.join(' AND ')} ORDER BY ${cols[0]}`;
}

function sqlId(rnd: () => number): string {
  const alphabet = '0123456789abcdfghjkmnpqrstuvwxyz';
  let id = '';
  for (let k = 0; k < 13; k++) id += alphabet[Math.floor(rnd() * 32)];
  return id;
}

/** The statement pool of one report, most expensive first. */
interface Statement { id: string; module: string | null; text: string; elapsedS: number; execs: number; cpuPct: number; ioPct: number }

function statements(rnd: () => number, count: number, dbTimeS: number): Statement[] {
  let share = 0.3;
  return Array.from({ length: count }, () => {
    share *= 0.8 + rnd() * 0.15;
    return {
      id: sqlId(rnd), module: rnd() < 0.8 ? pick(rnd, MODULES) : null, text: sqlText(rnd),
      elapsedS: dbTimeS * share, execs: 1 + Math.floor(rnd() * 100000), cpuPct: rnd() * 100, ioPct: rnd() * 100,
    };
  });
}

const col = (head: string[], width: number, left = false): Column => ({ head, width, left });

function waitSection(title: string, events: ReadonlyArray<[string, string]>, rnd: () => number, pctHead: string): Section {
  return {
    title,
    notes: ['s  - second, ms - millisecond -    1000th of a second', 'ordered by wait time desc, waits desc (idle events last)'],
    columns: [col(['Event'], 26, true), col(['Waits'], 12), col(['%Time', '-outs'], 5), col(['Total Wait', 'Time (s)'], 10),
      col(['Avg', 'wait', '(ms)'], 7), col(['Waits', '/txn'], 8), col(['%', pctHead], 6)],
    rows: events.map(([name, cls]) => {
      const waits = Math.floor(rnd() ** 3 * 6e6);
      const avgMs = cls === 'Idle' ? rnd() * 2000 : rnd() * 5;
      const time = (waits * avgMs) / 1000;
      return { cells: [name, fmt(waits), fmt(rnd() * 100), fmt(time), fmt(avgMs, avgMs < 10 ? 2 : 0), fmt(waits / 174000, 1), cls === 'Idle' ? '' : fmt(rnd() * 20, 1)] };
    }),
  };
}

function sqlSection(title: string, by: string, pool: Statement[], n: number): Section {
  const wrapped = (s: Statement): string[] => {
    const lines = s.module ? [`Module: ${s.module}`] : [];
    for (let k = 0; k < s.text.length; k += 80) lines.push(s.text.slice(k, k + 80));
    return lines;
  };
  const figures = by === 'Elapsed'
    ? [col(['Elapsed', 'Time (s)'], 16), col(['Executions'], 14), col(['Elapsed Time', 'per Exec (s)'], 13)]
    : [col([by], 16), col(['Executions'], 14), col([`${by} per Exec`], 13)];
  return {
    title,
    notes: ['%Total - Elapsed Time  as a percentage of Total DB time', '%CPU   - CPU Time      as a percentage of Elapsed Time',
      '%IO    - User I/O Time as a percentage of Elapsed Time'],
    columns: [...figures, col(['%Total'], 6), col(['%CPU'], 6), col(['%IO'], 6), col(['SQL Id'], 13, true)],
    htmlColumns: ['SQL Module', 'SQL Text'],
    rows: pool.slice(0, n).map((s) => ({
      cells: [fmt(s.elapsedS, 1), fmt(s.execs), fmt(s.elapsedS / s.execs, 2), fmt((s.elapsedS / 2400) * 100, 1), fmt(s.cpuPct, 1), fmt(s.ioPct, 1), s.id],
      after: wrapped(s),
      htmlCells: [s.module ?? '', s.text.slice(0, 30)],
    })),
  };
}

/** Every section after the sample's top events; `sqlPerSection` sizes the report. */
export function tailSections(seed: number, sqlPerSection: number): Section[] {
  const rnd = seeded(seed);
  const pool = statements(rnd, Math.max(sqlPerSection, 10), 2400);
  const num = (max: number, d = 0): string => fmt(rnd() * max, d);
  const sections: Section[] = [
    {
      title: 'Time Model Statistics', notes: ['Total time in database user-calls (DB Time): 2401s'],
      columns: [col(['Statistic Name'], 42, true), col(['Time (s)'], 18), col(['% of DB Time'], 12)],
      rows: ['sql execute elapsed time', 'DB CPU', 'parse time elapsed', 'hard parse elapsed time', 'PL/SQL execution elapsed time',
        'connection management call elapsed time', 'sequence load elapsed time', 'DB time', 'background elapsed time', 'background cpu time']
        .map((s) => ({ cells: [s, num(2400, 1), s.startsWith('background') || s === 'DB time' ? '' : num(100, 1)] })),
    },
    {
      title: 'Foreground Wait Class', notes: ['s  - second, ms - millisecond -    1000th of a second'],
      columns: [col(['Wait Class'], 20, true), col(['Waits'], 12), col(['%Time', '-outs'], 6), col(['Total Wait', 'Time (s)'], 11),
        col(['Avg', 'wait', '(ms)'], 8), col(['%DB', 'time'], 6)],
      rows: ['User I/O', 'DB CPU', 'Cluster', 'Configuration', 'Other', 'Concurrency', 'System I/O', 'Commit', 'Application', 'Network']
        .map((c) => ({ cells: [c, c === 'DB CPU' ? '' : num(6e6), c === 'DB CPU' ? '' : '0', num(2000), c === 'DB CPU' ? '' : num(5, 2), num(70, 1)] })),
    },
    waitSection('Foreground Wait Events', WAIT_EVENTS, rnd, 'DB time'),
    waitSection('Background Wait Events', BACKGROUND_EVENTS, rnd, 'bg time'),
    {
      title: 'Wait Event Histogram', notes: ['Units for Total Waits column: K is 1000, M is 1000000, G is 1000000000', 'Ordered by Event (idle events last)'],
      columns: [col(['', 'Event'], 26, true), col(['Total', 'Waits'], 5), ...['<1ms', '<2ms', '<4ms', '<8ms', '<16ms', '<32ms', '<=1s', '>1s'].map((h) => col(['', h], 5))],
      rows: [...WAIT_EVENTS, ...BACKGROUND_EVENTS].map(([name]) => ({ cells: [name, `${num(999)}K`, ...Array.from({ length: 8 }, () => (rnd() < 0.3 ? '' : num(100, 1)))] })),
    },
  ];
  for (const by of ['Elapsed', 'CPU Time (s)', 'User I/O Time (s)', 'Buffer Gets', 'Physical Reads', 'UnOptimized Read Reqs',
    'Rows Processed', 'Parse Calls', 'Sharable Mem (b)', 'Version Count', 'Cluster Wait Time (s)']) {
    const title = {
      Elapsed: 'Elapsed Time', 'CPU Time (s)': 'CPU Time', 'User I/O Time (s)': 'User I/O Wait Time', 'Buffer Gets': 'Gets',
      'Physical Reads': 'Reads', 'UnOptimized Read Reqs': 'Physical Reads (UnOptimized)', 'Rows Processed': 'Executions',
      'Parse Calls': 'Parse Calls', 'Sharable Mem (b)': 'Sharable Memory', 'Version Count': 'Version Count', 'Cluster Wait Time (s)': 'Cluster Wait Time',
    }[by]!;
    // Each ordering shuffles the pool a little, as a real report ranks the same statements differently.
    const order = by === 'Elapsed' ? pool : [...pool].sort(() => rnd() - 0.5);
    sections.push(sqlSection(`SQL ordered by ${title}`, by, order, sqlPerSection));
  }
  sections.push(
    {
      title: 'Instance Activity Stats', notes: ['Ordered by statistic name'],
      columns: [col(['Statistic'], 32, true), col(['Total'], 18), col(['per Second'], 14), col(['per Trans'], 13)],
      rows: STATISTICS.map((s) => ({ cells: [s.slice(0, 32), num(1e9), num(1e6, 1), num(1e4, 1)] })),
    },
    {
      title: 'IOStat by Function summary', notes: ["'Data' columns suffixed with M,G,T,P are in multiples of 1024", 'other columns suffixed with K,M,G,T,P are in multiples of 1000'],
      columns: [col(['Function Name'], 18, true), col(['Reads:', 'Data'], 7), col(['Reqs', 'per sec'], 7), col(['Data per', 'sec'], 7),
        col(['Writes:', 'Data'], 7), col(['Reqs', 'per sec'], 7), col(['Data per', 'sec'], 7), col(['Waits:', 'Count'], 7), col(['Avg', 'Tm(ms)'], 7)],
      rows: ['Buffer Cache Reads', 'DBWR', 'LGWR', 'Direct Reads', 'Direct Writes', 'Others', 'TOTAL:']
        .map((f) => ({ cells: [f, `${num(999)}G`, num(9999, 1), num(999, 1), `${num(999)}G`, num(9999, 1), num(999, 1), `${num(999)}K`, num(9, 2)] })),
    },
    {
      title: 'Tablespace IO Stats', notes: ['ordered by IOs (Reads + Writes) desc'],
      columns: [col(['Tablespace'], 30, true), col(['Reads'], 14), col(['Av', 'Rds/s'], 7), col(['Av', 'Rd(ms)'], 6), col(['Av', 'Blks/Rd'], 7),
        col(['Writes'], 14), col(['Av', 'Wrts/s'], 7), col(['Buffer', 'Waits'], 10), col(['Av Buf', 'Wt(ms)'], 7)],
      rows: Array.from({ length: 24 }, (_, k) => ({ cells: [k === 0 ? 'IOPS' : `TS_DATA_${String(k).padStart(2, '0')}`, num(6e6), num(2e4), num(3, 1), num(8, 1), num(6e6), num(2e4), num(300), num(3, 1)] })),
    },
    {
      title: 'File IO Stats', notes: ['ordered by Tablespace, File'],
      columns: [col(['Tablespace', 'Filename'], 22, true), col(['Reads'], 14), col(['Av', 'Rds/s'], 7), col(['Av', 'Rd(ms)'], 6), col(['Av', 'Blks/Rd'], 7),
        col(['Writes'], 14), col(['Av', 'Wrts/s'], 7), col(['Buffer', 'Waits'], 10), col(['Av Buf', 'Wt(ms)'], 7)],
      rows: Array.from({ length: 160 }, (_, k) => ({ cells: [`TS_DATA_${String(k % 24).padStart(2, '0')}`, num(6e5), num(2e3), num(3, 1), num(8, 1), num(6e5), num(2e3), num(30), num(3, 1)],
        after: [`+DATA/slob/datafile/ts_data_${k % 24}.${300 + k}.${843000000 + k}`] })),
    },
    {
      title: 'Latch Activity', notes: ['"Get Requests", "Pct Get Miss" and "Avg Slps/Miss" are statistics for willing-to-wait latch get requests'],
      columns: [col(['Latch Name'], 24, true), col(['Get', 'Requests'], 14), col(['Pct', 'Get', 'Miss'], 6), col(['Avg', 'Slps', '/Miss'], 6),
        col(['Wait', 'Time', '(s)'], 6), col(['NoWait', 'Requests'], 12), col(['Pct', 'NoWait', 'Miss'], 6)],
      rows: STATISTICS.slice(0, 240).map((s) => ({ cells: [`${s.split(' ')[0]} latch ${s.length}`.slice(0, 24), num(1e9), num(1, 1), num(1, 1), '0', num(1e6), num(1, 1)] })),
    },
    {
      title: 'Segments by Physical Writes', notes: ['Total Physical Writes:     101,443,200', 'Captured Segments account for   99.9% of Total'],
      columns: [col(['Owner'], 10, true), col(['Tablespace', 'Name'], 10, true), col(['Object Name'], 20, true), col(['Subobject', 'Name'], 12, true),
        col(['Obj.', 'Type'], 5, true), col(['Physical', 'Writes'], 14), col(['%Total'], 6)],
      rows: Array.from({ length: 40 }, (_, k) => ({ cells: [`USER${k % 9}`, 'IOPS', `${pick(rnd, TABLES)}_IX${k}`, '', 'INDEX', num(1e8), num(100, 1)] })),
    },
    {
      title: 'init.ora Parameters', notes: [],
      columns: [col(['Parameter Name'], 29, true), col(['Begin value'], 33, true), col(['End value', '(if different)'], 14, true)],
      rows: ['audit_trail', 'cluster_database', 'compatible', 'control_files', 'db_block_size', 'db_cache_size', 'db_create_file_dest',
        'db_file_multiblock_read_count', 'db_name', 'db_writer_processes', 'filesystemio_options', 'log_buffer', 'parallel_max_servers',
        'pga_aggregate_target', 'processes', 'sga_target', 'shared_pool_size', 'undo_tablespace']
        .map((p) => ({ cells: [p, p === 'db_name' ? 'SLOB' : num(1e5), ''] })),
    },
  );
  return sections;
}

const DASHES_11G = ' '.repeat(10) + '-'.repeat(61);
const ROWS_PER_PAGE = 52;

function textSection(s: Section, who: string): string {
  const pad = (t: string, c: Column): string => (c.left ? t.slice(0, c.width).padEnd(c.width) : t.padStart(c.width));
  const headDepth = Math.max(...s.columns.map((c) => c.head.length));
  const head: string[] = [];
  for (let h = 0; h < headDepth; h++) {
    head.push(s.columns.map((c) => pad(c.head[h - (headDepth - c.head.length)] ?? '', c)).join(' ').trimEnd());
  }
  const rule = s.columns.map((c) => '-'.repeat(c.width)).join(' ');
  const pages: Row[][] = [[]];
  let used = 0;
  for (const r of s.rows) {
    const height = 1 + (r.after ? r.after.length + 1 : 0);
    if (used + height > ROWS_PER_PAGE && pages[pages.length - 1]!.length > 0) {
      pages.push([]);
      used = 0;
    }
    pages[pages.length - 1]!.push(r);
    used += height;
  }
  const lines: string[] = [];
  pages.forEach((page, k) => {
    if (k > 0) lines.push('', '');
    lines.push(`${s.title.padEnd(41)} DB/Inst: ${who}`, ...s.notes.map((n) => `-> ${n}`), '', ...head, rule);
    for (const r of page) {
      lines.push(r.cells.map((t, c) => pad(t, s.columns[c]!)).join(' ').trimEnd());
      if (r.after) lines.push(...r.after, '');
    }
  });
  lines.push(DASHES_11G, '', '');
  return lines.join('\n');
}

/** Digits rotated in place: same widths, same separators, another value (never a leading zero). */
export function rotateDigits(s: string, by: number): string {
  return s.replace(/\d[\d,.]*/g, (m) => m[0] + m.slice(1).replace(/\d/g, (d) => String((Number(d) + by) % 10)));
}

/** Sample header with this report's snapshot ids; load profile and top events values rotated. */
export function sampleHead(sample: string, beginSnap: number, rotate: number): { head: string; who: string } {
  const cut = sample.indexOf('Time Model Statistics');
  let head = sample.slice(0, cut < 0 ? sample.length : cut);
  head = head.replace(/^(Begin Snap:\s+)\d+/m, (_, p: string) => `${p}${beginSnap}`).replace(/^(\s*End Snap:\s+)\d+/m, (_, p: string) => `${p}${beginSnap + 1}`);
  const lp = head.indexOf('Load Profile');
  if (lp >= 0) head = head.slice(0, lp) + head.slice(lp).split('\n').map((l) => (/^\s*[~-]|Per Second|Event|Tota/.test(l) ? l : rotateDigits(l, rotate))).join('\n');
  // Both samples are SLOB/SLOB1 (samples/awr/generate.mjs).
  const who = `SLOB/SLOB1  Snaps: ${beginSnap}-${beginSnap + 1}`;
  return { head, who };
}

export function textReport(sample: string, sections: Section[], beginSnap: number, rotate: number): string {
  const { head, who } = sampleHead(sample, beginSnap, rotate);
  return `${head}${sections.map((s) => textSection(s, who)).join('')}\nEnd of Report\n`;
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function htmlTable(title: string, notes: string[], headers: string[], rows: string[][]): string {
  const out: string[] = [];
  if (title) out.push(`<h3 class="awr">${esc(title)}</h3>`);
  if (notes.length) out.push(`<ul>${notes.map((n) => `<li class="awr">${esc(n)}</li>`).join('')}</ul>`);
  out.push(`<table border="0" width="600" class="tdiff" summary="This table displays ${esc(title.toLowerCase() || 'report header')}">`);
  out.push(`<tr>${headers.map((h) => `<th class="awrbg" scope="col">${esc(h)}</th>`).join('')}</tr>`);
  rows.forEach((r, k) => {
    const cls = k % 2 === 0 ? 'awrc' : 'awrnc';
    out.push(`<tr>${r.map((c) => `<td ${/^[\d,.%\s-]+$/.test(c) ? 'align="right" ' : ''}class='${cls}'>${c ? esc(c) : '&#160;'}</td>`).join('')}</tr>`);
  });
  out.push('</table><p />');
  return out.join('\n');
}

/** The same report in the 11.2/12c HTML layout: header tables read back from the sample's text. */
export function htmlReport(sample: string, sections: Section[], beginSnap: number, rotate: number): string {
  const { head } = sampleHead(sample, beginSnap, rotate);
  const parts = [`<html lang="en"><head><title>AWR Report for DB: SLOB, Inst: SLOB1, Snaps: ${beginSnap}-${beginSnap + 1}</title></head><body class="awr">`,
    '<h1 class="awr">WORKLOAD REPOSITORY report for</h1>'];
  for (const t of readDocument(head).tables) {
    const headers = t.headers.map((h) => (/^tota time$/i.test(h) ? 'Total Wait Time (sec)' : h));
    parts.push(htmlTable(t.title, [], headers, t.rows));
  }
  for (const s of sections) {
    const headers = [...s.columns.map((c) => c.head.filter(Boolean).join(' ')), ...(s.htmlColumns ?? [])];
    parts.push(htmlTable(s.title, s.notes, headers, s.rows.map((r) => [...r.cells, ...(r.htmlCells ?? [])])));
  }
  const sql = sections.find((s) => s.title === 'SQL ordered by Elapsed Time');
  if (sql) {
    const texts = sql.rows.map((r) => [r.cells[6]!, (r.after ?? []).filter((l) => !l.startsWith('Module: ')).join('')]);
    parts.push(htmlTable('Complete List of SQL Text', [], ['SQL Id', 'SQL Text'], texts));
  }
  parts.push('<p />End of Report\n</body></html>\n');
  return parts.join('\n');
}
