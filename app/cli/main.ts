/**
 * `perfdelta`: the same core as the app, from a terminal. The --json output of every command
 * is a documented contract (README "CLI"); human output is for reading only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ImportResult } from '../contract/records.js';
import { Core, NotFoundError, UnknownNameError } from '../core/core.js';
import { isProblem, walkInputs } from '../core/import/folder-walk.js';
import { diskSource, readFailure } from '../core/import/file-source.js';
import { detectFile } from '../core/import/pipeline.js';
import { DatabaseBusyError } from '../core/store/store.js';
import { namingFile } from '../core/store/store-errors.js';
import { dataDir, dbPathIn, packageVersion } from '../core/paths.js';
import { listSamples, loadSamples } from '../core/samples/samples.js';
import { HELP, commandHelp } from './help.js';
import { required as need, UsageError } from './usage.js';
import { cmdExport, cmdOpenStudy, cmdReport, cmdReports, cmdSaveStudy, whereOption, type CliContext } from './report-commands.js';
import { cmdCharts } from './chart-commands.js';
import { cmdCheck } from './check-command.js';
import { cmdCatalog } from './catalog-commands.js';
import { cmdTimeline } from './timeline-commands.js';
import { cmdAnalyse } from './analysis-commands.js';
import { inWorkloadOrder } from '../core/analysis/design.js';
import { checkedWhere } from '../core/analysis/spec.js';
import { applyWorkloadFilter, parseWorkloadFilter } from '../core/compare/workload-filter.js';
import { cmdConfigs, cmdDerived, cmdRunsManage, cmdStudiesManage, cmdTrash, cmdUndo } from './manage-commands.js';
import { guardTerminal, printCompare, printPeriods, printRuns, printStudies, terminalCell, writeRaw } from './print.js';
import { CONVENTIONS } from '../core/compare/wording.js';
import { scalingCurves } from '../core/compare/scaling.js';
import { defaultMetrics } from '../core/metrics/default-metrics.js';
import { formatNumber } from '../core/metrics/number-format.js';
import { unknownName } from '../core/closest-names.js';
import { ACROSS, PER_OBJECT_DAY } from '../core/periods/period-stats.js';
import { BANDWIDTH_UNITS, LATENCY_UNITS } from '../core/metrics/units.js';
import { tableMappingSchema } from '../core/rpc/schemas.js';
import type { PathParamRule, TableMapping } from '../contract/records.js';
import { ruleProblem } from '../core/import/path-params.js';


type Values = Record<string, string | boolean | string[] | undefined>;

function dbPath(values: Values): string {
  return typeof values['db'] === 'string' ? path.resolve(values['db']) : dbPathIn(dataDir());
}

function json(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

function withCore<T>(values: Values, fn: (core: Core) => T): T {
  const core = new Core(dbPath(values));
  try {
    return fn(core);
  } finally {
    core.close();
  }
}

function cmdDetect(values: Values, files: string[]): number {
  if (files.length === 0) throw new UsageError('detect needs at least one FILE');
  // A path named on the command line that is not there fails the command; within a folder, an entry that cannot be read is its own line.
  for (const p of files) if (!fs.existsSync(p)) throw new Error(`no such file or folder: ${p}`);
  // From each file's head, as an import tells it: a 3 GB file is not read whole to say it is not a result.
  const out = walkInputs(files).map((e) => {
    if (isProblem(e)) return { path: e.path, format: null, problem: e.reason };
    try {
      return { path: e.path, format: detectFile(diskSource(e.path)).format };
    } catch (err) {
      return { path: e.path, format: null, problem: `cannot read the file: ${readFailure(err)}` };
    }
  });
  if (values['json']) json(out);
  else for (const d of out) process.stdout.write(`${d.format ?? 'unknown'}\t${d.path}${'problem' in d ? ` (${d.problem})` : ''}\n`);
  return 0;
}

function printImport(result: ImportResult): void {
  if (!result.files.some((f) => f.status === 'imported' || f.status === 'duplicate')) process.stdout.write('nothing imported: no file held a result PerfDelta reads\n');
  for (const f of result.files) {
    process.stdout.write(`${f.status.padEnd(9)} ${f.path} (${f.format ?? 'unknown format'}, ${f.runs.length} runs)\n`);
    // Imported before under another label: where its runs are, and how to move them here.
    if (f.elsewhere) process.stdout.write(`  its runs are in configuration ${f.elsewhere.map((c) => `"${c}"`).join(', ')}, not "${result.config}": import again with --move-duplicates to move them, or perfdelta runs move --run ${f.runs.join(',')} --to "${result.config}"\n`);
    if (f.configurations) process.stdout.write(`  configurations ${quoted(f.configurations.labels)} from ${f.configurations.from}\n`);
    for (const e of f.errors) process.stdout.write(`  error: ${e}\n`);
    for (const w of f.warnings) process.stdout.write(`  warning: ${w}\n`);
  }
  if (result.study_not_kept) process.stdout.write(`no study "${result.study.name}" was made: nothing went in\n`);
  else process.stdout.write(`${importSummary(result)}\n`);
}

const quoted = (labels: readonly string[]): string => labels.map((l) => `"${l}"`).join(', ');

/**
 * The import's last line: the study, and where its runs' configurations came from: the label
 * given (--config, "default" without it), or the files that name their own (a table's
 * configuration column, its columns of a wide table, its titles).
 */
