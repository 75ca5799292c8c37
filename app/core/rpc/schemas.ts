/**
 * One argument schema per RPC method. Arguments arrive as `unknown` from IPC or HTTP and are
 * validated here before any handler sees them. The mapped type keeps this table and the
 * contract in step: a method without a schema does not compile.
 */
import { z } from 'zod';
import { timelineChartSpec, timelineSchemas } from '../timeline/schemas.js';
import type { RpcArgs, RpcMethod } from '../../contract/rpc.js';

const none = z.object({}).strict() as unknown as z.ZodType<Record<string, never>>;
const label = z.string().trim().min(1).max(200);
const metricName = z.string().regex(/^[a-z0-9_.]+$/i, 'a metric name such as total.iops').max(120);
/** Parameters from file paths: a pattern with one capture group and the parameter it sets (checked again by the core). */
const pathParams = z.array(z.object({ pattern: z.string().min(1).max(200), param: z.string().regex(/^[a-z][a-z0-9_]*$/).max(64) }).strict()).max(20);

const convention = z.enum(['x-fold', 'percent-change', 'percent-of-baseline']);
const tieBand = z.number().min(0).max(100);
const pairingKeys = z.array(z.string().regex(/^[a-z_]+$/)).max(20);
const across = z.enum(['mean', 'max', 'min', 'sum', 'median']);

