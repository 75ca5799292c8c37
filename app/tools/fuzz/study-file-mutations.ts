/**
 * The fuzz suite's study-file part (issue #38): a saved study file's rows mutated field by field,
 * as someone else's tool, a careless edit in sqlite3 or an attacker can: JSON nested 50,000 deep,
 * JSON cut in half or of the wrong shape, numbers out of range or not numbers, dates no calendar
 * has, strings of megabytes, blobs where text goes and text where blobs go, control characters
 * in names. Each mutated file is opened into a store that holds other studies and must be either
 * refused, naming the file, the table, the row and the field, with the store exactly as it was
 * and every other study still listed; or (control characters in a name, which are data) opened
 * with the name kept as it was. Deterministic: the same file gives the same mutations.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { REPO_ROOT } from '../../../importers/test-support/corpus.js';
import { Core } from '../../core/core.js';
import { writeBigLog } from '../../core/test-support/processes.js';
import { ROW_SCHEMA } from '../../core/store/row-schema.js';

export interface StudyFileMutation {
  table: string;
  column: string;
  /** What was done to the field, in words. */
  kind: string;
  value: unknown;
  /** Refused naming the field, or opened with the value kept (a name with control characters). */
  expect: 'refused' | 'opened';
}

/** Keys and links between rows: changing them breaks the file another way (its SHA-256, its foreign keys), not a field's value. */
const KEYS = new Set(['id', 'study_id', 'import_id', 'run_id', 'sha256', 'part', 'trashed_by', 'bytes']);
/** Names and labels: control characters in them are data, kept and shown neutralised. */
const NAMES = new Set(['studies.name', 'runs.name', 'runs.config', 'runs.host', 'imports.file_name', 'series.object', 'charts.name', 'reports.name', 'periods.name']);

const MiB = 1024 * 1024;
const FIO = path.join(REPO_ROOT, 'samples', 'fio');
/** The first row as the study-file check counts rows: the first written. */
const ORDER = (table: string): string => (table === 'import_runs' ? '' : ' ORDER BY rowid');
const CONTROL = '\u001b]0;pwned\u0007\u001b[2J\u009b31m\u202e';

/** The mutations of one row's fields, by what each field holds. */
function mutationsOf(table: string, row: Record<string, unknown>, types: ReadonlyMap<string, string>): StudyFileMutation[] {
  const out: StudyFileMutation[] = [];
  const add = (column: string, kind: string, value: unknown, expect: 'refused' | 'opened' = 'refused'): void => void out.push({ table, column, kind, value, expect });
  for (const column of Object.keys(ROW_SCHEMA[table]!)) {
    if (KEYS.has(column) || !(column in row)) continue;
    const v = row[column];
    if (typeof v === 'string' && /^\s*[[{]/.test(v)) {
      add(column, 'JSON nested 50,000 deep', `${'['.repeat(50_000)}${']'.repeat(50_000)}`);
      add(column, 'JSON cut in half', v.slice(0, Math.max(1, Math.floor(v.length / 2))));
      add(column, 'JSON of another shape (a number)', '42');
    } else if (typeof v === 'string' && column.endsWith('_at')) {
      add(column, 'a date past the year 9999', '+275760-09-13T00:00:00.000Z');
      add(column, 'not a date', 'the day after tomorrow');
    } else if (typeof v === 'string') {
      add(column, 'a huge string', 'x'.repeat(table === 'studies' && column === 'name' ? 50 * MiB : MiB));
      add(column, 'bytes where text goes', Buffer.from([0, 0xff, 0x1b]));
      if (NAMES.has(`${table}.${column}`)) add(column, 'control characters in a name', `${v}${CONTROL}`, 'opened');
    } else if (typeof v === 'number' || typeof v === 'bigint') {
      // A REAL (a time, a statistic) may be any finite number; a whole number has its range.
      if (types.get(column) !== 'REAL') add(column, 'a number out of range', column.endsWith('_ms') ? 9e18 : -5);
      add(column, 'not a number', 'twelve');
      add(column, 'not finite', Number.POSITIVE_INFINITY);
    } else if (v instanceof Uint8Array) {
      add(column, 'text where bytes go', 'not bytes');
      add(column, 'bytes cut short', Buffer.from([1, 2, 3]));
    }
  }
  return out;
}

/** A study with a row in every table a study file carries. */
export function sampleStudyFile(dir: string): string {
  const core = new Core(path.join(dir, 'source.sqlite'));
  try {
    core.importPaths([path.join(FIO, 'disk')], 'Shared', 'disk');
    core.importPaths([path.join(FIO, 'tmpfs')], 'Shared', 'tmpfs');
    core.importPaths([path.join(FIO, 'detail')], 'Shared', 'detail');
    // A log long enough for its series to have a pyramid (series_levels).
    const log = path.join(dir, 'long_iops.1.log');
    writeBigLog(log, 20_000);
    core.importPaths([log], 'Shared', 'log');
    core.saveChart('Shared', 'IOPS', { kind: 'compare-bars', baseline: 'disk', candidate: 'tmpfs', metric: 'read.iops' });
    core.createReport('Shared', { name: 'Findings' });
    core.definePeriod('Shared', 'later', 'after 2020-01-01 00:00');
    core.manage.setConstants('Shared', [{ config: 'disk', name: 'price_usd_month', value: 120, unit: 'USD' }], 'cli');
    core.manage.exclude('Shared', [core.runs({ study: 'Shared' })[0]!.id], 'a warm-up run');
    const file = path.join(dir, 'shared.perfdelta');
    core.saveStudyFile('Shared', file);
    return file;
  } finally {
    core.close();
  }
}

/** Every mutation of the first row of every table of the study file that has rows. */
export function studyFileMutations(file: string): StudyFileMutation[] {
  const db = new Database(file, { readonly: true });
  try {
    return Object.keys(ROW_SCHEMA).flatMap((table) => {
      const row = db.prepare(`SELECT * FROM "${table}"${ORDER(table)} LIMIT 1`).get() as Record<string, unknown> | undefined;
      const types = new Map((db.prepare(`PRAGMA table_info("${table}")`).all() as Array<{ name: string; type: string }>).map((c) => [c.name, c.type]));
      return row ? mutationsOf(table, row, types) : [];
    });
  } finally {
    db.close();
  }
}

/** A copy of the study file with one field of its table's first row changed. */
export function mutatedCopy(good: string, dir: string, m: StudyFileMutation, index: number): string {
  const file = path.join(dir, `mutation-${index}.perfdelta`);
  fs.copyFileSync(good, file);
  const db = new Database(file);
  try {
    db.prepare(`UPDATE "${m.table}" SET "${m.column}" = ? WHERE rowid = (SELECT rowid FROM "${m.table}"${ORDER(m.table)} LIMIT 1)`).run(m.value as never);
  } finally {
    db.close();
  }
  return file;
}

/** Every table's row count and the database's bytes (and its write-ahead log's): what "nothing written" compares. */
export function storeSnapshot(dbPath: string): string {
  const db = new Database(dbPath, { readonly: true });
  const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string }>).map((t) => t.name);
  const counts = tables.map((t) => `${t}=${(db.prepare(`SELECT COUNT(*) AS n FROM "${t}"`).get() as { n: number }).n}`);
  db.close();
  const sha = createHash('sha256');
  for (const f of [dbPath, `${dbPath}-wal`]) if (fs.existsSync(f)) sha.update(fs.readFileSync(f));
  return `${counts.join(' ')} ${sha.digest('hex')}`;
}

