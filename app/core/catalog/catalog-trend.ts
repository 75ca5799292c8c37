/**
 * A trend over the team catalog: one workload's metric across every study and date published
 * (nightly fio on the same array, firmware after firmware). The runs are found in SQL (the
 * metric's name in `metric_names`, the workload's single values by jsonb containment, both
 * GIN-indexed), then judged, ordered and cut at their change points by the same function as a
 * local study's trend (trend/trend.ts).
 */
import type { TrendQueryArgs, TrendResult } from '../../contract/catalog-records.js';
import type { ParamValue } from '../../contract/records.js';
import { DEFAULT_PAIRING_KEYS } from '../compare/pairing.js';
import { withCatalog } from './client.js';
import { runConditions } from './search.js';
import { TrendError, trendOf, type TrendRun } from './trend/trend.js';

export interface CatalogTrendArgs extends TrendQueryArgs {
  /** Only this catalog study's runs (uid, slug or name). */
  study?: string;
}

/** The statement that reads a catalog trend's runs (also what `npm run bench` EXPLAINs). */
export function trendSql(q: CatalogTrendArgs): { sql: string; args: unknown[] } {
  const args: unknown[] = [q.metric];
  const where = ['r.metric_names @> ARRAY[$1]::text[]', 'r.excluded IS NULL', ...runConditions({ params: q.workload ? [q.workload] : undefined, tool: q.tool ? [q.tool] : undefined, config: q.config, host: q.host }, args)];
  if (q.study) {
    args.push(q.study);
    where.push(`(s.slug = $${args.length} OR s.name = $${args.length} OR s.uid::text = $${args.length})`);
  }
  return {
    sql: `SELECT r.id, r.local_id, s.slug AS study, r.config, r.tool, r.name, r.host, r.start_at, r.end_at, r.params_text, (r.metrics ->> $1)::float8 AS value
          FROM perfdelta.runs r JOIN perfdelta.studies s ON s.id = r.study_id
          WHERE ${where.join(' AND ')}`,
    args,
  };
}

export async function catalogTrend(url: string | undefined, q: CatalogTrendArgs, locale: 'en' | 'zh-CN' = 'en'): Promise<TrendResult & { source: string }> {
  type Row = { id: string; local_id: number | null; study: string; config: string; tool: string; name: string; host: string | null; start_at: Date | null; end_at: Date | null; params_text: string; value: number };
  return withCatalog(url, 'read', `reading the trend of ${q.metric}`, async ({ client: c, target }) => {
    const read = async (query: CatalogTrendArgs): Promise<Row[]> => {
      const { sql, args } = trendSql(query);
      return (await c.query<Row>(sql, args)).rows;
    };
    let rows = await read(q);
    // No run of that workload: the runs with the metric say which workloads there are.
    if (rows.length === 0 && q.workload) rows = await read({ ...q, workload: undefined });
    const runs: TrendRun[] = rows.map((r) => ({
      id: r.local_id ?? Number(r.id), study: r.study, config: r.config, tool: r.tool, name: r.name, host: r.host,
      start: r.start_at?.toISOString() ?? null, end: r.end_at?.toISOString() ?? null,
      params: JSON.parse(r.params_text) as Record<string, ParamValue>, metrics: { [q.metric]: r.value },
    }));
    try {
      return { ...trendOf(runs, { ...q, pairingKeys: DEFAULT_PAIRING_KEYS }, locale), source: target.shown };
    } catch (err) {
      if (err instanceof TrendError) throw new TrendError(`catalog ${target.shown}: ${err.message}`, err.workloads);
      throw err;
    }
  });
}
