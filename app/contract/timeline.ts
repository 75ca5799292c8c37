/**
 * A study's timeline: any series of any run on one wall-clock axis, in lanes grouped by layer,
 * each with its unit and the zone its source was read in; report intervals (AWR, STATSPACK) as
 * step series; timed events as spans; per-run clock offsets; and what correlation across the
 * layers says. Types only (the RPC table and the chart model carry them). Nothing here imports
 * records.ts (which imports this): the periods a timeline carries are its type parameter.
 */

export type TimelineLayer = 'database' | 'host' | 'array' | 'benchmark';

/**
 * The chart model's timeline kind: the lanes drawn (absent: the ones the study opens on), the
 * window shown, and clock offsets (seconds by run id) for this chart on top of the stored ones.
 */
export interface TimelineChartSpec {
  kind: 'timeline';
  lanes?: LaneId[];
  window?: { from: number; to: number };
  offsets?: Record<string, number>;
}

/**
 * A lane's id, as the CLI's --series and a saved chart name it:
 * - `RUN:OBJECT:METRIC`: a stored series (run id, the object as listed, the metric);
 * - `reports:GROUP:METRIC`: a database's consecutive reports as a step series over their
 *   snapshot intervals (GROUP: "<db>/<instance>", or "<db>/global" for a RAC global report);
 * - `events:RUN`: a run of timed events, drawn as spans.
 */
export type LaneId = string;

/** How a source's times were read: stated on its lane. */
export interface LaneZone {
  kind: 'epoch' | 'zoned' | 'unzoned' | 'relative';
  /** The zone as the file named it, null when it named none. */
  zone: string | null;
  /** The words a lane shows: "UTC (epoch seconds)", "no zone in the file: read as UTC", "CST named, ambiguous: read as UTC". */
  text: string;
}

/** A run's clock offset: added to every time of the run, in seconds. Never applied unless stored or given. */
export interface ClockOffset {
  run: number;
  /** Seconds added to the run's times (−3600: its clock read one hour ahead). */
  offset_s: number;
  /** Stored with the run, or given for this answer only (the CLI's --offset, a preview). */
  source: 'stored' | 'given';
  /** Where a stored offset came from: set by hand, or a proposal the user applied (with its correlation). */
  origin?: { by: 'user' | 'proposal'; at: string; correlation?: number; reference?: LaneId };
}

export interface TimelineLane {
  id: LaneId;
  layer: TimelineLayer;
  kind: 'series' | 'steps' | 'events';
  /** The run (series, events), or the first report of a step series. */
  run: number;
  runs: number[];
  config: string;
  tool: string;
  /** Who the lane is: "iostat db1 · sdb", "SLOBRAC/slobrac1 (AWR)". */
  source: string;
  object: string;
  metric: string;
  label: string;
  unit: string;
  zone: LaneZone;
  /** The clock offset applied to this lane's times, in seconds (0 when none). */
  offset_s: number;
  /** Series: [epoch ms, value] as read for the window (pyramid min/max columns, or every sample). */
  points: Array<[number, number]>;
  /** Steps: [interval start ms, end ms, value] per report. */
  steps: Array<[number, number, number]>;
  /** Events: [start ms, end ms, name] per span. */
  spans: Array<[number, number, string]>;
  /** Every sample of the window is in `points`, as stored. */
  raw: boolean;
  /** The window's exact statistics over every sample in it. */
  stats: { samples: number; mean: number | null; min: number | null; max: number | null };
  /** The lane's whole extent (offset applied). */
  extent: { from: number; to: number } | null;
}

/** A lane the study offers, without its points: what a picker lists. */
export interface TimelineLaneChoice {
  id: LaneId;
  layer: TimelineLayer;
  kind: TimelineLane['kind'];
  source: string;
  object: string;
  metric: string;
  label: string;
  unit: string;
  points: number;
}

/** `P`: the study's periods as records.ts types them (StudyTimeline there). */
export interface TimelineResult<P = unknown> {
  study: string;
  /** The study's zone: the axis is shown in it. */
  zone: string;
  window: { from: number; to: number } | null;
  extent: { from: number; to: number } | null;
  lanes: TimelineLane[];
  periods: P[];
  /** Every offset in force (stored, or given for this answer). */
  offsets: ClockOffset[];
  /** Every lane the study could show. */
  choices: TimelineLaneChoice[];
  /** Lane ids asked for that the study does not have, each with why. */
  missing: Array<{ id: LaneId; reason: string }>;
  /** The chart's width in pixels the lanes were read for (each lane's budget). */
  width: number;
}

/** Two series' correlation, and the lag that maximises it. */
export interface LaneCorrelation {
  a: LaneId;
  b: LaneId;
  /** Pearson's r of the two on a common grid at their clocks as they are (offsets in force). */
  correlation: number | null;
  /** The shift of b (seconds added to its times) that maximises r, and r there. */
  best_lag_s: number | null;
  best_correlation: number | null;
  /** Grid step and the points r was computed over (at the best lag). */
  step_s: number;
  points: number;
  /** The lags searched, in seconds added to b. */
  searched: { from_s: number; to_s: number };
}

/** An offset for a run, from the cross-correlation of one of its series with a reference: shown, never applied. */
export interface OffsetProposal extends LaneCorrelation {
  /** The run the offset is for (b's), and what it would be (its stored offset plus the best lag). */
  run: number;
  offset_s: number;
  /** The offset in force now (0 when none). */
  current_offset_s: number;
  /** The proposal in words, with its correlation. */
  text: string;
  applied: false;
}

/** One figure of a database interval against the host's and the array's over exactly that interval. */
export interface IntervalCheckRow {
  quantity: 'reads_per_s' | 'writes_per_s' | 'cpu_usr_pct' | 'cpu_sys_pct' | 'cpu_iowait_pct';
  label: string;
  unit: string;
  database: { value: number; source: string } | null;
  host: { value: number; source: string; diff_pct: number | null } | null;
  array: { value: number; source: string; diff_pct: number | null } | null;
}

export interface IntervalCheck {
  run: number;
  report: string;
  /** The report's interval (offsets in force). */
  from: number;
  to: number;
  rows: IntervalCheckRow[];
  /** Sources looked at and left out, with why (no sample inside the interval, another host). */
  notes: string[];
}

/** A window where one layer's latency rises and the other's does not. */
export interface DivergenceWindow {
  from: number;
  to: number;
  /** Each lane's mean in the window, its usual level (median over the whole overlap), and the change in %. */
  a: { mean: number; usual: number; change_pct: number };
  b: { mean: number; usual: number; change_pct: number };
  /** Which lane rose. */
  rising: 'a' | 'b';
  text: string;
}

export interface DivergenceResult {
  a: LaneId;
  b: LaneId;
  a_label: string;
  b_label: string;
  unit_a: string;
  unit_b: string;
  window_s: number;
  windows: DivergenceWindow[];
  /** The rule the windows were picked by, in words. */
  rule: string;
}
