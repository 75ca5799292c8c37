/**
 * What reports, templates and charts ask of a study: a port the core implements. They depend on
 * these few reads (and the one write a template makes, saving its charts), never on the Core
 * class itself, so the core can use them without an import circle (core -> reports -> core).
 */
import type {
  CompareResult, ConfigConstant, LatencyDistributionResult, PeriodRecord, RunRecord, SavedChart, ChartSpec, ScatterResult, SeriesOverlayResult, SeriesRecord,
  StudySeriesResult, StudySettingsRecord, StudySummary,
} from '../contract/records.js';
import type { RatioConvention, WordingLocale } from './compare/wording.js';
import type { Aggregation, ObjectSeries } from './periods/period-stats.js';
import type { PeriodRow } from './store/store.js';
import type { StudyTimeline } from '../contract/records.js';
import type { TimelineChartSpec } from '../contract/timeline.js';

export interface CompareArgs {
  study: string;
  baseline: string;
  candidates: string[];
  metrics?: string[];
  pairingKeys?: string[];
  convention?: RatioConvention;
  tieBandPct?: number;
  locale?: WordingLocale;
  aggregation?: Partial<Aggregation>;
  /** Period comparisons: only these objects. */
  objects?: string[];
  /** Period comparisons: the configuration whose series the periods cut (default: the one with the most). */
  config?: string;
  /**
   * A workload filter on the runs' parameters ("stage!=*init,*prepare,*cleanup; bs=4K"): see
   * app/core/compare/workload-filter.ts. Configuration comparisons only; periods have no workloads.
   */
  where?: string | string[];
}

export interface StudySeriesOptions {
  top?: number;
  objects?: string[];
  maxPoints?: number;
  config?: string;
  from?: number;
  to?: number;
}

/** A file the study was built from, as the evidence lists it. */
export interface StudyImport {
  file_name: string;
  sha256: string;
  format: string;
  importer_version: string;
  config: string;
  imported_at: string;
  runs: number;
}

/** The reads a chart's data and a report's document are made of. */
export interface StudyQueries {
  studies(): StudySummary[];
  /** The runs that count in comparisons; `all`: excluded runs too (the evidence lists them). */
  runs(filter: { study?: string; config?: string; ids?: number[]; all?: boolean }): RunRecord[];
  /** The configurations' constants (prices, vCPUs) with where each came from. */
  constants(study: string): ConfigConstant[];
  settings(study: string): StudySettingsRecord;
  periods(study: string): PeriodRecord[];
  /** The periods as the store holds them (epoch-ms ranges), for the statistics that cut series by them. */
  periodRows(study: string): PeriodRow[];
  /** Configurations with series of a metric, the one with the most points first. */
  seriesConfigs(study: string, metric: string): string[];
  /** A run's series, every point. */
  series(run: number, metric?: string): SeriesRecord[];
  compare(args: CompareArgs): CompareResult;
  charts(study: string): SavedChart[];
  seriesMetrics(study: string): string[];
  studySeries(study: string, metric: string, options: StudySeriesOptions): StudySeriesResult;
  /** Every object's whole series of a metric (one configuration's, when named): for statistics over intervals. */
  seriesValues(study: string, metric: string, config?: string): ObjectSeries[];
  seriesScatter(study: string, x: string, y: string, objects: string[], config?: string): ScatterResult;
  latencyDistribution(study: string, ids: readonly number[], events?: readonly string[]): LatencyDistributionResult;
  seriesOverlay(study: string, ids: readonly number[], options: { metric?: string; align?: boolean; maxPoints?: number }): SeriesOverlayResult;
  /** The study's imported files, for the evidence appendix. */
  studyImports(study: string): StudyImport[];
  /** A saved timeline's lanes, read for its window (app/core/timeline). */
  timelineChart(study: string, spec: TimelineChartSpec): StudyTimeline;
}

/** A template also saves the charts it lays out. */
export interface TemplateQueries extends StudyQueries {
  saveChart(study: string, name: string, spec: ChartSpec): SavedChart;
}
