/**
 * The team catalog at scale, on a real PostgreSQL server (a throwaway cluster, as the tests
 * make): 10,000 studies, 100,000 runs and 10 M series points written straight into the catalog's
 * tables by SQL (publishing them one by one would measure the network, not the queries), then
 * ANALYZEd. 1,000 of the runs are one workload run nightly (on one array, across 1,000 studies)
 * with two steps in it. Timed through the product's own code (searchCatalog, catalogTrend, the
 * schema check included, on a connection kept as the workbench keeps it; a new connection's
 * cost is its own figure), each a median of five, and the plans of their statements printed
 * (EXPLAIN ANALYZE).
 *
 * Also runs alone: node --import tsx app/tools/bench-catalog.ts
 */
import { fileURLToPath } from 'node:url';
import { catalogTrend, trendSql } from '../core/catalog/catalog-trend.js';
import { closeIdleCatalogConnections, withCatalog } from '../core/catalog/client.js';
import { migrateCatalog } from '../core/catalog/schema/migrations.js';
import { searchCatalog, searchSql } from '../core/catalog/search.js';
import type { CatalogQuery } from '../contract/catalog-records.js';
import { pgUnavailable, startPgServer } from '../core/catalog/test-support/pg-server.js';

export interface CatalogScale {
  studies: number;
  runsPerStudy: number;
  pointsPerRun: number;
  nightly: number;
}

export const CATALOG_SCALE: CatalogScale = { studies: 10_000, runsPerStudy: 10, pointsPerRun: 100, nightly: 1_000 };

type Emit = (name: string, value: number | { median: number; min: number; max: number; n: number }, unit: string) => void;

async function timed(fn: () => Promise<unknown>, n = 5): Promise<{ median: number; min: number; max: number; n: number }> {
  const t: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    t.push(performance.now() - t0);
  }
  t.sort((a, b) => a - b);
  return { median: t[Math.floor(n / 2)]!, min: t[0]!, max: t[n - 1]!, n };
}