const perObjectDay = z.enum(['mean', 'max', 'min', 'p50', 'p95', 'p99']);
const runIds = z.array(z.number().int().positive()).min(1).max(200);
const sides = z.array(label).min(1).max(50);
/** A catalog location: a postgres:// URL or libpq keyword=value pairs (checked by the core). */
const catalogUrl = z.string().trim().min(1).max(2000);
/** A trend's workload, configuration and Otava's options (app/core/catalog/trend), as a chart or a query holds them. */
const trendOptions = {
  workload: z.string().max(500).optional(),
  config: label.optional(),
  windowLen: z.number().int().min(2).max(10_000).optional(),
  maxPValue: z.number().gt(0).max(1).optional(),
  minMagnitude: z.number().min(0).max(100).optional(),
  minLevelRuns: z.number().int().min(1).max(1000).optional(),
};
/** Every chart kind's spec; the first four as saved before more kinds existed still read. */
export const chartSpec = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('compare-bars'), baseline: label, candidate: label, candidates: sides.optional(), metric: metricName, normalised: z.boolean().optional(), perObjectDay: perObjectDay.optional(), logScale: z.boolean().optional(), scopes: z.array(z.enum(['read', 'write', 'total'])).min(1).max(3).optional() }).strict(),
  z.object({ kind: z.literal('speedup-heatmap'), baseline: label, metric: metricName }).strict(),
  z.object({ kind: z.literal('scaling'), x: metricName, metric: metricName, workload: z.string().max(200).optional(), logScale: z.boolean().optional(), latencyMetric: metricName.optional() }).strict(),
  z.object({
    kind: z.literal('time-series'), metric: metricName, top: z.number().int().min(1).max(100).optional(), config: label.optional(), logScale: z.boolean().optional(), objects: z.array(label).max(100).optional(),
    window: z.object({ from: z.number().finite(), to: z.number().finite() }).strict().refine((w) => w.to > w.from, 'a window ends after it starts').optional(),
    points: z.number().int().min(10).max(100_000).optional(),
  }).strict(),
  z.object({ kind: z.literal('latency-cdf'), runs: runIds, events: z.array(label).max(50).optional() }).strict(),
  z.object({ kind: z.literal('latency-exceedance'), runs: runIds, events: z.array(label).max(50).optional() }).strict(),
  z.object({ kind: z.literal('run-series'), runs: runIds, metric: metricName.optional(), align: z.boolean().optional(), logScale: z.boolean().optional() }).strict(),
  z.object({ kind: z.literal('wait-events'), baseline: label, candidate: label, events: z.enum(['foreground', 'background', 'top']).optional(), top: z.number().int().min(1).max(100).optional(), measure: z.enum(['share', 'avg_ms']).optional(), reports: z.object({ baseline: z.number().int().positive(), candidate: z.number().int().positive() }).strict().optional() }).strict(),
  z.object({ kind: z.literal('scatter'), x: metricName, y: metricName, config: label.optional(), objects: z.array(label).max(100).optional(), top: z.number().int().min(1).max(100).optional(), logScale: z.boolean().optional() }).strict(),
  z.object({ kind: z.literal('repetitions'), baseline: label, candidate: label, metric: metricName }).strict(),
  timelineChartSpec,
  z.object({ kind: z.literal('box-plot'), metric: metricName, over: z.enum(['runs', 'intervals', 'objects']), configs: sides.optional(), workload: z.string().max(300).optional(), logScale: z.boolean().optional() }).strict(),
  z.object({ kind: z.literal('trend'), metric: metricName, ...trendOptions, logScale: z.boolean().optional() }).strict(),
]);
const sectionId = z.string().min(1).max(64);
const title = z.string().max(300).optional();
const headlineItem = z.object({
  baseline: label, candidate: label.optional(), limit: z.number().positive().optional(), metric: metricName, workload: z.string().max(300).optional(), perObjectDay: perObjectDay.optional(), label: z.string().max(300).optional(),
}).strict();
const sweepHeadline = z.object({
  x: z.string().regex(/^[a-z0-9_]+$/i, 'a parameter such as threads').max(60), metric: metricName, latency: metricName.optional(), baseline: label.optional(), configs: z.array(label).min(1).max(50).optional(),
}).strict();
const pivotStatistic = z.enum(['mean', 'median', 'min', 'max', 'p95', 'p99', 'sum', 'count', 'cv']);
const dimension = z.string().trim().min(1).max(120);
const pivotSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('runs') }).strict(),
  z.object({ kind: z.literal('run-table'), table: z.string().min(1).max(100), key: z.string().min(1).max(100) }).strict(),
  z.object({ kind: z.literal('periods'), periods: z.array(label).min(1).max(50), objects: z.array(label).max(1000).optional(), config: label.optional() }).strict(),
  z.object({ kind: z.literal('series'), objects: z.array(label).max(1000).optional() }).strict(),
]);
const pivotValue = z.object({
  metric: z.string().regex(/^[a-z0-9_.*]+$/i, 'a metric or column name such as total.iops, *.iops or pct_db_time').max(120),
  statistic: pivotStatistic.optional(), samples: pivotStatistic.optional(), label: z.string().max(200).optional(), digits: z.number().int().min(0).max(6).optional(),
}).strict();
export const reportSection = z.discriminatedUnion('type', [
  z.object({ id: sectionId, type: z.literal('headline'), title, items: z.array(headlineItem).max(50), sweep: sweepHeadline.optional() }).strict(),
  z.object({ id: sectionId, type: z.literal('text'), title, markdown: z.string().max(100000) }).strict(),
  z.object({ id: sectionId, type: z.literal('chart'), chart: z.number().int(), caption: z.string().max(2000).optional() }).strict(),
  z.object({ id: sectionId, type: z.literal('table'), title, baseline: label, candidates: z.array(label).min(1).max(50), metrics: z.array(metricName).min(1).max(20), perObjectDay: perObjectDay.optional() }).strict(),
  z.object({
    id: sectionId, type: z.literal('pivot'), title, source: pivotSource,
    rows: z.array(dimension).min(1).max(4), columns: z.array(dimension).max(4), values: z.array(pivotValue).min(1).max(12),
    layout: z.enum(['joined', 'grouped']).optional(), margin: pivotStatistic.optional(), split: dimension.optional(),
    only: z.record(dimension, z.array(z.string().max(300)).max(1000)).optional(),
    sortBy: z.number().int().min(0).max(11).optional(), top: z.number().int().positive().max(10000).optional(),
  }).strict(),
]);
export const reportLayout = z.object({
  title: z.string().trim().min(1).max(300),
  subtitle: z.string().max(300).optional(),
  author: z.string().max(200).optional(),
  page: z.enum(['A4', 'Letter']),
  orientation: z.enum(['portrait', 'landscape']),
  convention,
  locale: z.enum(['en', 'zh-CN']),
  where: z.string().max(2000).optional(),
}).strict();
const reportId = z.number().int().nonnegative();

export const MAX_STAGE_BYTES = 2 * 1024 ** 3;
/** A pasted table: far more than a clipboard holds in practice. */
export const MAX_PASTE_CHARS = 4 * 1024 * 1024;

