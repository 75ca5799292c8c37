/**
 * The records a pivot section lays out, read from a study: runs, rows of the tables runs carry
 * (AWR), an object's day inside a period, a run's series. Values come in the study's display
 * units (µs or MB/s where the study reports in them), labels in the report's language.
 */
import type { ParamValue, PivotSection, PivotStatistic, PivotValue, RenderedSection, ReportRecord, RunRecord } from '../../contract/records.js';
import type { StudyQueries } from '../study-queries.js';
import { formatBlockSize, workloadKey, workloadLabel, workloadParams } from '../compare/pairing.js';
import { applyWorkloadFilter, parseWorkloadFilter } from '../compare/workload-filter.js';
import { describeMetric, metricLabel } from '../metrics/dictionary.js';
import { displayUnit, type DisplayUnits } from '../metrics/units.js';
import { periodStats, PER_OBJECT_DAY, type PerObjectDayStat } from '../periods/period-stats.js';
import { pivotTables, reduceValues, type DimValue, type PivotRecord, type ValueMeta } from './pivot.js';

type Locale = 'en' | 'zh-CN';

const STAT_WORDS: Record<PivotStatistic, [string, string]> = {
  mean: ['mean', '平均值'], median: ['median', '中位数'], min: ['min', '最小值'], max: ['max', '最大值'], p95: ['p95', 'p95'], p99: ['p99', 'p99'],
  sum: ['sum', '总和'], count: ['count', '个数'], cv: ['CV', '变异系数'],
};
export const statWord = (s: PivotStatistic, locale: Locale): string => STAT_WORDS[s][locale === 'zh-CN' ? 1 : 0];

const DIM_WORDS: Record<string, [string, string]> = {
  config: ['Configuration', '配置'], workload: ['Workload', '负载'], run: ['Run', '运行'], period: ['Period', '时间段'], day: ['Day', '日期'], object: ['Object', '对象'],
  bs: ['Block size', '块大小'], pattern: ['Pattern', '访问模式'], read_pct: ['Read %', '读比例'], iodepth: ['Queue depth', '队列深度'], threads: ['Threads', '线程'],
  vus: ['Virtual users', '虚拟用户'], sessions: ['Sessions', '会话'], stage: ['Stage', '阶段'], numjobs: ['Jobs', '作业数'],
  'pattern+read_pct': ['Pattern', '访问模式'],
  // Columns of the tables runs carry (AWR).
  name: ['Event', '事件'], sql_id: ['SQL ID', 'SQL ID'], text: ['SQL text', 'SQL 文本'], module: ['Module', '模块'], wait_class: ['Wait class', '等待类'],
};

/** The numeric columns of AWR's tables: their unit and words ("% DB time"). */
const TABLE_COLUMNS: Record<string, { unit: string; en: string; zh: string }> = {
  waits: { unit: '', en: 'Waits', zh: '等待次数' },
  time_s: { unit: 's', en: 'Wait time', zh: '等待时间' },
  avg_ms: { unit: 'ms', en: 'Avg wait', zh: '平均等待' },
  pct_db_time: { unit: '%', en: '% DB time', zh: '占 DB 时间' },
  pct_bg_time: { unit: '%', en: '% background time', zh: '占后台时间' },
  waits_per_txn: { unit: '/txn', en: 'Waits per transaction', zh: '每事务等待' },
  timeouts_pct: { unit: '%', en: '% timeouts', zh: '超时比例' },
  elapsed_s: { unit: 's', en: 'Elapsed', zh: '耗时' },
  cpu_s: { unit: 's', en: 'CPU time', zh: 'CPU 时间' },
  executions: { unit: '', en: 'Executions', zh: '执行次数' },
  per_exec_s: { unit: 's', en: 'Elapsed per execution', zh: '每次执行耗时' },
  pct_total: { unit: '%', en: '% DB time', zh: '占 DB 时间' },
  pct_cpu: { unit: '%', en: '% CPU', zh: 'CPU 占比' },
  pct_io: { unit: '%', en: '% I/O', zh: 'I/O 占比' },
};

export function dimensionLabel(dim: string, locale: Locale): string {
  const words = DIM_WORDS[dim] ?? (dim.startsWith('row:') ? DIM_WORDS[dim.slice(4)] : undefined);
  if (words) return words[locale === 'zh-CN' ? 1 : 0];
  return dim.replace(/^row:/, '').replace(/\+/g, ' / ');
}

const RUN_DIMS = new Set(['config', 'workload', 'run']);