/** The catalog's rows, made by SQL in a few statements (see the module comment). */
function fillSql(s: CatalogScale): string {
  const runs = s.studies * s.runsPerStudy;
  return `
INSERT INTO perfdelta.studies (uid, slug, name, settings, created_at, first_published_at, published_at, published_by, client)
SELECT md5('study' || i)::uuid, 'study-' || i, 'Study ' || i || ' ' || (ARRAY['flash migration','cache tuning','firmware','cloud disk','ceph','oracle'])[1 + i % 6],
  '{}', now(), now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval, 'bench', 'bench'
FROM generate_series(0, ${s.studies - 1}) i;

INSERT INTO perfdelta.files (sha256, size, stored) SELECT encode(sha256(('file' || i)::bytea), 'hex'), 1000, false FROM generate_series(0, ${s.studies - 1}) i;
INSERT INTO perfdelta.imports (study_id, sha256, position, file_name, format, importer_version, config, warnings, imported_at)
SELECT st.id, encode(sha256(('file' || (st.id - 1))::bytea), 'hex'), 0, 'results-' || st.id || '.json', 'fio-json', '1', 'c', '[]', now()
FROM perfdelta.studies st;

-- Runs: the first ${s.nightly} studies' first run is the nightly workload on array-7 (one a night,
-- a -11% step at night ${Math.round(s.nightly * 0.33)} and +19% at ${Math.round(s.nightly * 0.67)}); every other run a mix of tools and workloads.
INSERT INTO perfdelta.runs (study_id, run_key, local_id, sha256, ordinal, config, name, tool, tool_version, host, start_at, end_at,
  params, metrics, metric_names, params_text, metrics_text, tables, warnings, errors, excluded, series_digest, published_at)
SELECT st.id, 'k' || g.k, g.k + 1, encode(sha256(('file' || (st.id - 1))::bytea), 'hex'), g.k,
  CASE WHEN nightly THEN 'array-7' ELSE 'config-' || (r % 50) END,
  'run-' || r, CASE WHEN nightly THEN 'fio' ELSE (ARRAY['fio','fio','sysbench','hammerdb','vdbench'])[1 + r % 5] END, '3.36', 'host-' || (r % 100),
  ts, ts + interval '10 minutes', p, m, ARRAY['total.iops', 'total.bw_mib_s', 'total.clat_avg_ms'], p::text, m::text, '{}', '[]', '[]', NULL, 'd', now()
FROM perfdelta.studies st
CROSS JOIN LATERAL generate_series(0, ${s.runsPerStudy - 1}) AS g(k)
CROSS JOIN LATERAL (SELECT (st.id - 1) * ${s.runsPerStudy} + g.k AS r, (st.id - 1) < ${s.nightly} AND g.k = 0 AS nightly) x
CROSS JOIN LATERAL (SELECT timestamptz '2022-01-01' + ((CASE WHEN nightly THEN (st.id - 1) ELSE r % 1095 END) || ' days')::interval + (r % 1440 || ' minutes')::interval AS ts) t
CROSS JOIN LATERAL (SELECT CASE WHEN nightly
    THEN '{"bs":4096,"rw":"randread","pattern":"random","read_pct":100,"iodepth":32,"numjobs":1}'::jsonb
    ELSE jsonb_build_object('bs', (ARRAY[4096,8192,65536,1048576])[1 + r % 4], 'pattern', (ARRAY['random','sequential'])[1 + r % 2],
      'read_pct', (ARRAY[0,70,100])[1 + r % 3], 'iodepth', (ARRAY[1,4,16,32])[1 + (r / 7) % 4], 'numjobs', (ARRAY[2,4,8])[1 + r % 3]) END AS p) pp
CROSS JOIN LATERAL (SELECT jsonb_build_object(
    'total.iops', CASE WHEN nightly THEN 20000 * (CASE WHEN (st.id - 1) >= ${Math.round(s.nightly * 0.33)} THEN 0.89 ELSE 1 END) * (CASE WHEN (st.id - 1) >= ${Math.round(s.nightly * 0.67)} THEN 1.19 ELSE 1 END)
      * (1 + 0.015 * sqrt(-2 * ln(1 - ((hashtext('a' || r) & 65535) + 0.5) / 65536.0)) * cos(2 * pi() * ((hashtext('b' || r) & 65535) / 65536.0)))
      ELSE 1000 + r % 90000 END,
    'total.bw_mib_s', 10 + r % 2000, 'total.clat_avg_ms', 0.1 + (r % 500) / 100.0) AS m) mm;

-- Series: one chunk of ${s.pointsPerRun} points per run (times and values as 8-byte floats): ${runs * s.pointsPerRun} points.
INSERT INTO perfdelta.series (run_id, object, metric, unit, chunk, t_first, t_last, n, times, vals)
SELECT id, 'job 1', 'total.iops', 'IOPS', 0, 0, ${s.pointsPerRun - 1} * 1000, ${s.pointsPerRun},
  decode(repeat(md5(id::text), ${s.pointsPerRun / 2}), 'hex'), decode(repeat(md5((id + 1)::text), ${s.pointsPerRun / 2}), 'hex')
FROM perfdelta.runs;

UPDATE perfdelta.studies s SET runs = x.runs, files = 1, first_run_at = x.f, last_run_at = x.l, tools = x.tools, configs = x.configs, hosts = x.hosts,
  words = to_tsvector('simple', s.name || ' ' || s.slug || ' ' || array_to_string(x.configs, ' ') || ' ' || array_to_string(x.tools, ' ') || ' ' || array_to_string(x.hosts, ' '))
FROM (SELECT study_id, count(*)::int AS runs, min(start_at) AS f, max(end_at) AS l, array_agg(DISTINCT tool ORDER BY tool) AS tools,
        array_agg(DISTINCT config ORDER BY config) AS configs, array_agg(DISTINCT host ORDER BY host) AS hosts FROM perfdelta.runs GROUP BY study_id) x
WHERE x.study_id = s.id;
`;
}

export const BENCH_SEARCHES: Array<{ name: string; query: CatalogQuery }> = [
  { name: 'text', query: { text: 'firmware' } },
  { name: 'tool_params', query: { tool: ['fio'], params: ['bs=4K; pattern=random; iodepth=32'] } },
  { name: 'host_dates', query: { host: 'host-42', since: '2023-03-01', until: '2023-03-31' } },
  { name: 'config_runs', query: { config: 'config-7', params: ['read_pct=70'], runs: true } },
];

export const BENCH_TREND = { metric: 'total.iops', workload: 'bs=4K; pattern=random; read_pct=100; iodepth=32; numjobs=1', config: 'array-7' };

