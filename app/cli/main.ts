/**
 * `perfdelta`: the same core as the app, from a terminal. The --json output of every command
 * is a documented contract (README "CLI"); human output is for reading only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { detectFormat } from '../../importers/registry.js';
import type { ImportResult } from '../contract/records.js';
import { Core, expandPaths, UnknownNameError } from '../core/core.js';
import { dataDir, dbPathIn, packageVersion } from '../core/paths.js';
import { listSamples, loadSamples } from '../core/samples/samples.js';
import { HELP, commandHelp } from './help.js';
import { UsageError } from './usage.js';
import { cmdExport, cmdOpenStudy, cmdReport, cmdReports, cmdSaveStudy, type CliContext } from './report-commands.js';
import { cmdCharts } from './chart-commands.js';
import { printCompare, printPeriods, printRuns, printStudies } from './print.js';
import { CONVENTIONS } from '../core/compare/wording.js';
import { scalingCurves } from '../core/compare/scaling.js';
import { unknownName } from '../core/closest-names.js';
import { ACROSS, PER_OBJECT_DAY } from '../core/periods/period-stats.js';
import { BANDWIDTH_UNITS, LATENCY_UNITS } from '../core/metrics/units.js';
import { tableMappingSchema } from '../core/rpc/schemas.js';
import type { TableMapping } from '../contract/records.js';


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

function need(values: Values, name: string): string {
  const v = values[name];
  if (typeof v !== 'string' || v.trim() === '') throw new UsageError(`--${name} is required`);
  return v;
}

function cmdDetect(values: Values, files: string[]): number {
  if (files.length === 0) throw new UsageError('detect needs at least one FILE');
  const out = expandPaths(files).map((p) => ({ path: p, format: detectFormat(fs.readFileSync(p)).format }));
  if (values['json']) json(out);
  else for (const d of out) process.stdout.write(`${d.format ?? 'unknown'}\t${d.path}\n`);
  return 0;
}

function printImport(result: ImportResult): void {
  for (const f of result.files) {
    process.stdout.write(`${f.status.padEnd(9)} ${f.path} (${f.format ?? 'unknown format'}, ${f.runs.length} runs)\n`);
    for (const e of f.errors) process.stdout.write(`  error: ${e}\n`);
    for (const w of f.warnings) process.stdout.write(`  warning: ${w}\n`);
  }
  process.stdout.write(`study ${result.study.slug}, configuration "${result.config}"\n`);
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

function cmdImport(values: Values, inputs: string[]): number {
  if (inputs.length === 0) throw new UsageError('import needs at least one FILE or DIR');
  for (const p of inputs) if (!fs.existsSync(p)) throw new UsageError(`no such file or folder: ${p}`);
  const study = typeof values['study'] === 'string' ? values['study'] : 'Imported';
  const config = typeof values['config'] === 'string' ? values['config'] : 'default';
  const mapping = typeof values['mapping'] === 'string' ? readMapping(values['mapping']) : undefined;
  const unit = values['log-latency-unit'];
  if (unit !== undefined && unit !== 'ns' && unit !== 'us') throw new UsageError(`--log-latency-unit is ns or us, not "${String(unit)}"`);
  const result = withCore(values, (core) =>
    core.importPaths(inputs, study, config, {
      mapping,
      logUnit: unit,
      onProgress: values['json'] ? undefined : ({ done, total, current, bytesDone, bytesTotal }) => {
        // A large file moves the percentage while the file count stands still.
        const pct = bytesTotal > 0 ? ` ${Math.floor((bytesDone / bytesTotal) * 100)}%` : '';
        if (current && process.stderr.isTTY) process.stderr.write(`\r[${Math.min(done + 1, total)}/${total}${pct}] ${current}`.slice(0, 120).padEnd(120));
      },
    }));
  if (process.stderr.isTTY && !values['json']) process.stderr.write('\r'.padEnd(121) + '\r');
  if (values['json']) {
    json({ files: result.files.map(({ path: p, format, sha256, status, runs, warnings, errors }) => ({ path: p, format, sha256, status, runs, warnings, errors })) });
  } else {
    printImport(result);
  }
  return result.files.some((f) => f.status === 'failed') ? 1 : 0;
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
    }));
  if (values['json']) json(runs);
  else printRuns(runs);
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
      aggregation: {
        perObjectDay: oneOf(values, 'stat', PER_OBJECT_DAY),
        acrossObjects: oneOf(values, 'across-objects', ACROSS),
        acrossDays: oneOf(values, 'across-days', ACROSS),
      },
    }));
  if (values['json']) json(result);
  else printCompare(result);
  return 0;
}

function cmdScaling(values: Values): number {
  const metric = ((values['metric'] as string[] | undefined) ?? [])[0];
  if (!metric) throw new UsageError('--metric is required (the Y axis)');
  const x = need(values, 'x');
  const latencyMetric = typeof values['latency-metric'] === 'string' ? values['latency-metric'] : undefined;
  const result = withCore(values, (core) => {
    const runs = core.runs({ study: need(values, 'study') });
    // A latency the study does not have would judge nothing: named, with the closest names.
    if (latencyMetric && !runs.some((r) => r.metrics[latencyMetric] !== undefined)) {
      throw unknownName('metric', latencyMetric, [...new Set(runs.flatMap((r) => Object.keys(r.metrics)))].sort(), `the runs of study "${need(values, 'study')}"`);
    }
    return scalingCurves({ runs, x, metric, ...(latencyMetric ? { latencyMetric } : {}) });
  });
  if (values['json']) json(result);
  else {
    for (const s of result.series) {
      const stable = s.stable_up_to != null ? `  (stable up to ${x} = ${s.stable_up_to}${s.stable_within_sweep ? '' : ', the whole sweep'})` : '';
      process.stdout.write(`${s.label}: ${s.points.map((p) => `${p.x}→${p.y.toFixed(2)}`).join('  ')}${s.knee !== null ? `  (knee at ${x} = ${s.knee})` : ''}${stable}\n`);
    }
    if (result.series.length === 0) process.stdout.write(`no runs have both a numeric ${x} and ${metric}\n`);
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
  const changes = {
    convention: oneOf(values, 'convention', CONVENTIONS),
    tie_band_pct: tieBand,
    pairing_keys: typeof values['pair-by'] === 'string' ? values['pair-by'].split(',').map((k) => k.trim()).filter(Boolean) : undefined,
    zone: typeof values['zone'] === 'string' ? values['zone'] : undefined,
    units: values['latency-unit'] !== undefined || values['bandwidth-unit'] !== undefined
      ? { latency: oneOf(values, 'latency-unit', LATENCY_UNITS), bandwidth: oneOf(values, 'bandwidth-unit', BANDWIDTH_UNITS) }
      : undefined,
  };
  const settings = withCore(values, (core) => (Object.values(changes).some((v) => v !== undefined) ? core.updateSettings(study, changes) : core.settings(study)));
  if (values['json']) json(settings);
  else for (const [k, v] of Object.entries(settings)) process.stdout.write(`${k}: ${Array.isArray(v) ? v.join(',') : typeof v === 'object' ? JSON.stringify(v) : String(v)}\n`);
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
  const { serve } = await import('../start/serve.js');
  const port = typeof values['port'] === 'string' ? Number(values['port']) : 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError('--port takes a port number');
  const host = await serve({ dbPath: dbPath(values), port, loadSamplesIfNew: Boolean(values['load-samples']) });
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
  report: { type: 'string' },
  name: { type: 'string' },
  out: { type: 'string' },
  template: { type: 'string' },
  page: { type: 'string' },
  orientation: { type: 'string' },
  mapping: { type: 'string' },
  'log-latency-unit': { type: 'string' },
} as const;

export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    process.stderr.write(`perfdelta: ${(err as Error).message}\nRun perfdelta --help for usage.\n`);
    return 2;
  }
  const values = parsed.values as Values;
  const [command, ...rest] = parsed.positionals;
  if (values['version']) {
    process.stdout.write(`${packageVersion()}\n`);
    return 0;
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
      case 'studies': return cmdStudies(values);
      case 'runs': return cmdRuns(values);
      case 'series': return cmdSeries(values);
      case 'compare': return cmdCompare(values);
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
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (err) {
    const usage = err instanceof UsageError;
    // A name that does not exist: with --json, the error as an object with the closest names.
    if (values['json'] && err instanceof UnknownNameError) json(err);
    process.stderr.write(`perfdelta ${command}: ${(err as Error).message}\n${usage ? 'Run perfdelta --help for usage.\n' : ''}`);
    return usage ? 2 : 1;
  }
}

