/**
 * One argument schema per RPC method. Arguments arrive as `unknown` from IPC or HTTP and are
 * validated here before any handler sees them. The mapped type keeps this table and the
 * contract in step: a method without a schema does not compile.
 */
import { z } from 'zod';
import type { RpcArgs, RpcMethod } from '../../contract/rpc.js';

const none = z.object({}).strict() as unknown as z.ZodType<Record<string, never>>;
const label = z.string().trim().min(1).max(200);
const metricName = z.string().regex(/^[a-z0-9_.]+$/i, 'a metric name such as total.iops').max(120);

const convention = z.enum(['x-fold', 'percent-change', 'percent-of-baseline']);
const tieBand = z.number().min(0).max(100);
const pairingKeys = z.array(z.string().regex(/^[a-z_]+$/)).max(20);
const across = z.enum(['mean', 'max', 'min', 'sum', 'median']);

export const MAX_STAGE_BYTES = 2 * 1024 ** 3;

export const schemas: { [M in RpcMethod]: z.ZodType<RpcArgs<M>> } = {
  'app.info': none,
  'metrics.dictionary': none,
  'studies.list': none,
  'runs.list': z.object({ study: label, config: label.optional() }).strict(),
  'series.get': z.object({ run: z.number().int().positive(), metric: metricName.optional(), object: label.optional(), maxPoints: z.number().int().min(10).max(10_000_000).optional() }).strict(),
  'import.stage': z
    .object({
      name: z.string().min(1).max(4096),
      bytes: z.instanceof(Uint8Array).refine((b) => b.byteLength <= MAX_STAGE_BYTES, 'file larger than 2 GiB'),
    })
    .strict(),
  'import.discard': z.object({ ids: z.array(z.string().uuid()).max(100000) }).strict(),
  'import.commit': z.object({ ids: z.array(z.string().uuid()).min(1).max(100000), study: label, config: label }).strict(),
  'jobs.status': z.object({ job: z.string().uuid() }).strict(),
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
    })
    .strict()
    .refine((a) => a.candidate !== undefined || a.candidates !== undefined, 'name a candidate (candidate or candidates)'),
  'scaling.curves': z.object({ study: label, x: metricName, metric: metricName, latencyMetric: metricName.optional() }).strict(),
  'studies.settings': z.object({ study: label }).strict(),
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
    .object({ study: label, metric: metricName, top: z.number().int().positive().max(1000).optional(), objects: z.array(label).max(1000).optional(), maxPoints: z.number().int().min(10).max(100000).optional(), config: label.optional() })
    .strict(),
  'series.scatter': z.object({ study: label, x: metricName, y: metricName, objects: z.array(label).min(1).max(100) }).strict(),
  'periods.define': z.object({ study: label, name: label, spec: z.string().trim().min(1).max(2000), zone: z.string().min(1).max(64).optional() }).strict(),
  'periods.delete': z.object({ study: label, name: label }).strict(),
  'latency.distribution': z.object({ study: label, runs: z.array(z.number().int().positive()).min(1).max(100) }).strict(),
  'series.overlay': z
    .object({ study: label, runs: z.array(z.number().int().positive()).min(1).max(50), metric: metricName.optional(), align: z.boolean().optional(), maxPoints: z.number().int().min(10).max(100000).optional() })
    .strict(),
  'samples.list': none,
  'samples.load': z.object({ slugs: z.array(label).max(50).optional() }).strict(),
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