/** Builds the catalog and prints its figures (and the plans). Returns why it was skipped, if it was. */
export async function catalogFigures(emit: Emit, log: (line: string) => void = console.log, scale: CatalogScale = CATALOG_SCALE): Promise<string | null> {
  const why = pgUnavailable();
  if (why) return why;
  const pg = await startPgServer();
  const saved = process.env['PGPASSFILE'];
  process.env['PGPASSFILE'] = pg.pgpass;
  try {
    const url = pg.url;
    const t0 = performance.now();
    await withCatalog(url, 'init', 'filling', async ({ client, target }) => {
      await migrateCatalog(client, target.shown);
      await client.query(fillSql(scale));
      await client.query('VACUUM ANALYZE');
    });
    emit('catalog_fill_s', (performance.now() - t0) / 1000, 's');
    const sizes = await withCatalog(url, 'read', 'counting', async ({ client }) => (await client.query<{ studies: string; runs: string; points: string; mb: string }>(
      `SELECT (SELECT count(*) FROM perfdelta.studies) AS studies, (SELECT count(*) FROM perfdelta.runs) AS runs,
              (SELECT sum(n) FROM perfdelta.series) AS points, pg_database_size(current_database()) / 1048576 AS mb`)).rows[0]!);
    emit('catalog_studies', Number(sizes.studies), 'studies');
    emit('catalog_runs', Number(sizes.runs), 'runs');
    emit('catalog_series_points', Number(sizes.points), 'points');
    emit('catalog_database_mb', Number(sizes.mb), 'MB');
    // What a new connection costs (a CLI command pays it once): sslmode prefer, the default (TLS
    // asked first, then plain where the server has none), SCRAM, the schema's version read. A
    // process that asks again (the workbench) reuses its connection: the searches below do.
    emit('catalog_connect_ms', await timed(async () => {
      await closeIdleCatalogConnections();
      await withCatalog(url, 'read', 'connecting', async () => undefined);
    }), 'ms');
    for (const s of BENCH_SEARCHES) {
      const found = await searchCatalog(url, s.query);
      emit(`catalog_search_${s.name}_ms`, await timed(() => searchCatalog(url, s.query)), 'ms');
      log(`catalog_search_${s.name}: ${found.total} studies matched${found.runs ? `, ${found.runs.length} runs listed` : ''}`);
    }
    const trend = await catalogTrend(url, BENCH_TREND);
    emit('catalog_trend_runs', trend.points.length, 'runs');
    emit('catalog_trend_ms', await timed(() => catalogTrend(url, BENCH_TREND)), 'ms');
    log(`catalog_trend_change_points: ${trend.change_points.map((c) => `${c.index} (${c.change_pct.toFixed(1)}%, p ${c.p_value.toExponential(1)})`).join(', ')}`);
    // The plans, as the server ran them.
    await withCatalog(url, 'read', 'explaining', async ({ client }) => {
      const explain = async (label: string, sql: string, args: unknown[]): Promise<void> => {
        const plan = (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, args)).rows.map((r) => r['QUERY PLAN']);
        log(`plan ${label}:\n${plan.map((l) => `  ${l}`).join('\n')}`);
      };
      for (const s of BENCH_SEARCHES) {
        const q = searchSql(s.query);
        await explain(`search ${s.name} (studies)`, q.studies.sql, q.studies.args);
        if (q.runs) {
          const slugs = (await client.query<{ slug: string }>(q.studies.sql, q.studies.args)).rows.map((r) => r.slug);
          await explain(`search ${s.name} (runs)`, q.runs.sql, [...q.runs.args, slugs]);
        }
      }
      const t = trendSql(BENCH_TREND);
      await explain('trend (runs)', t.sql, t.args);
      const indexes = (await client.query<{ indexdef: string }>("SELECT indexdef FROM pg_indexes WHERE schemaname = 'perfdelta' ORDER BY tablename, indexname")).rows;
      log(`indexes:\n${indexes.map((i) => `  ${i.indexdef}`).join('\n')}`);
    });
    return null;
  } finally {
    process.env['PGPASSFILE'] = saved;
    pg.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const f = (x: number): string => x.toFixed(x >= 100 ? 0 : 1);
  const skipped = await catalogFigures((name, value, unit) => console.log(typeof value === 'number' ? `${name}: ${f(value)} ${unit}` : `${name}: ${f(value.median)} ${unit} (median of ${value.n}; min ${f(value.min)}, max ${f(value.max)})`));
  if (skipped) console.log(`catalog figures skipped: ${skipped}`);
}