/** A run's value on a dimension: its configuration, workload, name, or parameters (worded as a workload label). */
function runDim(run: RunRecord, dim: string, ctx: { configs: readonly string[]; keys: readonly string[]; locale: Locale }): DimValue | undefined {
  if (dim === 'config') return { key: run.config, label: run.config, order: Math.max(0, ctx.configs.indexOf(run.config)) };
  if (dim === 'run') return { key: String(run.id), label: run.name, order: run.id };
  if (dim === 'workload') {
    const params = workloadParams(run, ctx.keys);
    return { key: workloadKey(params, ctx.keys), label: workloadLabel(params, ctx.locale), params };
  }
  if (RUN_DIMS.has(dim) || dim.startsWith('row')) return undefined;
  const keys = dim.split('+');
  const params: Record<string, ParamValue> = {};
  for (const k of keys) {
    if (run.params[k] === undefined) return undefined;
    params[k] = run.params[k]!;
  }
  const worded = workloadLabel(params, ctx.locale);
  const plain = keys.map((k) => (k === 'bs' && typeof params[k] === 'number' ? formatBlockSize(params[k] as number) : String(params[k]))).join(' ');
  // Parameters the workload words do not know (a layout, an IOmeter spec) print as they are.
  const label = worded === (ctx.locale === 'zh-CN' ? '全部运行' : 'all runs') || /=/.test(worded) ? plain : worded;
  // The key is the values as stored ("random 100"): `only` can name them in any report language.
  return { key: keys.map((k) => String(params[k])).join(' '), label, params, order: typeof params[keys[0]!] === 'number' ? (params[keys[0]!] as number) : label };
}

/** The first metric of the run that the value names (`*.iops` matches read.iops and write.iops). */
function metricOf(names: readonly string[], pattern: string): string | undefined {
  if (!pattern.includes('*')) return names.includes(pattern) ? pattern : undefined;
  const re = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^.]+')}$`);
  return names.find((n) => re.test(n));
}

function valueMeta(value: PivotValue, source: PivotSection['source'], units: DisplayUnits, locale: Locale): ValueMeta & { factor: number } {
  const zh = locale === 'zh-CN';
  const described = describeMetric(value.metric.replace('*', 'total'));
  const column = source.kind === 'run-table' ? TABLE_COLUMNS[value.metric] : undefined;
  const { unit, factor } = displayUnit(column?.unit ?? described?.unit ?? '', units);
  const cv = value.samples === 'cv' || value.statistic === 'cv';
  let label = value.label ?? (column ? (zh ? column.zh : column.en) : described ? metricLabel(described, locale) : value.metric);
  if (!value.label && value.samples && value.samples !== 'mean') label = `${label} (${statWord(value.samples, locale)})`;
  if (!value.label && value.statistic && value.statistic !== 'mean') label = `${statWord(value.statistic, locale)} ${label}`;
  return { metric: value.metric, label, unit: cv ? '%' : value.statistic === 'count' ? '' : unit, digits: value.digits ?? null, factor: cv ? 1 : factor };
}

/** How the figures were reached, in the report's language, printed under the table. */
function notesOf(section: PivotSection, labels: readonly string[], where: string | null, locale: Locale): string[] {
  const zh = locale === 'zh-CN';
  const stats = [...new Set(section.values.map((v) => v.statistic ?? 'mean'))].map((s) => statWord(s, locale)).join(', ');
  const notes: string[] = [];
  const src = section.source;
  if (src.kind === 'periods') {
    const samples = [...new Set(section.values.map((v) => v.samples ?? 'mean'))].map((s) => statWord(s, locale)).join(', ');
    notes.push(zh ? `每个对象每天取时间段内样本的${samples}；单元格取${stats}。时间段：${src.periods.join('、')}。` : `Each object's samples inside the period reduce to their ${samples} per day; a cell is the ${stats} of those. Periods: ${src.periods.join(', ')}.`);
  } else if (src.kind === 'series') {
    notes.push(zh ? '每条序列先按其所有点求统计量；变异系数 = 样本标准差 ÷ 平均值。' : 'Each series reduces over all its points first; CV = sample standard deviation ÷ mean.');
  } else {
    notes.push(zh ? `单元格取运行的${stats}。` : `A cell is the ${stats} of its runs.`);
  }
  if (section.margin) notes.push(zh ? `最后一列：每行各单元格的${statWord(section.margin, locale)}。` : `Last column: the ${statWord(section.margin, locale)} of the row's cells.`);
  const by = section.sortBy !== undefined ? labels[section.sortBy] : undefined;
  if (by !== undefined) notes.push(zh ? `按“${by}”从高到低排序${section.top ? `，取前 ${section.top} 行` : ''}；“–”表示该侧没有。` : `Ordered by ${by}, highest first${section.top ? `, top ${section.top}` : ''}; "–" where a side has none.`);
  if (where && src.kind !== 'periods') notes.push(where);
  return notes;
}

