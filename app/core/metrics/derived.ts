/**
 * Configuration constants and the metrics derived from them: metric ÷ constant × factor, with
 * their own name, unit and direction ("TPS per 1,000 $/month" = tps ÷ price_usd_month × 1000,
 * what TPC results publish beside throughput). A derived value is computed when runs are read,
 * never stored: a price corrected once changes every view, report and export at once.
 */
import type { Better, ConfigConstant, DerivedMetric, MetricInfo, RunRecord } from '../../contract/records.js';
import { describeMetric, metricLabel } from './dictionary.js';

/** Constants with a name everyone uses: their unit when none is given, and a label for pages. */
export const KNOWN_CONSTANTS: Record<string, { unit: string; label: string; labelZh: string }> = {
  price_usd_month: { unit: '$/month', label: 'monthly price', labelZh: '月价格' },
  price_usd: { unit: '$', label: 'price', labelZh: '价格' },
  vcpus: { unit: 'vCPU', label: 'vCPUs', labelZh: 'vCPU 数' },
  disks: { unit: 'disks', label: 'disks', labelZh: '磁盘数' },
  memory_gb: { unit: 'GB', label: 'memory', labelZh: '内存' },
  capacity_gb: { unit: 'GB', label: 'capacity', labelZh: '容量' },
  nodes: { unit: 'nodes', label: 'nodes', labelZh: '节点数' },
};

export const CONSTANT_NAME = /^[a-z][a-z0-9_]{0,59}$/;
const DERIVED_KEY = /^[a-z][a-z0-9_]{0,59}$/;

/** A value and unit as written on a command line: "1234", "1234 $/month", "8 vCPU". */
export function parseConstantValue(text: string): { value: number; unit: string | null } {
  const m = /^\s*([-+]?(?:\d[\d,]*\.?\d*|\.\d+)(?:e[-+]?\d+)?)\s*(.*?)\s*$/i.exec(text);
  const value = m ? Number(m[1]!.replace(/,/g, '')) : NaN;
  if (!m || !Number.isFinite(value)) throw new Error(`"${text}" is not a number (write it as 1234 or 1234 $/month)`);
  return { value, unit: m[2] ? m[2] : null };
}

/** The unit a constant is stored with: the one given, else its well-known unit, else none. */
export function constantUnit(name: string, unit: string | null | undefined): string {
  return unit?.trim() || KNOWN_CONSTANTS[name]?.unit || '';
}

const factorText = (f: number): string => (f === 1 ? '' : `${f.toLocaleString('en-US')} `);

/** A definition as the user gives it, completed with the defaults a reader expects (unit, label, direction). */
export function completeDerived(
  input: { name: string; metric: string; constant: string; factor?: number; unit?: string; label?: string; better?: Better },
  constantUnitOf: (name: string) => string | null,
): DerivedMetric {
  const key = input.name.startsWith('derived.') ? input.name.slice('derived.'.length) : input.name;
  if (!DERIVED_KEY.test(key)) throw new Error(`a derived metric's name is lower-case letters, digits and _ (such as tps_per_kusd), not "${input.name}"`);
  if (!CONSTANT_NAME.test(input.constant)) throw new Error(`"${input.constant}" is not a constant name (such as price_usd_month)`);
  if (input.metric.startsWith('derived.')) throw new Error('a derived metric divides a measured metric, not another derived one');
  const base = describeMetric(input.metric);
  const factor = input.factor ?? 1;
  if (!Number.isFinite(factor) || factor <= 0) throw new Error(`the factor must be a positive number, not ${input.factor}`);
  const cUnit = constantUnitOf(input.constant) || KNOWN_CONSTANTS[input.constant]?.unit || input.constant;
  const baseUnit = base?.unit ?? input.metric;
  return {
    name: `derived.${key}`,
    label: input.label?.trim() || `${base ? metricLabel(base) : input.metric} per ${factorText(factor)}${cUnit}`,
    metric: input.metric,
    constant: input.constant,
    factor,
    unit: input.unit?.trim() || `${baseUnit} per ${factorText(factor)}${cUnit}`,
    // More throughput for the money is better; a cost per unit of work (latency per $) keeps its own direction.
    better: input.better ?? base?.better ?? 'higher',
  };
}

/** What the dictionary says of a derived metric (unit, direction, labels, formula). */
export function derivedInfo(d: DerivedMetric): MetricInfo {
  const formula = `${d.metric} ÷ ${d.constant}${d.factor === 1 ? '' : ` × ${d.factor.toLocaleString('en-US')}`}`;
  return { name: d.name, scope: null, quantity: d.name.slice('derived.'.length), unit: d.unit, better: d.better, label: d.label, labelZh: d.label, sources: { derived: formula } };
}

/** The formula as the evidence prints it: "TPS per 1,000 $/month = tps ÷ price_usd_month × 1,000". */
export function derivedFormula(d: DerivedMetric, locale: 'en' | 'zh-CN' = 'en'): string {
  const f = d.factor === 1 ? '' : ` × ${d.factor.toLocaleString('en-US')}`;
  return locale === 'zh-CN'
    ? `${d.label}（${d.unit}，${d.better === 'higher' ? '越高越好' : '越低越好'}）= ${d.metric} ÷ 配置常量 ${d.constant}${f}`
    : `${d.label} (${d.unit}, ${d.better} is better) = ${d.metric} ÷ the configuration's constant ${d.constant}${f}`;
}

/**
 * Runs with their derived values added to their metrics: a run gets one where it has the metric
 * and its configuration has the constant (non-zero). Nothing is invented where either is missing.
 */
export function withDerived(runs: readonly RunRecord[], defs: readonly DerivedMetric[], constants: readonly ConfigConstant[]): RunRecord[] {
  if (defs.length === 0 || constants.length === 0) return runs as RunRecord[];
  const constantOf = new Map(constants.map((c) => [`${c.config}\u0000${c.name}`, c.value]));
  return runs.map((r) => {
    let metrics: Record<string, number> | null = null;
    for (const d of defs) {
      const v = r.metrics[d.metric];
      const k = constantOf.get(`${r.config}\u0000${d.constant}`);
      if (v === undefined || k === undefined || k === 0) continue;
      metrics ??= { ...r.metrics };
      metrics[d.name] = (v / k) * d.factor;
    }
    return metrics ? { ...r, metrics } : r;
  });
}
