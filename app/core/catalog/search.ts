/**
 * `catalog search`: the catalog's studies (and, asked for, their runs) by tool, configuration
 * label, workload parameters, host, the dates the runs ran and text. Every condition on runs
 * must hold for one run of a study (a study with a 4K run on one host and a 64K run on another
 * is not a 4K study on the second host); a study is listed with how many of its runs matched.
 *
 * Parameters are written as compare's --where is (`bs=4K; rw=randread,randwrite; iodepth=32`),
 * but strictly: a run must have the parameter. A single value is a jsonb containment the
 * parameters' GIN index answers (bs=4K is 4096, as stored; a number is matched as the number and
 * as text); several values or * patterns are compared as text.
 */
import type { CatalogQuery, CatalogSearchResult, CatalogStudyHit } from '../../contract/catalog-records.js';
import type { ParamValue } from '../../contract/records.js';
import { parseWorkloadFilter, type WorkloadClause } from '../compare/workload-filter.js';
import { parseSize } from '../../../importers/spreadsheet/values.js';
import { withCatalog } from './client.js';

/** A date, or a date and time, as a range bound; `end`: a bare date means its last instant. */
export function dateBound(text: string, end: boolean, option: string): string {
  const t = text.trim();
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(t);
  const d = new Date(dateOnly ? `${t}T00:00:00Z` : t);
  if (Number.isNaN(d.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(t)) throw new Error(`${option} takes a date (2024-03-01) or an ISO time (2024-03-01T12:00:00Z), not "${text}"`);
  if (dateOnly && end) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

/** SQL and its parameters, built one condition at a time. */
class Conditions {
  readonly where: string[] = [];
  constructor(readonly args: unknown[]) {}
  add(sql: (p: (v: unknown) => string) => string): void {
    this.where.push(sql((v) => {
      this.args.push(v);
      return `$${this.args.length}`;
    }));
  }
}

/** `*` patterns as ILIKE (with % and _ of the text itself escaped). */
const likeOf = (glob: string): string => glob.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');

/**
 * A label matched case-blind, as written or with * patterns: through the lower(column) index,
 * an equality when there is no *, a LIKE (a prefix uses the index) when there is.
 */
function labelCondition(c: Conditions, column: string, glob: string): void {
  if (glob.includes('*')) c.add((p) => `lower(${column}) LIKE lower(${p(likeOf(glob))})`);
  else c.add((p) => `lower(${column}) = lower(${p(glob)})`);
}

/** The typed values a parameter's text may be stored as: 4K is 4096 for bs; 32 is 32 and "32". */
function typedValues(key: string, value: string): ParamValue[] {
  const out: ParamValue[] = [value];
  if (key === 'bs') {
    const bytes = parseSize(value);
    if (bytes !== null && Number.isFinite(bytes)) out.push(bytes);
  }
  const n = Number(value);
  if (value.trim() !== '' && Number.isFinite(n)) out.push(n);
  return out;
}

function paramCondition(c: Conditions, clause: WorkloadClause, column: string): void {
  if (!clause.exclude && clause.values.length === 1 && !clause.values[0]!.includes('*')) {
    const forms = typedValues(clause.key, clause.values[0]!).map((v) => JSON.stringify({ [clause.key]: v }));
    c.add((p) => `(${forms.map((f) => `${column} @> ${p(f)}::jsonb`).join(' OR ')})`);
    return;
  }
  const texts = clause.values.flatMap((v) => (v.includes('*') ? [likeOf(v)] : typedValues(clause.key, v).map((x) => likeOf(String(x)))));
  c.add((p) => `(${column} ? ${p(clause.key)} AND ${clause.exclude ? 'NOT ' : ''}((${column} ->> ${p(clause.key)}) ILIKE ANY (${p(texts)}::text[])))`);
}

/** The run conditions of a query (shared with the trend's query); the runs' table is `r`. */
export function runConditions(q: Pick<CatalogQuery, 'tool' | 'config' | 'host' | 'params' | 'since' | 'until'>, args: unknown[]): string[] {
  const c = new Conditions(args);
  if (q.tool?.length) c.add((p) => `r.tool = ANY(${p(q.tool)}::text[])`);
  if (q.config) labelCondition(c, 'r.config', q.config);
  if (q.host) labelCondition(c, 'r.host', q.host);
  for (const clause of parseWorkloadFilter(q.params)) paramCondition(c, clause, 'r.params');
  if (q.since) c.add((p) => `r.start_at >= ${p(dateBound(q.since!, false, '--since'))}::timestamptz`);
  if (q.until) c.add((p) => `r.start_at ${/^\d{4}-\d{2}-\d{2}$/.test(q.until!.trim()) ? '<' : '<='} ${p(dateBound(q.until!, true, '--until'))}::timestamptz`);
  return c.where;
}

/** Words of the text, each a prefix: "flash migr" finds "flash migration". */
export function textQuery(text: string): string | null {
  const words = text.toLowerCase().split(/[^\p{L}\p{N}_.-]+/u).map((w) => w.replace(/[^\p{L}\p{N}]/gu, '')).filter(Boolean);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

export interface SearchSql {
  studies: { sql: string; args: unknown[] };
  runs: { sql: string; args: unknown[] } | null;
}

/** The statements a search runs (also what `npm run bench` EXPLAINs). */
export function searchSql(q: CatalogQuery): SearchSql {
  const args: unknown[] = [];
  const runWhere = runConditions(q, args);
  const study = new Conditions(args);
  const text = q.text ? textQuery(q.text) : null;
  // Words, each a prefix, through the text index; text in a script written without spaces
  // (Chinese study names are one "word" to the parser) is also looked for inside the names.
  if (text && /[^\u0000-\u024f]/.test(q.text!)) study.add((p) => `(s.words @@ to_tsquery('simple', ${p(text)}) OR s.name ILIKE ${p(`%${likeOf(q.text!.trim())}%`)})`);
  else if (text) study.add((p) => `s.words @@ to_tsquery('simple', ${p(text)})`);
  const limit = Math.max(1, Math.min(q.limit ?? 50, 1000));
  const matched = runWhere.length
    ? `JOIN (SELECT r.study_id, count(*)::int AS matched FROM perfdelta.runs r WHERE ${runWhere.join(' AND ')} GROUP BY r.study_id) m ON m.study_id = s.id`
    : '';
  const where = study.where.length ? `WHERE ${study.where.join(' AND ')}` : '';
  const studies = {
    sql: `SELECT s.uid, s.slug, s.name, s.published_by, s.published_at, s.runs, ${runWhere.length ? 'm.matched' : 's.runs'} AS runs_matched,
            s.configs, s.tools, s.hosts, s.first_run_at, s.last_run_at, count(*) OVER () AS total
          FROM perfdelta.studies s ${matched} ${where}
          ORDER BY s.published_at DESC, s.slug LIMIT ${limit}`,
    args,
  };
  if (!q.runs) return { studies, runs: null };
  const runArgs: unknown[] = [];
  const rw = runConditions(q, runArgs);
  return {
    studies,
    runs: {
      sql: `SELECT s.slug AS study, r.local_id, r.id, r.config, r.tool, r.name, r.host, r.start_at, r.params_text, r.metrics_text
            FROM perfdelta.runs r JOIN perfdelta.studies s ON s.id = r.study_id
            WHERE s.slug = ANY($${runArgs.length + 1}::text[])${rw.length ? ` AND ${rw.join(' AND ')}` : ''}
            ORDER BY s.slug, r.start_at NULLS LAST, r.id LIMIT ${limit * 20}`,
      args: runArgs,
    },
  };
}

const isoOf = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** Runs a search against the catalog at `url` (or the PG environment). */
export async function searchCatalog(url: string | undefined, q: CatalogQuery): Promise<CatalogSearchResult> {
  const sql = searchSql(q);
  return withCatalog(url, 'read', 'searching', async ({ client: c, target }) => {
    const rows = (await c.query<{ uid: string; slug: string; name: string; published_by: string; published_at: Date; runs: number; runs_matched: number; configs: string[]; tools: string[]; hosts: string[]; first_run_at: Date | null; last_run_at: Date | null; total: string }>(
      sql.studies.sql, sql.studies.args)).rows;
    const studies: CatalogStudyHit[] = rows.map((r) => ({
      uid: r.uid, slug: r.slug, name: r.name, published_by: r.published_by, published_at: r.published_at.toISOString(),
      runs: r.runs, runs_matched: r.runs_matched, configs: r.configs, tools: r.tools, hosts: r.hosts,
      first_run: isoOf(r.first_run_at), last_run: isoOf(r.last_run_at),
    }));
    const out: CatalogSearchResult = { catalog: target.shown, studies, total: Number(rows[0]?.total ?? 0) };
    if (sql.runs) {
      const runs = await c.query<{ study: string; local_id: number | null; id: string; config: string; tool: string; name: string; host: string | null; start_at: Date | null; params_text: string; metrics_text: string }>(
        sql.runs.sql, [...sql.runs.args, studies.map((s) => s.slug)]);
      out.runs = runs.rows.map((r) => ({
        study: r.study, id: r.local_id ?? Number(r.id), config: r.config, tool: r.tool, name: r.name, host: r.host, start: isoOf(r.start_at),
        params: JSON.parse(r.params_text) as Record<string, ParamValue>, metrics: JSON.parse(r.metrics_text) as Record<string, number>,
      }));
    }
    return out;
  });
}