export function importSummary(result: ImportResult): string {
  const named = result.files.filter((f) => f.configurations);
  if (named.length === 0) return `study ${result.study.slug}, configuration "${result.config}"`;
  const labels = [...new Set(named.flatMap((f) => f.configurations!.labels))];
  const sources = named.map((f) => `${f.configurations!.from} of ${path.basename(f.path)}`);
  const others = result.files.some((f) => f.status === 'imported' && f.runs.length > 0 && !f.configurations);
  return `study ${result.study.slug}, configuration${labels.length > 1 ? 's' : ''} ${quoted(labels)} from ${sources.join('; ')}${others ? `; the other files' runs under "${result.config}"` : ''}`;
}

/** A column mapping file for tables (the shape `perfdelta help import` shows), checked field by field. */
function readMapping(file: string): TableMapping {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new UsageError(`--mapping ${file}: ${(err as Error).message}`);
  }
  const parsed = tableMappingSchema.safeParse(raw);
  if (!parsed.success) {
    throw new UsageError(`--mapping ${file}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}

/** `--path-param 'update(\d+)=update_pct'`: a pattern over file paths and the parameter its capture gives. */
function pathParamRules(values: Values): PathParamRule[] | undefined {
  const given = values['path-param'] as string[] | undefined;
  if (!given || given.length === 0) return undefined;
  return given.map((g) => {
    const at = g.lastIndexOf('=');
    if (at <= 0 || at === g.length - 1) throw new UsageError(`--path-param takes PATTERN=PARAM, e.g. 'update(\\d+)=update_pct', not "${g}"`);
    const rule = { pattern: g.slice(0, at), param: g.slice(at + 1).trim() };
    const problem = ruleProblem(rule);
    if (problem) throw new UsageError(`--path-param ${g}: ${problem}`);
    return rule;
  });
}

function cmdImport(values: Values, inputs: string[]): number {
  if (inputs.length === 0) throw new UsageError('import needs at least one FILE or DIR');
  for (const p of inputs) if (!fs.existsSync(p)) throw new UsageError(`no such file or folder: ${p}`);
  const study = typeof values['study'] === 'string' ? values['study'] : 'Imported';
  const config = typeof values['config'] === 'string' ? values['config'] : 'default';
  const mapping = typeof values['mapping'] === 'string' ? readMapping(values['mapping']) : undefined;
  const unit = values['log-latency-unit'];
  if (unit !== undefined && unit !== 'ns' && unit !== 'us') throw new UsageError(`--log-latency-unit is ns or us, not "${String(unit)}"`);
  let toldWaiting = false;
  const result = withCore(values, (core) =>
    core.importPaths(inputs, study, config, {
      mapping,
      moveDuplicates: Boolean(values['move-duplicates']),
      logUnit: unit,
      pathParams: pathParamRules(values),
      onProgress: ({ done, total, current, bytesDone, bytesTotal, waiting }) => {
        // Another process holds the database: said once, on stderr (stdout stays the --json document).
        if (waiting) {
          if (!toldWaiting) process.stderr.write('perfdelta import: waiting for another import to finish (the database is in use by another PerfDelta); nothing is written until it is free…\n');
          toldWaiting = true;
          return;
        }
        if (values['json']) return;
        // A large file moves the percentage while the file count stands still.
        const pct = bytesTotal > 0 ? ` ${Math.floor((bytesDone / bytesTotal) * 100)}%` : '';
        // Past the terminal guard for its carriage return; the file's name neutralised here.
        if (current && process.stderr.isTTY) writeRaw(process.stderr, `\r[${Math.min(done + 1, total)}/${total}${pct}] ${terminalCell(current)}`.slice(0, 120).padEnd(120));
      },
    }));
  if (process.stderr.isTTY && !values['json']) writeRaw(process.stderr, '\r'.padEnd(121) + '\r');
  if (values['json']) {
    json({
      files: result.files.map(({ path: p, format, sha256, status, runs, warnings, errors, same_report_as, elsewhere, moved_from, configurations }) => ({
        path: p, format, sha256, status, runs, warnings, errors, ...(same_report_as !== undefined ? { same_report_as } : {}), ...(elsewhere ? { elsewhere } : {}),
        ...(moved_from ? { moved_from } : {}), ...(configurations ? { configurations } : {}),
      })),
    });
  } else {
    printImport(result);
  }
  return importExitCode(result);
}

/**
 * 0 when something was imported (or was there already) and nothing failed: a folder's files that
 * are not results (tm.out) are skipped, not failures. 1 when a file failed, or when every file
 * was skipped (nothing imported).
 */
export function importExitCode(result: ImportResult): number {
  if (result.files.some((f) => f.status === 'failed')) return 1;
  return result.files.some((f) => f.status === 'imported' || f.status === 'duplicate') ? 0 : 1;
}

function cmdStudies(values: Values): number {
  const studies = withCore(values, (core) => core.studies());
  if (values['json']) json(studies);
  else printStudies(studies);
  return 0;
}

function cmdRuns(values: Values): number {
  const runs = withCore(values, (core) =>
    core.runs({
      study: typeof values['study'] === 'string' ? values['study'] : undefined,
      config: typeof values['config'] === 'string' ? values['config'] : undefined,
      all: true,
    }));
  if (values['json']) json(runs);
  // Read as a grid is read: by configuration, then 4K before 128K (the file names' order is not the workloads').
  else printRuns(inWorkloadOrder(runs, withCore(values, (core) => core.studies().flatMap((s) => s.configs))));
  return 0;
}

function cmdSeries(values: Values): number {
  const run = Number(need(values, 'run'));
  if (!Number.isInteger(run) || run <= 0) throw new UsageError('--run takes a run id (a positive integer)');
  const series = withCore(values, (core) =>
    core.series(run, (values['metric'] as string[] | undefined)?.[0], (values['object'] as string[] | undefined)?.[0]));
  if (values['json']) json(series);
  else for (const s of series) process.stdout.write(`${s.object}\t${s.metric}\t${s.unit}\t${s.points.length} points\n`);
  return 0;
}

function oneOf<T extends string>(values: Values, name: string, allowed: readonly T[]): T | undefined {
  const v = values[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !allowed.includes(v as T)) throw new UsageError(`--${name} takes one of: ${allowed.join(', ')}`);
  return v as T;
}

function cmdCompare(values: Values): number {
  const metrics = (values['metric'] as string[] | undefined) ?? [];
  const candidates = (values['candidate'] as string[] | undefined) ?? [];
  if (candidates.length === 0) throw new UsageError('--candidate is required');
  const tieBand = values['tie-band'] !== undefined ? Number(values['tie-band']) : undefined;
  if (tieBand !== undefined && !(tieBand >= 0 && tieBand <= 100)) throw new UsageError('--tie-band takes a percentage from 0 to 100');
  const pairBy = typeof values['pair-by'] === 'string' ? values['pair-by'].split(',').map((k) => k.trim()).filter(Boolean) : undefined;
  const where = whereOption(values);
  const result = withCore(values, (core) =>
    core.compare({
      study: need(values, 'study'),
      baseline: need(values, 'baseline'),
      candidates,
      metrics,
      pairingKeys: pairBy,
      convention: oneOf(values, 'convention', CONVENTIONS),
      tieBandPct: tieBand,
      locale: oneOf(values, 'locale', ['en', 'zh-CN'] as const),
      objects: values['object'] as string[] | undefined,
      config: typeof values['config'] === 'string' ? values['config'] : undefined,
      where,
      aggregation: {
        perObjectDay: oneOf(values, 'stat', PER_OBJECT_DAY),
        acrossObjects: oneOf(values, 'across-objects', ACROSS),
        acrossDays: oneOf(values, 'across-days', ACROSS),
      },
    }));
  if (values['json']) json(result);
  else {
    // Not named: the tools' primary metrics (the dictionary's), and the output says so.
    if (metrics.length === 0) process.stdout.write(`metrics: ${result.metrics.join(', ')} (${result.kind === 'periods' ? 'the study\'s latency series' : 'the primary metrics of the runs compared'}; --metric names others)\n`);
    printCompare(result);
  }
  return 0;
}

/** The throughput of the runs that have X: what a curve over X draws unless --metric names another. */
function scalingDefaultFor(runs: ReturnType<Core['runs']>, x: string): string | undefined {
  const defaults = defaultMetrics(runs.filter((r) => typeof r.params[x] === 'number'));
  return (defaults.find((d) => d.role === 'throughput') ?? defaults[0])?.metric;
}

function cmdScaling(values: Values): number {
  const study = need(values, 'study');
  const named = { metric: ((values['metric'] as string[] | undefined) ?? [])[0], x: typeof values['x'] === 'string' ? values['x'] : undefined };
  const latencyMetric = typeof values['latency-metric'] === 'string' ? values['latency-metric'] : undefined;
  const where = whereOption(values);
  const { result, chose } = withCore(values, (core) => {
    // Not named: the load the study sweeps, and the throughput of the runs swept (the study's defaults).
    const defaults = named.x && named.metric ? null : core.studyDefaults(study).scaling;
    const x = named.x ?? defaults?.x;
    if (!x) throw new UsageError(`--x is required: no load (virtual users, threads, sessions, I/O depth, jobs) is swept in "${study}"${defaults?.others.length ? ` (these parameters vary: ${defaults.others.join(', ')})` : ''}`);
    // The workload filter, checked against the parameters the runs have (a typo keeps nothing unsaid).
    const all = core.runs({ study });
    const filter = checkedWhere(where, all, study);
    const runs = applyWorkloadFilter(all, parseWorkloadFilter(filter));
    if (filter && runs.length === 0) throw new UsageError(`--where ${filter}: no run of "${study}" is left`);
    const metric = named.metric ?? (named.x ? scalingDefaultFor(runs, x) : defaults?.metric);
    if (!metric) throw new UsageError('--metric is required (the Y axis): the runs have no primary metric');
    // A latency the study does not have would judge nothing: named, with the closest names.
    if (latencyMetric && !runs.some((r) => r.metrics[latencyMetric] !== undefined)) {
      throw unknownName('metric', latencyMetric, [...new Set(runs.flatMap((r) => Object.keys(r.metrics)))].sort(), `the runs of study "${study}"`);
    }
    // The study's pairing keys (path parameters among them) split the curves: a line per workload.
    return { result: scalingCurves({ runs, x, metric, keys: core.settings(study).pairing_keys, ...(latencyMetric ? { latencyMetric } : {}) }), chose: { x: named.x ? null : x, load: Boolean(defaults?.loads.includes(x)), metric: named.metric ? null : metric } };
  });
  const x = result.x;
  if (values['json']) json(result);
  else {
    if (chose.x || chose.metric) {
      process.stdout.write(`${chose.x ? `x: ${chose.x} (${chose.load ? 'the load swept' : 'the only parameter that varies'})` : ''}${chose.x && chose.metric ? '; ' : ''}${chose.metric ? `metric: ${chose.metric} (the primary throughput of the runs swept)` : ''}; --x and --metric name others\n`);
    }
    const unit = result.unit;
    for (const s of result.series) {
      const stable = s.stable_up_to != null ? `  (stable up to ${x} = ${s.stable_up_to}${s.stable_within_sweep ? '' : ', the whole sweep'})` : '';
      process.stdout.write(`${s.label}: ${s.points.map((p) => `${p.x}→${formatNumber(p.y, unit, 'en-US')}`).join('  ')}${s.knee !== null ? `  (knee at ${x} = ${s.knee})` : ''}${stable}\n`);
    }
    if (result.series.length === 0) process.stdout.write(`no runs have both a numeric ${x} and ${result.metric}\n`);
    if (result.stable_rule) process.stdout.write(`"stable up to": the last load before ${result.stable_rule} (${result.latency_metric})\n`);
    for (const s of result.series) if (s.knee_rule) process.stdout.write(`knee, ${s.label}: ${s.knee_rule}\n`);
    for (const s of result.series) if (s.stable_rule) process.stdout.write(`stable, ${s.label}: ${s.stable_rule}\n`);
  }
  return 0;
}

function cmdPeriods(values: Values): number {
  const study = need(values, 'study');
  return withCore(values, (core) => {
    if (typeof values['define'] === 'string') {
      const p = core.definePeriod(study, values['define'], need(values, 'spec'), typeof values['zone'] === 'string' ? values['zone'] : undefined);
      if (values['json']) json(p);
      else process.stdout.write(`period "${p.name}": ${p.spec} (${p.zone}), ${p.ranges.length} range(s)\n`);
      return 0;
    }
    if (typeof values['delete'] === 'string') {
      const deleted = core.deletePeriod(study, values['delete']);
      if (values['json']) json({ deleted });
      else process.stdout.write(deleted ? `deleted period "${values['delete']}"\n` : `no period "${values['delete']}"\n`);
      return deleted ? 0 : 1;
    }
    const list = core.periods(study);
    if (values['json']) json(list);
    else printPeriods(list);
    return 0;
  });
}

function cmdSettings(values: Values): number {
  const study = need(values, 'study');
  const tieBand = values['tie-band'] !== undefined ? Number(values['tie-band']) : undefined;
  if (tieBand !== undefined && !(tieBand >= 0 && tieBand <= 100)) throw new UsageError('--tie-band takes a percentage from 0 to 100');
  const rules = pathParamRules(values);
  const changes = {
    convention: oneOf(values, 'convention', CONVENTIONS),
    tie_band_pct: tieBand,
    pairing_keys: typeof values['pair-by'] === 'string' ? values['pair-by'].split(',').map((k) => k.trim()).filter(Boolean) : undefined,
    zone: typeof values['zone'] === 'string' ? values['zone'] : undefined,
    units: values['latency-unit'] !== undefined || values['bandwidth-unit'] !== undefined
      ? { latency: oneOf(values, 'latency-unit', LATENCY_UNITS), bandwidth: oneOf(values, 'bandwidth-unit', BANDWIDTH_UNITS) }
      : undefined,
  };
  const settings = withCore(values, (core) => {
    // --path-param adds a rule (or replaces the rule of the same parameter); --clear-path-params removes them all.
    const pathParams = values['clear-path-params'] ? [] : rules ? [...core.settings(study).path_params.filter((r) => !rules.some((n) => n.param === r.param)), ...rules] : undefined;
    const all = { ...changes, path_params: pathParams };
    return Object.values(all).some((v) => v !== undefined) ? core.updateSettings(study, all) : core.settings(study);
  });
  if (values['json']) json(settings);
  else for (const [k, v] of Object.entries(settings)) process.stdout.write(`${k}: ${k === 'path_params' ? JSON.stringify(v) : Array.isArray(v) ? v.join(',') : typeof v === 'object' ? JSON.stringify(v) : String(v)}\n`);
  return 0;
}

async function cmdSamples(values: Values, slugs: string[]): Promise<number> {
  const core = new Core(dbPath(values));
  try {
    if (values['load']) {
      const loaded = await loadSamples(core, slugs);
      if (values['json']) json({ loaded });
      else process.stdout.write(`loaded: ${loaded.join(', ')}\n`);
      return 0;
    }
    const list = listSamples(core);
    if (values['json']) json(list);
    else for (const s of list) process.stdout.write(`${s.loaded ? '*' : ' '} ${s.slug}\t${s.name}\n`);
    return 0;
  } finally {
    core.close();
  }
}

async function cmdServe(values: Values): Promise<number> {
  const { samplesFromEnv, serve } = await import('../start/serve.js');
  const port = typeof values['port'] === 'string' ? Number(values['port']) : 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError('--port takes a port number');
  if (values['load-samples'] && values['no-samples']) throw new UsageError('--load-samples and --no-samples contradict each other');
  // One first launch whichever way PerfDelta starts: an empty data folder gets the samples, as with `npm start`.
  const samples = values['no-samples'] ? 'never' : values['load-samples'] ? 'always' : samplesFromEnv();
  const host = await serve({ dbPath: dbPath(values), port, samples });
  process.stdout.write(`${host.launchUrl}\n`);
  process.stderr.write(`PerfDelta web host on ${host.url} (database ${dbPath(values)}). Ctrl-C stops it.\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await host.close();
  return 0;
}

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
  json: { type: 'boolean' },
  db: { type: 'string' },
  study: { type: 'string' },
  config: { type: 'string' },
  run: { type: 'string' },
  metric: { type: 'string', multiple: true },
  object: { type: 'string', multiple: true },
  baseline: { type: 'string' },
  candidate: { type: 'string', multiple: true },
  convention: { type: 'string' },
  'tie-band': { type: 'string' },
  'pair-by': { type: 'string' },
  locale: { type: 'string' },
  stat: { type: 'string' },
  'across-objects': { type: 'string' },
  'across-days': { type: 'string' },
  define: { type: 'string' },
  x: { type: 'string' },
  'latency-metric': { type: 'string' },
  spec: { type: 'string' },
  zone: { type: 'string' },
  delete: { type: 'string' },
  'latency-unit': { type: 'string' },
  'bandwidth-unit': { type: 'string' },
  port: { type: 'string' },
  load: { type: 'boolean' },
  'load-samples': { type: 'boolean' },
  'no-samples': { type: 'boolean' },
  report: { type: 'string' },
  name: { type: 'string' },
  out: { type: 'string' },
  template: { type: 'string' },
  page: { type: 'string' },
  orientation: { type: 'string' },
  mapping: { type: 'string' },
  'log-latency-unit': { type: 'string' },
  where: { type: 'string', multiple: true },
  'path-param': { type: 'string', multiple: true },
  'clear-path-params': { type: 'boolean' },
  'move-duplicates': { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  to: { type: 'string' },
  reason: { type: 'string' },
  constant: { type: 'string', multiple: true },
  unit: { type: 'string' },
  factor: { type: 'string' },
  better: { type: 'string' },
  label: { type: 'string' },
  from: { type: 'string' },
  empty: { type: 'boolean' },
  restore: { type: 'boolean' },
  // perfdelta catalog ...
  url: { type: 'string' },
  append: { type: 'boolean' },
  'hashes-only': { type: 'boolean' },
  text: { type: 'string' },
  tool: { type: 'string', multiple: true },
  param: { type: 'string', multiple: true },
  host: { type: 'string' },
  since: { type: 'string' },
  until: { type: 'string' },
  limit: { type: 'string' },
  runs: { type: 'boolean' },
  workload: { type: 'string' },
  catalog: { type: 'boolean' },
  window: { type: 'string' },
  'max-p': { type: 'string' },
  'min-magnitude': { type: 'string' },
  'min-level-runs': { type: 'string' },
  // perfdelta timeline
  series: { type: 'string', multiple: true },
  offset: { type: 'string', multiple: true },
  'save-offsets': { type: 'boolean' },
  'propose-offset': { type: 'boolean' },
  'max-shift': { type: 'string' },
  check: { type: 'string' },
  divergence: { type: 'boolean' },
  // --window is shared: catalog trend's window of runs, timeline --divergence's seconds.
  width: { type: 'string' },
} as const;

/**
 * What `--json` prints on stdout when a command fails: `{error: {command, code, message}}`, so a
 * script reading stdout always gets a document (the message also goes to stderr).
 */
export interface CliError {
  error: {
    command: string | null; code: 'usage' | 'not_found' | 'unknown_name' | 'busy' | 'failed'; message: string;
    /** unknown_name: what kind of name, the name given, and the closest names there are. */
    kind?: string; name?: string; suggestions?: string[];
  };
}

export function cliError(command: string | null, err: unknown): CliError {
  if (err instanceof UnknownNameError) return { error: { command, ...err.toJSON().error } };
  const message = err instanceof Error ? err.message : String(err);
  const code = err instanceof UsageError ? 'usage'
    : err instanceof NotFoundError ? 'not_found'
      : err instanceof DatabaseBusyError || (err as { code?: string } | null)?.code === 'SQLITE_BUSY' ? 'busy'
        : 'failed';
  return { error: { command, code, message } };
}

export async function main(argv: string[]): Promise<number> {
  // Names, labels and messages come from files and study files: no control character of theirs
  // reaches the terminal, whichever command prints them (print.ts).
  const unguard = guardTerminal();
  try {
    return await run(argv);
  } finally {
    unguard();
  }
}

async function run(argv: string[]): Promise<number> {
  // Known before the arguments parse: a bad option still gets its JSON error.
  const wantsJson = argv.includes('--json');
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    process.stderr.write(`perfdelta: ${(err as Error).message}\nRun perfdelta --help for usage.\n`);
    if (wantsJson) json(cliError(null, new UsageError((err as Error).message)));
    return 2;
  }
  const values = parsed.values as Values;
  const [command, ...rest] = parsed.positionals;
  if (values['version']) {
    process.stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  if (!command && !values['help'] && wantsJson) {
    json(cliError(null, new UsageError('no command given (perfdelta --help lists them)')));
    return 2;
  }
  if (!command || command === 'help') {
    process.stdout.write(rest[0] ? commandHelp(rest[0]) : HELP);
    return command || values['help'] ? 0 : 2;
  }
  if (values['help']) {
    process.stdout.write(commandHelp(command));
    return 0;
  }
  const ctx: CliContext = { values, dbPath: dbPath(values), withCore: (fn) => withCore(values, fn), json };
  try {
    switch (command) {
      case 'detect': return cmdDetect(values, rest);
      case 'import': return cmdImport(values, rest);
      case 'studies': return rest[0] ? cmdStudiesManage(ctx, rest[0]) : cmdStudies(values);
      case 'runs': return rest[0] ? cmdRunsManage(ctx, rest[0]) : cmdRuns(values);
      case 'configs': return cmdConfigs(ctx, rest[0]);
      case 'derived': return cmdDerived(ctx);
      case 'undo': return cmdUndo(ctx);
      case 'trash': return cmdTrash(ctx);
      case 'series': return cmdSeries(values);
      case 'compare': return cmdCompare(values);
      case 'analyse':
      case 'analyze': return cmdAnalyse(ctx);
      case 'samples': return await cmdSamples(values, rest);
      case 'periods': return cmdPeriods(values);
      case 'scaling': return cmdScaling(values);
      case 'settings': return cmdSettings(values);
      case 'serve': return await cmdServe(values);
      case 'charts': return cmdCharts(ctx, rest);
      case 'reports': return cmdReports(ctx);
      case 'report': return await cmdReport(ctx);
      case 'export': return cmdExport(ctx);
      case 'save-study': return cmdSaveStudy(ctx);
      case 'open-study': return cmdOpenStudy(ctx, rest);
      case 'check': return cmdCheck(ctx);
      case 'catalog': return await cmdCatalog(ctx, rest[0]);
      case 'timeline': return cmdTimeline(ctx, rest);
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (caught) {
    // SQLite's messages name no file: the store's errors say which database they are about.
    const err = namingFile(caught, ctx.dbPath);
    const usage = err instanceof UsageError;
    process.stderr.write(`perfdelta ${command}: ${(err as Error).message}\n${usage ? 'Run perfdelta --help for usage.\n' : ''}`);
    if (wantsJson) json(cliError(command, err));
    return usage ? 2 : 1;
  }
}

