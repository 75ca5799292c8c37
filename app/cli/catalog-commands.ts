/**
 * `perfdelta catalog ...`: the team catalog on PostgreSQL from a terminal. init makes (or
 * migrates) its schema, publish writes a study in one transaction, search finds studies and runs,
 * pull brings one here, trend states one workload's metric over time with its change points
 * (over the catalog with --url or --catalog, else over this data folder's store).
 */
import type { TrendResult } from '../contract/catalog-records.js';
import { withCatalog } from '../core/catalog/client.js';
import { catalogTrend } from '../core/catalog/catalog-trend.js';
import { CatalogLocationError } from '../core/catalog/connection.js';
import { localTrend } from '../core/catalog/handlers.js';
import { publishStudy } from '../core/catalog/publish.js';
import { pullStudy } from '../core/catalog/pull.js';
import { CATALOG_SCHEMA_VERSION, migrateCatalog } from '../core/catalog/schema/migrations.js';
import { searchCatalog } from '../core/catalog/search.js';
import { formatNumber } from '../core/metrics/number-format.js';
import { Core } from '../core/core.js';
import type { CliContext } from './report-commands.js';
import { option as str, required as need, UsageError } from './usage.js';

type Values = CliContext['values'];

const out = (s: string): void => {
  process.stdout.write(s);
};

function numberOption(values: Values, name: string, check: (n: number) => boolean, what: string): number | undefined {
  const v = str(values, name);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || !check(n)) throw new UsageError(`--${name} takes ${what}, not "${v}"`);
  return n;
}

/** Core calls that meet the network are asynchronous; the store is opened and closed around them. */
async function withCoreAsync<T>(ctx: CliContext, fn: (core: Core) => Promise<T>): Promise<T> {
  const core = new Core(ctx.dbPath);
  try {
    return await fn(core);
  } finally {
    core.close();
  }
}