/**
 * Opens one mutated file into `core` and judges it; null when it ended as it must, else what
 * went wrong. `others`: the studies the store held before, which must all still be listed.
 */
export function judgeMutation(core: Core, file: string, m: StudyFileMutation, others: readonly string[]): string | null {
  const before = storeSnapshot(core.dbPath);
  let opened: string | null = null;
  try {
    opened = core.openStudyFile({ path: file }, file);
  } catch (err) {
    const message = (err as Error).message;
    if (m.expect === 'opened') return `refused, but it is data to keep: ${message.slice(0, 300)}`;
    const place = new RegExp(`^${escape(file)}: refused: table ${m.table}, row 1( \\([^)]*\\))?, field ${m.column}: `);
    if (!place.test(message)) return `refused without naming the place (table ${m.table}, row 1, field ${m.column}): ${message.slice(0, 300)}`;
    if (storeSnapshot(core.dbPath) !== before) return 'refused, but the store changed';
  }
  if (opened !== null && m.expect === 'refused') return `opened as ${opened}, but the field is out of the schema`;
  // Every study the store held is still listed, and every run of them still reads.
  const listed = core.studies().map((s) => s.slug);
  const missing = others.filter((s) => !listed.includes(s));
  if (missing.length) return `the store no longer lists ${missing.join(', ')}`;
  try {
    core.runs({});
  } catch (err) {
    return `listing every run fails now: ${(err as Error).message.slice(0, 300)}`;
  }
  if (opened !== null) {
    const owner = m.table === 'studies' ? 'slug = ?' : ['imports', 'runs', 'charts', 'reports', 'periods'].includes(m.table) ? 'study_id = (SELECT id FROM studies WHERE slug = ?)'
      : 'run_id IN (SELECT id FROM runs WHERE study_id = (SELECT id FROM studies WHERE slug = ?))';
    const kept = (core.store.db.prepare(`SELECT "${m.column}" AS v FROM "${m.table}" WHERE ${owner}`).all(opened) as Array<{ v: unknown }>).map((r) => r.v);
    // A study whose name is taken here is opened as "NAME (2)": the name it had comes first.
    if (!kept.some((v) => v === m.value || (m.table === 'studies' && typeof v === 'string' && v.startsWith(`${String(m.value)} (`)))) return `opened as ${opened}, but the ${m.column} was not kept as it was`;
    core.manage.deleteStudy(opened);
    core.manage.emptyTrash();
  }
  return null;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
