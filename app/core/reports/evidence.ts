/**
 * The evidence appendix: everything a colleague needs to check a report's numbers. Source files
 * with their SHA-256 and importer version, configurations, periods, pairing keys, formulas,
 * aggregation orders, filters and every warning the comparisons raised.
 */
import type { CompareResult, CompareWarning, RenderedSection, ReportEvidence, ReportRecord, RunRecord } from '../../contract/records.js';
import { createHash } from 'node:crypto';
import { methodSentences } from '../compare/methods.js';
import type { StudyQueries } from '../study-queries.js';
import { conventionNote } from '../compare/wording.js';
import { applyWorkloadFilter, describeFilter, parseWorkloadFilter } from '../compare/workload-filter.js';
import { packageVersion } from '../paths.js';
import { derivedFormula } from '../metrics/derived.js';

// The methods (median, interval, significance, geometric mean, roll-up) are stated by the code that
// computes them, with their coverage: compare/methods.ts.
const FORMULAS_EN = [
  'speedup = candidate ÷ baseline for throughput (IOPS, MiB/s, TPM, ops/s); baseline ÷ candidate for latency and response time. A speedup above 1 always means the candidate is better.',
  '% change = (candidate − baseline) ÷ baseline × 100, with the sign as measured.',
  ...methodSentences('en'),
  'Units: MiB/s = 2^20 bytes per second; MB/s = 10^6 bytes per second; latency in ms unless stated.',
];

const FORMULAS_ZH = [
  '加速比 = 吞吐量（IOPS、MiB/s、TPM、ops/s）取 候选 ÷ 基线；延迟与响应时间取 基线 ÷ 候选。加速比大于 1 总是表示候选更好。',
  '变化百分比 = (候选 − 基线) ÷ 基线 × 100，符号与实测一致。',
  ...methodSentences('zh-CN'),
  '单位：MiB/s = 每秒 2^20 字节；MB/s = 每秒 10^6 字节；未注明时延迟单位为 ms。',
];

function comparesOf(sections: readonly RenderedSection[]): CompareResult[] {
  const out: CompareResult[] = [];
  for (const s of sections) {
    if (s.type === 'table' && s.compare) out.push(s.compare);
    if (s.type === 'chart' && s.data && (s.data.kind === 'compare-bars' || s.data.kind === 'speedup-heatmap')) out.push(s.data.compare);
  }
  return out;
}

/** A count a comparison adds to its warning ("(3 pairs, marked ~)"): the same warning raised by two sections differs only there. */
const PAIR_COUNT = /\s*[(（]\d+ (?:pairs?, marked ~|对，标为 ~)[)）]$/;

/**
 * Every warning once, however many sections and runs raised it: the same code and sentence from
 * the headline, a table and a chart is one warning over the union of their runs (its pair count
 * dropped, the runs counted instead).
 */
export function uniqueWarnings(warnings: readonly CompareWarning[]): CompareWarning[] {
  const seen = new Map<string, CompareWarning>();
  for (const w of warnings) {
    const message = w.message.replace(PAIR_COUNT, '');
    const key = `${w.code}|${message}`;
    const prev = seen.get(key);
    if (prev) {
      prev.runs = [...new Set([...prev.runs, ...w.runs])].sort((a, b) => a - b);
      if (prev.message !== w.message) prev.message = message;
    } else {
      seen.set(key, { ...w, runs: [...w.runs].sort((a, b) => a - b) });
    }
  }
  return [...seen.values()];
}

/** The report's workload filter, stated with the runs of the study it leaves out. */
function workloadFilter(report: ReportRecord, runs: readonly RunRecord[]): string[] {
  const clauses = parseWorkloadFilter(report.layout.where);
  if (clauses.length === 0) return [];
  const kept = new Set(applyWorkloadFilter(runs, clauses).map((r) => r.id));
  const out = runs.filter((r) => !kept.has(r.id)).map((r) => r.id);
  const zh = report.layout.locale === 'zh-CN';
  const listed = out.length ? (zh ? `：运行 ${out.join(', ')}` : `: runs ${out.join(', ')}`) : '';
  return [`${describeFilter(clauses, out.length, report.layout.locale)}${listed}`];
}