const p = (x: number): string => (Number.isNaN(x) ? 'n/a' : x === 0 ? '< 1e-300' : x < 1e-3 ? x.toExponential(1) : x.toPrecision(2));
const pct = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(1)}%`;

export function printTrend(t: TrendResult & { source: string }): void {
  out(`${t.metric_label} (${t.metric}${t.unit ? `, ${t.unit}` : ''}) of ${t.workload_label || 'all runs'}: ${t.points.length} runs from ${t.source}\n`);
  if (t.points.length) out(`  ${t.points[0]!.time.slice(0, 10)} ${t.points[0]!.version} … ${t.points[t.points.length - 1]!.time.slice(0, 10)} ${t.points[t.points.length - 1]!.version}\n`);
  if (t.change_points.length === 0) out('no change point\n');
  for (const c of t.change_points) {
    out(`change on ${c.time.slice(0, 10)} (point ${c.index} of ${t.points.length}): ${pct(c.change_pct)} (${formatNumber(c.mean_before, t.unit, 'en-US')} -> ${formatNumber(c.mean_after, t.unit, 'en-US')} ${t.unit}), ${c.verdict}; p ${p(c.p_value)}, magnitude ${c.magnitude.toFixed(3)}\n`);
    out(`  before: ${c.before.version} (${c.before.study} · ${c.before.config} · run ${c.before.run})  after: ${c.after.version} (${c.after.study} · ${c.after.config} · run ${c.after.run})\n`);
  }
  for (const e of t.excursions) out(`excursion on ${e.points[0]!.time.slice(0, 10)} (point ${e.index}: ${e.points.map((x) => `${x.version}, run ${x.run}`).join('; ')}): ${pct(e.change_pct)} for ${e.count} run(s), p ${p(e.p_value)}: not a change (a level lasts ${t.options.min_level_runs} runs)\n`);
  if (t.untimed) out(`${t.untimed} run(s) without a time left out\n`);
  const o = t.options;
  out(`method: E-divisive means as Apache Otava (window ${o.window_len}, p < ${o.max_pvalue}, magnitude > ${o.min_magnitude}); a level lasts at least ${o.min_level_runs} runs\n`);
}

async function cmdTrend(ctx: CliContext): Promise<number> {
  const v = ctx.values;
  const metrics = (v['metric'] as string[] | undefined) ?? [];
  if (metrics.length !== 1) throw new UsageError('--metric names the one metric the trend is of (total.iops, read.clat_avg_ms, tps...)');
  const q = {
    metric: metrics[0]!,
    workload: str(v, 'workload'),
    config: str(v, 'config'),
    tool: ((v['tool'] as string[] | undefined) ?? [])[0],
    host: str(v, 'host'),
    study: str(v, 'study'),
    windowLen: numberOption(v, 'window', (n) => Number.isInteger(n) && n >= 2, 'a whole number of runs, 2 or more'),
    maxPValue: numberOption(v, 'max-p', (n) => n > 0 && n <= 1, 'a p-value above 0, at most 1'),
    minMagnitude: numberOption(v, 'min-magnitude', (n) => n >= 0, 'a fraction, 0 or more (0.05: 5%)'),
    minLevelRuns: numberOption(v, 'min-level-runs', (n) => Number.isInteger(n) && n >= 1, 'a whole number of runs, 1 or more'),
  };
  const fromCatalog = str(v, 'url') !== undefined || Boolean(v['catalog']);
  const result = fromCatalog ? await catalogTrend(str(v, 'url'), q) : ctx.withCore((core) => localTrend(core, q));
  if (v['json']) ctx.json(result);
  else printTrend(result);
  return 0;
}

export async function cmdCatalog(ctx: CliContext, sub: string | undefined): Promise<number> {
  const v = ctx.values;
  const url = str(v, 'url');
  try {
    switch (sub) {
      case 'init': {
        const r = await withCatalog(url, 'init', 'creating its schema', async ({ client, target }) => ({ catalog: target.shown, applied: await migrateCatalog(client, target.shown), schema_version: CATALOG_SCHEMA_VERSION }));
        if (v['json']) ctx.json(r);
        else out(`catalog ${r.catalog}: schema version ${r.schema_version}${r.applied.length ? ` (applied ${r.applied.join(', ')})` : ', already current'}\n`);
        return 0;
      }
      case 'publish': {
        const study = need(v, 'study');
        const r = await withCoreAsync(ctx, (core) => publishStudy(core.store, core.studyIdOf(study), { url, append: Boolean(v['append']), originals: v['hashes-only'] ? 'hashes' : 'all', workDir: core.scratchDir() },
          (stage) => { if (!v['json'] && process.stderr.isTTY) process.stderr.write(`\rpublishing: ${stage}`.padEnd(60)); }));
        if (!v['json'] && process.stderr.isTTY) process.stderr.write('\r'.padEnd(61) + '\r');
        if (v['json']) ctx.json(r);
        else out(`${r.mode === 'new' ? 'published' : r.mode === 'append' ? 'appended to' : 'updated'} "${r.study.name}" (${r.study.slug}) in ${r.catalog} as ${r.published_by}: ${r.runs.added} runs added, ${r.runs.updated} updated, ${r.runs.removed} removed, ${r.runs.total} in all; ${r.files.added} new original files${r.files.hashes_only ? `, ${r.files.hashes_only} as their SHA-256 only` : ''}\n`);
        return 0;
      }
      case 'search': {
        const limit = numberOption(v, 'limit', (n) => Number.isInteger(n) && n >= 1 && n <= 1000, 'a number of studies from 1 to 1000');
        const r = await searchCatalog(url, {
          text: str(v, 'text'), tool: v['tool'] as string[] | undefined, config: str(v, 'config'), host: str(v, 'host'),
          params: v['param'] as string[] | undefined, since: str(v, 'since'), until: str(v, 'until'), limit, runs: Boolean(v['runs']),
        });
        if (v['json']) ctx.json(r);
        else {
          out(`${r.studies.length} of ${r.total} studies in ${r.catalog}\n`);
          for (const s of r.studies) {
            out(`${s.slug}\t${s.name}\t${s.runs_matched === s.runs ? `${s.runs} runs` : `${s.runs_matched} of ${s.runs} runs`}\t${s.tools.join(',')}\t${s.configs.join(' / ')}\t${s.first_run ? `${s.first_run.slice(0, 10)}..${(s.last_run ?? s.first_run).slice(0, 10)}` : '-'}\tpublished by ${s.published_by} ${s.published_at.slice(0, 10)}\n`);
          }
          for (const r2 of r.runs ?? []) out(`  ${r2.study}\t#${r2.id}\t${r2.config}\t${r2.tool}\t${r2.name}\t${r2.host ?? '-'}\t${r2.start ?? '-'}\n`);
        }
        return 0;
      }
      case 'pull': {
        const which = need(v, 'study');
        const r = await withCoreAsync(ctx, (core) => pullStudy(core.store, which, { url, workDir: core.scratchDir() }));
        if (v['json']) ctx.json(r);
        else out(`pulled "${r.from.name}" (published by ${r.from.published_by} ${r.from.published_at.slice(0, 10)}) from ${r.catalog} as study ${r.study}: ${r.runs} runs, ${r.files.checked} original files checked by SHA-256${r.files.from_this_store ? ` (${r.files.from_this_store} from this data folder)` : ''}\n`);
        return 0;
      }
      case 'trend':
        return await cmdTrend(ctx);
      default:
        throw new UsageError(`catalog takes one of: init, publish, search, pull, trend${sub ? ` (not "${sub}")` : ''}`);
    }
  } catch (err) {
    // "No catalog named" and an unreadable location are mistakes in the command line.
    if (err instanceof CatalogLocationError) throw new UsageError(err.message);
    throw err;
  }
}
