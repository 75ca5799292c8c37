/**
 * A report's analysis specification reaching every section: the workload filter, the pairing
 * keys and the tie band go to every comparison, table, chart and peak; a baseline the report's
 * specification names (`perfdelta report --baseline`, the section editor) replaces the baseline
 * of every section that sets configurations against each other, the old baseline taking the new
 * one's place among the candidates. Sections of periods keep theirs: periods are not configurations.
 */
import type { ChartSpec, HeadlineItem, ReportRecord, ReportSection, ResolvedAnalysisSpec } from '../../contract/records.js';
import type { StudyQueries } from '../study-queries.js';
import { resolveSpec } from '../analysis/spec.js';

export interface ReportSpec {
  /** The resolved specification, or null (and why) when the saved one names what the study no longer has. */
  spec: ResolvedAnalysisSpec | null;
  error: string | null;
  /** The specification names its baseline: every configuration section is set against it. */
  rebase: string | null;
  configs: ReadonlySet<string>;
}

export function reportSpec(queries: StudyQueries, study: string, report: ReportRecord): ReportSpec {
  const summary = queries.studies().find((s) => s.slug === study);
  const configs = new Set(summary?.configs ?? []);
  if (!summary || summary.configs.length === 0) return { spec: null, error: null, rebase: null, configs };
  try {
    const spec = resolveSpec(queries, study, report.layout.analysis, report.layout.where);
    return { spec, error: null, rebase: report.layout.analysis?.baseline ?? null, configs };
  } catch (err) {
    return { spec: null, error: (err as Error).message, rebase: null, configs };
  }
}

/** Candidates once the baseline moves: the new baseline leaves them, the old one takes its place. */
function swapped(candidates: readonly string[], from: string, to: string): string[] {
  const out = candidates.map((c) => (c === to ? from : c));
  return [...new Set(out)].filter((c) => c !== to);
}

/** A comparison's two sides under the specification's baseline. */
export function rebased(rs: ReportSpec, baseline: string, candidates: readonly string[]): { baseline: string; candidates: string[] } {
  if (!rs.rebase || !rs.configs.has(baseline) || baseline === rs.rebase) return { baseline, candidates: [...candidates] };
  return { baseline: rs.rebase, candidates: swapped(candidates, baseline, rs.rebase) };
}

export function rebasedItem(rs: ReportSpec, item: HeadlineItem): HeadlineItem {
  if (item.candidate === undefined) return item;
  const r = rebased(rs, item.baseline, [item.candidate]);
  return { ...item, baseline: r.baseline, candidate: r.candidates[0] ?? item.candidate };
}

export function rebasedSection(rs: ReportSpec, section: ReportSection): ReportSection {
  if (!rs.rebase) return section;
  if (section.type === 'table') return { ...section, ...rebased(rs, section.baseline, section.candidates) };
  if (section.type === 'headline') return { ...section, items: section.items.map((i) => rebasedItem(rs, i)), ...(section.sweep ? { sweep: { ...section.sweep, baseline: rs.rebase } } : {}) };
  return section;
}

export function rebasedChart(rs: ReportSpec, spec: ChartSpec): ChartSpec {
  if (!rs.rebase) return spec;
  switch (spec.kind) {
    case 'compare-bars': {
      const r = rebased(rs, spec.baseline, spec.candidates?.length ? spec.candidates : [spec.candidate]);
      return { ...spec, baseline: r.baseline, candidate: r.candidates[0] ?? spec.candidate, ...(spec.candidates?.length ? { candidates: r.candidates } : {}) };
    }
    case 'repetitions': {
      const r = rebased(rs, spec.baseline, [spec.candidate]);
      return { ...spec, baseline: r.baseline, candidate: r.candidates[0] ?? spec.candidate };
    }
    case 'speedup-heatmap':
      return rs.configs.has(spec.baseline) ? { ...spec, baseline: rs.rebase } : spec;
    default:
      return spec;
  }
}