/**
 * What a table of values leaves out, said under it (issue 40): every configuration of the study
 * is in it or named with why not (not chosen for it, or no run with its values), and every run
 * of the configurations it shows that is left out of comparisons, with its reason (a user's, or
 * its own output's: 95 of 100 users failed). A third attempt at 10 users is never in no table unsaid.
 */
function absenceNotes(core: StudyQueries, study: string, section: PivotSection, records: readonly PivotRecord[], counted: readonly RunRecord[], configs: readonly string[], locale: Locale): string[] {
  const zh = locale === 'zh-CN';
  const sep = zh ? '；' : '; ';
  const notes: string[] = [];
  const dims = [...section.rows, ...section.columns, ...(section.split ? [section.split] : [])];
  const chosen = section.only?.['config'];
  const inOnly = (c: DimValue | undefined): boolean => c !== undefined && (!chosen || chosen.includes(c.label) || chosen.includes(c.key));
  const shown = new Set(records.filter((r) => r.values.some((v) => v !== null) && inOnly(r.dims['config'])).map((r) => r.dims['config']!.key));
  const everyRun = core.runs({ study, all: true });
  if (dims.includes('config')) {
    const missing = configs.filter((c) => !shown.has(c)).map((c) => {
      const why = chosen && !chosen.includes(c) ? (zh ? '未选入本表' : 'not chosen for this table')
        : !counted.some((r) => r.config === c) && everyRun.some((r) => r.config === c) ? (zh ? '所有运行都未计入' : 'every run of it left out')
          : (zh ? `没有运行有 ${section.values.map((v) => v.metric).join('、')}` : `no run with ${section.values.map((v) => v.metric).join(', ')}`);
      return zh ? `“${c}”（${why}）` : `"${c}" (${why})`;
    });
    if (missing.length) notes.push(zh ? `本表未列出的配置：${missing.join(sep)}。` : `Configurations not in this table: ${missing.join(sep)}.`);
  }
  const inTable = dims.includes('config') ? shown : new Set(configs);
  const left = everyRun.filter((r) => r.excluded && inTable.has(r.config));
  if (left.length) {
    const keys = core.settings(study).pairing_keys;
    const list = left.map((r) => (zh ? `“${r.config}” ${workloadLabel(workloadParams(r, keys), locale)}（运行 ${r.id}）：${r.excluded!.reason}` : `"${r.config}" ${workloadLabel(workloadParams(r, keys), locale)} (run ${r.id}): ${r.excluded!.reason}`));
    notes.push(zh ? `不在本表中的运行：${list.join(sep)}。` : `Runs not in this table: ${list.join(sep)}.`);
  }
  return notes;
}