const metricPart = z.object({ name: metricName, unit: z.string().min(1).max(20) }).strict();
const header = z.string().max(1000);
const tableMapping = z
  .object({
    version: z.literal(1),
    columns: z
      .array(
        z.discriminatedUnion('role', [
          z.object({ header, role: z.literal('configuration') }).strict(),
          z.object({ header, role: z.literal('parameter'), name: z.string().regex(/^[a-z][a-z0-9_]*$/, 'a parameter name such as bs or iodepth').max(60), unit: z.string().min(1).max(20).optional() }).strict(),
          z.object({ header, role: z.literal('metric'), name: metricName, unit: z.string().min(1).max(20), configuration: label.optional() }).strict(),
          z.object({ header, role: z.literal('metrics'), parts: z.array(metricPart).min(1).max(10) }).strict(),
          z.object({ header, role: z.literal('time') }).strict(),
          z.object({ header, role: z.literal('event') }).strict(),
          z.object({ header, role: z.literal('start') }).strict(),
          z.object({ header, role: z.literal('end') }).strict(),
          z.object({ header, role: z.literal('ignore') }).strict(),
        ]),
      )
      .min(1)
      .max(1000),
    configurations: z.record(z.string().max(1000), label).optional(),
  })
  .strict();

/** The shape of a column mapping (also what `perfdelta import --mapping FILE.json` reads). */
export const tableMappingSchema = tableMapping;

/** Runs a management call names (a configuration's runs may be thousands: SVC statistics). */
const managedRunIds = z.array(z.number().int().positive()).min(1).max(100000);
const constantName = z.string().regex(/^[a-z][a-z0-9_]{0,59}$/, 'a constant name such as price_usd_month');
const derivedName = z.string().regex(/^(derived\.)?[a-z][a-z0-9_]{0,59}$/, 'a derived metric name such as tps_per_kusd');