function fileGroups(files: ReportEvidence['files']): ReportEvidence['file_groups'] {
  const groups = new Map<string, ReportEvidence['files']>();
  for (const f of files) {
    const folder = f.file.includes('/') ? f.file.slice(0, f.file.lastIndexOf('/')) : '.';
    const key = `${f.config}\u0000${folder}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  return [...groups.entries()].map(([key, fs]) => ({
    config: key.split('\u0000')[0]!,
    folder: key.split('\u0000')[1]!,
    files: fs.length,
    formats: [...new Set(fs.map((f) => f.format))].sort(),
    combined_sha256: createHash('sha256').update(fs.map((f) => f.sha256).sort().join('\n')).digest('hex'),
  }));
}

const isAbsolute = (file: string): boolean => /^(\/|[A-Za-z]:[\\/]|\\\\|~[\\/])/.test(file);

/**
 * File names as a colleague can use them, never a path of the machine that imported them: an
 * absolute path (the CLI keeps a path as it was typed) is cut to what lies below the folder all
 * the study's absolute paths share, so "/home/ana/runs/disk/a.json" prints as "disk/a.json" and
 * a file imported alone as its name. Relative names (the app's, the samples') stay as they are.
 */
export function shownFileNames(files: readonly string[]): Map<string, string> {
  const split = (f: string): string[] => f.replace(/\\/g, '/').split('/');
  const absolute = files.filter(isAbsolute).map(split);
  let common = absolute[0]?.slice(0, -1) ?? [];
  for (const parts of absolute) {
    let i = 0;
    while (i < common.length && i < parts.length - 1 && common[i] === parts[i]) i++;
    common = common.slice(0, i);
  }
  const out = new Map<string, string>();
  for (const f of files) out.set(f, isAbsolute(f) ? split(f).slice(common.length).join('/') : f);
  return out;
}

export function buildEvidence(core: StudyQueries, study: string, report: ReportRecord, sections: readonly RenderedSection[]): ReportEvidence {
  const zh = report.layout.locale === 'zh-CN';
  const settings = core.settings(study);
  // Every run, excluded ones too: the evidence states what was left out and why.
  const all = core.runs({ study, all: true });
  const runs = all.filter((r) => !r.excluded);
  // Runs counted per configuration (a configuration whose runs are all excluded is still listed).
  const configs = [...new Set(all.map((r) => r.config))].map((name) => {
    const mine = runs.filter((r) => r.config === name);
    return { name, runs: mine.length, tools: [...new Set(mine.map((r) => `${r.tool}${r.tool_version ? ' ' + r.tool_version : ''}`))].sort() };
  });
  const compares = comparesOf(sections);
  // Headline comparisons warn too; their aggregation orders are printed beside each figure.
  const headlineWarnings = sections.flatMap((s) => (s.type === 'headline' ? s.warnings : []));
  const aggregation = [...new Set(compares.map((c) => c.aggregation).filter((a): a is string => Boolean(a)))];
  const failed = runs.filter((r) => r.errors.length > 0);
  const filters = [
    zh ? `配对参数：${settings.pairing_keys.join(', ')}（参数相同的运行视为同一负载）` : `Pairing keys: ${settings.pairing_keys.join(', ')} (runs with equal values are the same workload)`,
    zh ? `持平区间：±${settings.tie_band_pct}%` : `Tie band: ±${settings.tie_band_pct}%`,
    zh ? `时区：${settings.zone}` : `Time zone of the data: ${settings.zone}`,
    ...(failed.length ? [zh ? `出错的运行不参与对比：${failed.map((r) => r.id).join(', ')}` : `Runs with errors are left out of comparisons: ${failed.map((r) => r.id).join(', ')}`] : []),
    ...workloadFilter(report, runs),
  ];
  // A report's other forms (text beside HTML, gzipped) are kept with the run the first form made.
  const formOf = new Map<string, { run: number; file: string }>();
  for (const r of runs) {
    for (const f of Array.isArray(r.tables['forms']) ? (r.tables['forms'] as Array<{ sha256: string }>) : []) formOf.set(f.sha256, { run: r.id, file: r.source.file });
  }
  const imports = core.studyImports(study);
  // The runs' files too: an excluded run is listed by its file, cut like the others.
  const names = shownFileNames([...imports.map((f) => f.file_name), ...all.map((r) => r.source.file)]);
  const files = imports.map((f) => {
    const same = f.runs === 0 ? formOf.get(f.sha256) : undefined;
    return {
      file: names.get(f.file_name) ?? f.file_name, sha256: f.sha256, format: f.format, importer_version: f.importer_version, config: f.config, imported_at: f.imported_at,
      runs: same ? 1 : f.runs, ...(same ? { same_report_as: { ...same, file: names.get(same.file) ?? same.file } } : {}),
    };
  });
  return {
    files,
    file_groups: fileGroups(files),
    configs,
    periods: core.periods(study),
    pairing_keys: settings.pairing_keys,
    convention: report.layout.convention,
    convention_note: conventionNote(report.layout.convention, report.layout.locale),
    formulas: [...(zh ? FORMULAS_ZH : FORMULAS_EN), ...settings.derived_metrics.map((d) => derivedFormula(d, report.layout.locale))],
    aggregation,
    filters,
    warnings: uniqueWarnings([...headlineWarnings, ...compares.flatMap((c) => c.warnings)]),
    zone: settings.zone,
    generator: `PerfDelta ${packageVersion()}`,
    excluded_runs: all.filter((r) => r.excluded).map((r) => ({
      run: r.id, config: r.config, name: r.name, file: names.get(r.source.file) ?? r.source.file, reason: r.excluded!.reason, at: r.excluded!.at, by: r.excluded!.by,
    })),
    constants: core.constants(study),
    derived_metrics: settings.derived_metrics,
    validity: all.filter((r) => (r.validity ?? []).length > 0).map((r) => ({
      run: r.id, config: r.config, name: r.name, file: names.get(r.source.file) ?? r.source.file, facts: r.validity!, counted_in: r.counted_in ?? null,
    })),
  };
}