/** Resolves a pivot section against a study: its tables, or the reason it has none. */
export function renderPivot(core: StudyQueries, study: string, section: PivotSection, report: ReportRecord, title: string): Extract<RenderedSection, { type: 'pivot' }> {
  const locale = report.layout.locale;
  const zh = locale === 'zh-CN';
  const settings = core.settings(study);
  const configs = core.studies().find((s) => s.slug === study)?.configs ?? [];
  const where = parseWorkloadFilter(report.layout.where);
  const metas = section.values.map((v) => valueMeta(v, section.source, settings.units, locale));
  const ctx = { configs, keys: settings.pairing_keys, locale };
  const records: PivotRecord[] = [];
  const src = section.source;
  const runs = applyWorkloadFilter(core.runs({ study }).filter((r) => r.errors.length === 0), where);
  const runDims = (run: RunRecord): Record<string, DimValue> => {
    const dims: Record<string, DimValue> = {};
    for (const d of [...section.rows, ...section.columns, ...(section.split ? [section.split] : [])]) {
      const v = runDim(run, d, ctx);
      if (v) dims[d] = v;
    }
    return dims;
  };

  if (src.kind === 'runs') {
    for (const run of runs) {
      const names = Object.keys(run.metrics);
      records.push({ dims: runDims(run), values: section.values.map((v, i) => { const m = metricOf(names, v.metric); return m === undefined ? null : run.metrics[m]! * metas[i]!.factor; }) });
    }
  } else if (src.kind === 'run-table') {
    for (const run of runs) {
      const table = run.tables[src.table];
      if (!Array.isArray(table)) continue;
      const base = runDims(run);
      for (const row of table as Array<Record<string, unknown>>) {
        const key = row[src.key];
        if (key === undefined || key === null) continue;
        const dims: Record<string, DimValue> = { ...base, row: { key: String(key), label: String(key) } };
        for (const d of [...section.rows, ...section.columns]) {
          if (d.startsWith('row:') && row[d.slice(4)] !== undefined && row[d.slice(4)] !== null) dims[d] = { key: String(row[d.slice(4)]), label: String(row[d.slice(4)]) };
        }
        records.push({ dims, values: section.values.map((v, i) => (typeof row[v.metric] === 'number' ? (row[v.metric] as number) * metas[i]!.factor : null)) });
      }
    }
  } else if (src.kind === 'periods') {
    const rows = core.periodRows(study);
    for (const [i, v] of section.values.entries()) {
      const samples = v.samples === 'median' ? 'p50' : v.samples ?? 'mean';
      if (!(PER_OBJECT_DAY as readonly string[]).includes(samples)) throw new Error(zh ? `时间段的样本统计只能是 ${PER_OBJECT_DAY.join(', ')}` : `a period's samples reduce by ${PER_OBJECT_DAY.join(', ')}, not ${v.samples}`);
      const config = src.config ?? core.seriesConfigs(study, v.metric)[0] ?? null;
      const series = core.seriesValues(study, v.metric, config ?? undefined).filter((s) => !src.objects?.length || src.objects.includes(s.object));
      for (const [p, name] of src.periods.entries()) {
        const period = rows.find((r) => r.name === name);
        if (!period) throw new Error(zh ? `没有时间段“${name}”` : `no period "${name}" (the study has: ${rows.map((r) => r.name).join(', ') || 'none'})`);
        const st = periodStats(series, period, { perObjectDay: samples as PerObjectDayStat, acrossObjects: 'mean', acrossDays: 'mean' });
        for (const day of st.days) {
          for (const [object, value] of Object.entries(day.objects)) {
            const values: Array<number | null> = section.values.map(() => null);
            values[i] = value * metas[i]!.factor;
            records.push({
              dims: {
                period: { key: name, label: name, order: p },
                day: { key: day.day, label: day.day, order: day.day },
                object: { key: object, label: object, order: src.objects?.length ? src.objects.indexOf(object) : object },
                ...(config ? { config: { key: config, label: config } } : {}),
              },
              values,
            });
          }
        }
      }
    }
  } else {
    for (const run of runs) {
      const base = runDims(run);
      const series = core.series(run.id);
      const names = [...new Set(series.map((s) => s.metric))];
      const objects = [...new Set(series.map((s) => s.object))].filter((o) => !src.objects?.length || src.objects.includes(o));
      for (const object of objects) {
        const values = section.values.map((v, i) => {
          const m = metricOf(names, v.metric);
          const s = m === undefined ? undefined : series.find((x) => x.metric === m && x.object === object);
          if (!s || s.points.length === 0) return null;
          const r = reduceValues(s.points.map((pt) => pt[1]), v.samples ?? 'mean');
          return r === null ? null : r * metas[i]!.factor;
        });
        if (values.every((x) => x === null)) continue;
        records.push({ dims: { ...base, object: { key: object, label: object } }, values });
      }
    }
  }

  const absent = src.kind === 'periods' ? [] : absenceNotes(core, study, section, records, runs, configs, locale);
  // A run table's rows are named by their key column ("Event", "SQL ID").
  const words = { dimensionLabel: (d: string) => dimensionLabel(d === 'row' && src.kind === 'run-table' ? src.key : d, locale), statisticLabel: (s: PivotStatistic) => statWord(s, locale) };
  const tables = pivotTables(records, section, metas.map(({ factor: _f, ...m }) => m), words);
  const whereText = where.length ? (zh ? `负载筛选：${report.layout.where}` : `Workload filter: ${report.layout.where}`) : null;
  const empty = tables.every((t) => t.rows.length === 0);
  return {
    id: section.id, type: 'pivot', title, layout: section.layout ?? 'joined', tables: empty ? [] : tables, notes: [...notesOf(section, metas.map((m) => m.label), whereText, locale), ...absent],
    errors: empty ? [zh ? '没有符合这些维度和数值的数据' : `no ${src.kind === 'run-table' ? `row of ${src.table}` : src.kind === 'periods' ? 'samples in the periods' : src.kind === 'series' ? 'series' : 'runs'} with ${[...section.rows, ...section.columns].join(', ')} and ${section.values.map((v) => v.metric).join(', ')}`] : [],
  };
}