export const schemas: { [M in RpcMethod]: z.ZodType<RpcArgs<M>> } = {
  'app.info': none,
  'metrics.dictionary': none,
  'metrics.catalog': z.object({ study: label }).strict(),
  'studies.list': none,
  'runs.list': z.object({ study: label, config: label.optional() }).strict(),
  'studies.delete': z.object({ study: label, dryRun: z.boolean().optional() }).strict(),
  'studies.rename': z.object({ study: label, name: label }).strict(),
  'configs.delete': z.object({ study: label, config: label, dryRun: z.boolean().optional() }).strict(),
  'configs.rename': z.object({ study: label, config: label, to: label }).strict(),
  'runs.delete': z.object({ study: label, runs: managedRunIds, dryRun: z.boolean().optional() }).strict(),
  'runs.move': z.object({ study: label, runs: managedRunIds, to: label }).strict(),
  'runs.exclude': z.object({ study: label, runs: managedRunIds, reason: z.string().trim().min(1, 'say why the runs are excluded').max(2000) }).strict(),
  'runs.include': z.object({ study: label, runs: managedRunIds }).strict(),
  'deletions.pending': none,
  'deletions.undo': none,
  'configs.constants': z.object({ study: label }).strict(),
  'configs.setConstant': z.object({ study: label, config: label, name: constantName, value: z.number().finite(), unit: z.string().trim().max(40).optional() }).strict(),
  'configs.deleteConstant': z.object({ study: label, config: label, name: constantName }).strict(),
  'derived.define': z.object({
    study: label, name: derivedName, metric: metricName, constant: constantName, factor: z.number().finite().positive().optional(),
    unit: z.string().trim().max(60).optional(), label: z.string().trim().max(200).optional(), better: z.enum(['higher', 'lower']).optional(),
  }).strict(),
  'derived.delete': z.object({ study: label, name: derivedName }).strict(),
  'series.get': z.object({ run: z.number().int().positive(), metric: metricName.optional(), object: label.optional(), maxPoints: z.number().int().min(10).max(10_000_000).optional(), from: z.number().finite().optional(), to: z.number().finite().optional() }).strict(),
  'series.list': z.object({ run: z.number().int().positive() }).strict(),
  'series.range': z.object({
    // An object's name as stored, spaces and all: it is a key, not a label typed by a user.
    lanes: z.array(z.object({ run: z.number().int().positive(), object: z.string().min(1).max(1000), metric: metricName }).strict()).min(1).max(64),
    from: z.number().finite().optional(), to: z.number().finite().optional(),
    width: z.number().int().min(1).max(20_000),
    channel: z.string().min(1).max(200).optional(),
  }).strict(),
  'import.stage': z
    .object({
      name: z.string().min(1).max(4096),
      bytes: z.instanceof(Uint8Array).refine((b) => b.byteLength <= MAX_STAGE_BYTES, 'file larger than 2 GiB'),
    })
    .strict(),
  'import.stageSpooled': z.object({ name: z.string().min(1).max(4096), spool: z.string().uuid() }).strict(),
  'import.stageText': z.object({ name: z.string().min(1).max(4096), text: z.string().min(1).max(MAX_PASTE_CHARS) }).strict(),
  'import.remap': z.object({ id: z.string().uuid(), mapping: tableMapping.nullable(), sheet: z.string().min(1).max(200).optional() }).strict(),
  'import.discard': z.object({ ids: z.array(z.string().uuid()).max(100000) }).strict(),
  // Study and configuration as the user is typing them: possibly still empty.
  'import.logOwners': z.object({ ids: z.array(z.string().uuid()).max(100000), study: z.string().max(200), config: z.string().max(200) }).strict(),
  'import.commit': z.object({
    ids: z.array(z.string().uuid()).min(1).max(100000), study: label, config: label,
    logUnits: z.record(z.string().uuid(), z.enum(['ns', 'us'])).optional(),
    pathParams: pathParams.optional(),
    moveDuplicates: z.boolean().optional(),
  }).strict(),
  'jobs.status': z.object({ job: z.string().uuid() }).strict(),
  'jobs.cancel': z.object({ job: z.string().uuid() }).strict(),
  'compare.run': z
    .object({
      study: label,
      baseline: label,
      candidate: label.optional(),
      candidates: z.array(label).min(1).max(50).optional(),
      metrics: z.array(metricName).max(50).optional(),
      pairingKeys: pairingKeys.optional(),
      convention: convention.optional(),
      tieBandPct: tieBand.optional(),
      locale: z.enum(['en', 'zh-CN']).optional(),
      aggregation: z
        .object({
          perObjectDay: z.enum(['mean', 'max', 'min', 'p50', 'p95', 'p99']).optional(),
          acrossObjects: across.optional(),
          acrossDays: across.optional(),
        })
        .strict()
        .optional(),
      objects: z.array(label).max(10000).optional(),
      config: label.optional(),
      where: z.string().max(2000).optional(),
    })
    .strict()
    .refine((a) => a.candidate !== undefined || a.candidates !== undefined, 'name a candidate (candidate or candidates)'),
  'scaling.curves': z.object({ study: label, x: metricName, metric: metricName, latencyMetric: metricName.optional() }).strict(),
  'studies.settings': z.object({ study: label }).strict(),
  'studies.defaults': z.object({ study: label }).strict(),
  'studies.updateSettings': z
    .object({
      study: label,
      settings: z
        .object({
          convention: convention.optional(),
          tie_band_pct: tieBand.optional(),
          pairing_keys: pairingKeys.optional(),
          zone: z.string().min(1).max(64).optional(),
          cache_bytes: z.number().nonnegative().optional(),
          path_params: pathParams.optional(),
          units: z
            .object({ latency: z.enum(['ms', 'us', 's']).optional(), bandwidth: z.enum(['MiB/s', 'MB/s', 'GiB/s', 'GB/s']).optional() })
            .strict()
            .optional(),
        })
        .strict(),
    })
    .strict(),
  'periods.list': z.object({ study: label }).strict(),
  'series.metrics': z.object({ study: label }).strict(),
  'series.study': z
    .object({ study: label, metric: metricName, top: z.number().int().positive().max(1000).optional(), objects: z.array(label).max(1000).optional(), maxPoints: z.number().int().min(10).max(100000).optional(), config: label.optional(), from: z.number().finite().optional(), to: z.number().finite().optional() })
    .strict(),
  'series.scatter': z.object({ study: label, x: metricName, y: metricName, objects: z.array(label).min(1).max(100) }).strict(),
  'periods.define': z.object({ study: label, name: label, spec: z.string().trim().min(1).max(2000), zone: z.string().min(1).max(64).optional() }).strict(),
  'periods.delete': z.object({ study: label, name: label }).strict(),
  'latency.distribution': z.object({ study: label, runs: z.array(z.number().int().positive()).min(1).max(100), events: z.array(z.string().min(1).max(200)).max(20).optional() }).strict(),
  'series.overlay': z
    .object({ study: label, runs: z.array(z.number().int().positive()).min(1).max(50), metric: metricName.optional(), align: z.boolean().optional(), maxPoints: z.number().int().min(10).max(100000).optional() })
    .strict(),
  'samples.list': none,
  'samples.load': z.object({ slugs: z.array(label).max(50).optional() }).strict(),
  'charts.list': z.object({ study: label }).strict(),
  'charts.save': z.object({ study: label, name: label, spec: chartSpec, id: z.number().int().positive().optional() }).strict(),
  'charts.rename': z.object({ study: label, id: z.number().int().positive(), name: label }).strict(),
  'charts.duplicate': z.object({ study: label, id: z.number().int().positive(), name: label.optional() }).strict(),
  'charts.xlsx': z.object({ study: label, spec: chartSpec, name: label, locale: z.enum(['en', 'zh-CN']).optional() }).strict(),
  'charts.delete': z.object({ study: label, id: z.number().int().positive() }).strict(),
  'charts.data': z.object({ study: label, spec: chartSpec, locale: z.enum(['en', 'zh-CN']).optional(), channel: z.string().min(1).max(200).optional() }).strict(),
  'charts.propose': z.object({ study: label }).strict(),
  'reports.list': z.object({ study: label }).strict(),
  'reports.create': z.object({ study: label, template: z.enum(['before-after', 'cache-on-off', 'config-matrix', 'sweep']).optional(), name: label.optional(), locale: z.enum(['en', 'zh-CN']).optional(), baseline: label.optional() }).strict(),
  'reports.save': z.object({
    study: label,
    report: z.object({ id: reportId.optional(), name: label, layout: reportLayout, sections: z.array(reportSection).max(200) }).strict(),
  }).strict(),
  'reports.delete': z.object({ study: label, id: reportId }).strict(),
  'reports.render': z.object({ study: label, report: reportId.optional() }).strict(),
  'reports.pdf': z.object({ study: label, report: reportId }).strict(),
  'reports.xlsx': z.object({ study: label, report: reportId.optional() }).strict(),
  'studies.saveFile': z.object({ study: label }).strict(),
  'studies.openFile': z.object({ name: z.string().min(1).max(4096), base64: z.string().max(Math.ceil(MAX_STAGE_BYTES / 3) * 4) }).strict(),
  'studies.openSpooled': z.object({ name: z.string().min(1).max(4096), spool: z.string().uuid() }).strict(),
  'studies.saveSpooled': z.object({ study: label }).strict(),
  'catalog.location': z.object({ url: catalogUrl.optional() }).strict(),
  'catalog.publish': z.object({ study: label, url: catalogUrl.optional(), append: z.boolean().optional(), originals: z.enum(['all', 'hashes']).optional() }).strict(),
  'catalog.search': z.object({
    url: catalogUrl.optional(),
    query: z.object({
      text: z.string().max(500).optional(), tool: z.array(z.string().min(1).max(100)).max(50).optional(), config: z.string().max(200).optional(), host: z.string().max(200).optional(),
      params: z.array(z.string().max(500)).max(20).optional(), since: z.string().max(40).optional(), until: z.string().max(40).optional(),
      limit: z.number().int().min(1).max(1000).optional(), runs: z.boolean().optional(),
    }).strict(),
  }).strict(),
  'catalog.pull': z.object({ url: catalogUrl.optional(), study: label }).strict(),
  'catalog.trend': z.object({
    metric: metricName, ...trendOptions, tool: z.string().max(100).optional(), host: z.string().max(200).optional(),
    catalog: z.boolean().optional(), url: catalogUrl.optional(), study: label.optional(), locale: z.enum(['en', 'zh-CN']).optional(),
  }).strict(),
  ...timelineSchemas,
};

export class InvalidArgumentsError extends Error {
  constructor(method: string, issues: string) {
    super(`invalid arguments for ${method}: ${issues}`);
    this.name = 'InvalidArgumentsError';
  }
}

export function isRpcMethod(name: string): name is RpcMethod {
  return Object.prototype.hasOwnProperty.call(schemas, name);
}

export function validateArgs<M extends RpcMethod>(method: M, args: unknown): RpcArgs<M> {
  const parsed = schemas[method].safeParse(args ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(arguments)'}: ${i.message}`).join('; ');
    throw new InvalidArgumentsError(method, issues);
  }
  return parsed.data;
}
